CREATE TABLE "video_progress" (
	"user_id" text NOT NULL,
	"module_id" text NOT NULL,
	"intervals" jsonb NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"watched_seconds" double precision NOT NULL,
	"position_seconds" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_progress_user_id_module_id_pk" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
ALTER TABLE "module" ALTER COLUMN "video_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "module" ADD COLUMN "video_id" text;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_progress_module_idx" ON "video_progress" USING btree ("module_id");--> statement-breakpoint
ALTER TABLE "module" ADD CONSTRAINT "module_video_id_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."video"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module" ADD CONSTRAINT "module_one_video" CHECK (("module"."video_url" is null) <> ("module"."video_id" is null));