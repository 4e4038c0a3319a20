CREATE TABLE "exam_attempt_clip" (
	"attempt_id" text NOT NULL,
	"position" integer NOT NULL,
	"jugada_id" text,
	"video_id" text NOT NULL,
	"start_seconds" double precision NOT NULL,
	"end_seconds" double precision NOT NULL,
	"prompt" text NOT NULL,
	"correct_decision_id" text NOT NULL,
	"correct_sanction_id" text NOT NULL,
	"moment_seconds" double precision,
	"tolerance_seconds" double precision NOT NULL,
	"explanation" text NOT NULL,
	"tags" jsonb NOT NULL,
	"critical" boolean NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"last_view_at" timestamp with time zone,
	"decision_id" text,
	"sanction_id" text,
	"answer_moment_seconds" double precision,
	"answered_at" timestamp with time zone,
	CONSTRAINT "exam_attempt_clip_attempt_id_position_pk" PRIMARY KEY("attempt_id","position")
);
--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "kind" text DEFAULT 'reglamento' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "views_per_clip" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "answer_seconds" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "jugada" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "jugada" ADD COLUMN "use" text DEFAULT 'practica' NOT NULL;--> statement-breakpoint
ALTER TABLE "video" ADD COLUMN "rendition_state" text DEFAULT 'pendiente' NOT NULL;--> statement-breakpoint
ALTER TABLE "video" ADD COLUMN "rendition_key" text;--> statement-breakpoint
ALTER TABLE "video" ADD COLUMN "rendition_size" integer;--> statement-breakpoint
ALTER TABLE "video" ADD COLUMN "rendition_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_attempt_clip" ADD CONSTRAINT "exam_attempt_clip_attempt_id_exam_attempt_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt_clip" ADD CONSTRAINT "exam_attempt_clip_jugada_id_jugada_id_fk" FOREIGN KEY ("jugada_id") REFERENCES "public"."jugada"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt_clip" ADD CONSTRAINT "exam_attempt_clip_video_id_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."video"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_attempt_clip_jugada_idx" ON "exam_attempt_clip" USING btree ("jugada_id");