CREATE TABLE "video_rendition" (
	"video_id" text NOT NULL,
	"height" integer NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_rendition_video_id_height_pk" PRIMARY KEY("video_id","height")
);
--> statement-breakpoint
ALTER TABLE "module" ADD COLUMN "captions_key" text;--> statement-breakpoint
ALTER TABLE "video" ADD COLUMN "processing_percent" integer;--> statement-breakpoint
ALTER TABLE "video" ADD COLUMN "processing_error" text;--> statement-breakpoint
ALTER TABLE "video" ADD COLUMN "poster_key" text;--> statement-breakpoint
ALTER TABLE "video_rendition" ADD CONSTRAINT "video_rendition_video_id_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."video"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The light copy jugada clips already have becomes their 360p rendition (the original itself when it was lighter);
-- their videos go back to the queue, which makes every height and the poster (this copy serves exams meanwhile).
INSERT INTO "video_rendition" ("video_id", "height", "storage_key", "mime_type", "size", "created_at")
SELECT "id", 360, "rendition_key", CASE WHEN "rendition_key" = "storage_key" THEN "mime_type" ELSE 'video/mp4' END, "rendition_size", coalesce("rendition_started_at", "created_at")
FROM "video" WHERE "rendition_state" = 'lista' AND "rendition_key" IS NOT NULL AND "rendition_size" IS NOT NULL;--> statement-breakpoint
UPDATE "video" SET "rendition_state" = 'pendiente', "rendition_started_at" = NULL WHERE "rendition_state" = 'lista';--> statement-breakpoint
ALTER TABLE "video" DROP COLUMN "rendition_key";--> statement-breakpoint
ALTER TABLE "video" DROP COLUMN "rendition_size";