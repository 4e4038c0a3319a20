ALTER TABLE "rate_limit" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rate_limit" ADD COLUMN "allowed" boolean DEFAULT true NOT NULL;