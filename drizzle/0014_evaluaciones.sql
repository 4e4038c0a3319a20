CREATE TABLE "bank_question" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"text" text NOT NULL,
	"options" jsonb NOT NULL,
	"correct" jsonb NOT NULL,
	"chapter" text NOT NULL,
	"rule" text DEFAULT '' NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"edition" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"module_id" text NOT NULL,
	"title" text NOT NULL,
	"question_count" integer NOT NULL,
	"per_chapter" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fixed_question_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"critical_question_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_minutes" integer NOT NULL,
	"pass_percent" integer NOT NULL,
	"attempts" integer NOT NULL,
	"wait_hours" integer DEFAULT 0 NOT NULL,
	"results_release" text NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_attempt" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"user_id" text NOT NULL,
	"number" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"closed_by" text,
	"right" integer,
	"score_percent" integer,
	"passed" boolean
);
--> statement-breakpoint
CREATE TABLE "exam_attempt_question" (
	"attempt_id" text NOT NULL,
	"position" integer NOT NULL,
	"question_id" text NOT NULL,
	"text" text NOT NULL,
	"options" jsonb NOT NULL,
	"correct" jsonb NOT NULL,
	"chapter" text NOT NULL,
	"rule" text NOT NULL,
	"explanation" text NOT NULL,
	"critical" boolean NOT NULL,
	"option_order" jsonb NOT NULL,
	"answer" jsonb,
	"answer_seq" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "exam_attempt_question_attempt_id_position_pk" PRIMARY KEY("attempt_id","position")
);
--> statement-breakpoint
CREATE TABLE "practice_card" (
	"user_id" text NOT NULL,
	"question_id" text NOT NULL,
	"box" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"right" integer DEFAULT 0 NOT NULL,
	"wrong" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "practice_card_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "bank_question" ADD CONSTRAINT "bank_question_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt" ADD CONSTRAINT "exam_attempt_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt" ADD CONSTRAINT "exam_attempt_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt_question" ADD CONSTRAINT "exam_attempt_question_attempt_id_exam_attempt_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt_question" ADD CONSTRAINT "exam_attempt_question_question_id_bank_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."bank_question"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_card" ADD CONSTRAINT "practice_card_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_card" ADD CONSTRAINT "practice_card_question_id_bank_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."bank_question"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_question_course_idx" ON "bank_question" USING btree ("course_id","chapter");--> statement-breakpoint
CREATE INDEX "exam_module_idx" ON "exam" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "exam_course_idx" ON "exam" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempt_number_idx" ON "exam_attempt" USING btree ("exam_id","user_id","number");--> statement-breakpoint
CREATE INDEX "exam_attempt_user_idx" ON "exam_attempt" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exam_attempt_question_question_idx" ON "exam_attempt_question" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "practice_card_question_idx" ON "practice_card" USING btree ("question_id");