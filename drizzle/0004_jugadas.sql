CREATE TABLE "jugada" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"position" integer NOT NULL,
	"video_id" text,
	"youtube_id" text,
	"start_seconds" double precision,
	"end_seconds" double precision,
	"prompt" text NOT NULL,
	"correct_decision_id" text NOT NULL,
	"correct_sanction_id" text NOT NULL,
	"moment_seconds" double precision,
	"tolerance_seconds" double precision DEFAULT 1 NOT NULL,
	"explanation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jugada_answer" (
	"jugada_id" text NOT NULL,
	"user_id" text NOT NULL,
	"decision_id" text NOT NULL,
	"sanction_id" text NOT NULL,
	"moment_seconds" double precision,
	"decision_correct" boolean NOT NULL,
	"sanction_correct" boolean NOT NULL,
	"moment_correct" boolean,
	"correct" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jugada_answer_jugada_id_user_id_pk" PRIMARY KEY("jugada_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "jugada_option" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video" (
	"id" text PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jugada" ADD CONSTRAINT "jugada_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jugada" ADD CONSTRAINT "jugada_video_id_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."video"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jugada" ADD CONSTRAINT "jugada_correct_decision_id_jugada_option_id_fk" FOREIGN KEY ("correct_decision_id") REFERENCES "public"."jugada_option"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jugada" ADD CONSTRAINT "jugada_correct_sanction_id_jugada_option_id_fk" FOREIGN KEY ("correct_sanction_id") REFERENCES "public"."jugada_option"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jugada_answer" ADD CONSTRAINT "jugada_answer_jugada_id_jugada_id_fk" FOREIGN KEY ("jugada_id") REFERENCES "public"."jugada"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jugada_answer" ADD CONSTRAINT "jugada_answer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jugada_answer" ADD CONSTRAINT "jugada_answer_decision_id_jugada_option_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."jugada_option"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jugada_answer" ADD CONSTRAINT "jugada_answer_sanction_id_jugada_option_id_fk" FOREIGN KEY ("sanction_id") REFERENCES "public"."jugada_option"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jugada_option" ADD CONSTRAINT "jugada_option_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jugada_module_position_idx" ON "jugada" USING btree ("module_id","position");--> statement-breakpoint
CREATE INDEX "jugada_answer_user_idx" ON "jugada_answer" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "jugada_option_course_idx" ON "jugada_option" USING btree ("course_id","kind","position");