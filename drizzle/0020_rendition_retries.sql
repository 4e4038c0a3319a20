ALTER TABLE "video" ADD COLUMN "rendition_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video" ADD COLUMN "rendition_retry_at" timestamp with time zone;--> statement-breakpoint
-- Videos that failed before failures were tried again get their tries now, as if just uploaded.
UPDATE "video" SET "rendition_state" = 'pendiente', "processing_error" = NULL WHERE "rendition_state" = 'fallida';
