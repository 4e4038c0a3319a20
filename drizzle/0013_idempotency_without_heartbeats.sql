ALTER TABLE "idempotency_key" DROP COLUMN "owner";--> statement-breakpoint
ALTER TABLE "idempotency_key" DROP COLUMN "refreshed_at";--> statement-breakpoint
-- A reservation left by the previous way of running creates, whose request never answered: nothing was saved with it.
DELETE FROM "idempotency_key" WHERE "response" IS NULL;
