ALTER TABLE "idempotency_key" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD COLUMN "refreshed_at" timestamp with time zone DEFAULT now() NOT NULL;