ALTER TABLE "module" ADD COLUMN "video_duration_seconds" double precision;--> statement-breakpoint
ALTER TABLE "video" ADD COLUMN "duration_seconds" double precision;--> statement-breakpoint
ALTER TABLE "video_progress" ADD COLUMN "started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Rows from before: their watched seconds fit in the time allowed (as if watched at normal speed up to their last report).
UPDATE "video_progress" SET "started_at" = "updated_at" - make_interval(secs => "watched_seconds");--> statement-breakpoint
-- Videos given by an address: the upper median of the lengths their players reported so far.
UPDATE "module" m SET "video_duration_seconds" = (
  SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY vp."duration_seconds" DESC) FROM "video_progress" vp WHERE vp."module_id" = m."id"
);
