CREATE TABLE "certificate" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"course_id" text NOT NULL,
	"user_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"course_name" text NOT NULL,
	"level" text NOT NULL,
	"rules_edition" text NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by_name" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"revoked_by_name" text
);
--> statement-breakpoint
CREATE TABLE "certificate_reminder" (
	"certificate_id" text NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_reminder_certificate_id_days_before_pk" PRIMARY KEY("certificate_id","days_before")
);
--> statement-breakpoint
CREATE TABLE "course_record" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"number" integer NOT NULL,
	"course_name" text NOT NULL,
	"first_day" date,
	"last_day" date,
	"requirements" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" text,
	"closed_by_name" text NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "requirements" jsonb DEFAULT '{"minAttendancePercent":null,"examIds":[],"allActivities":false,"minJugadasPercent":null,"fitness":false,"minObservationAverage":null,"paymentsUpToDate":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "licence_level" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "rules_edition" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "licence_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "renews_course_id" text;--> statement-breakpoint
ALTER TABLE "email_preference" ADD COLUMN "licence_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_reminder" ADD CONSTRAINT "certificate_reminder_certificate_id_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_record" ADD CONSTRAINT "course_record_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_record" ADD CONSTRAINT "course_record_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_code_idx" ON "certificate" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_live_idx" ON "certificate" USING btree ("course_id","user_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "certificate_user_idx" ON "certificate" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_record_number_idx" ON "course_record" USING btree ("course_id","number");--> statement-breakpoint
ALTER TABLE "course" ADD CONSTRAINT "course_renews_course_id_course_id_fk" FOREIGN KEY ("renews_course_id") REFERENCES "public"."course"("id") ON DELETE set null ON UPDATE no action;