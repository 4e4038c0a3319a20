CREATE TABLE "match" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"partner_id" text,
	"played_on" date NOT NULL,
	"title" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'subiendo' NOT NULL,
	"file_size" bigint NOT NULL,
	"upload_id" text,
	"storage_key" text,
	"mime_type" text,
	"duration_seconds" double precision,
	"source_height" integer,
	"processing_percent" integer,
	"processing_error" text,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_consent" (
	"user_id" text PRIMARY KEY NOT NULL,
	"allowed" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_file" (
	"match_id" text NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_file_match_id_name_pk" PRIMARY KEY("match_id","name")
);
--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "match_storage_limit" bigint DEFAULT 21474836480 NOT NULL;--> statement-breakpoint
ALTER TABLE "match" ADD CONSTRAINT "match_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match" ADD CONSTRAINT "match_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match" ADD CONSTRAINT "match_partner_id_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_consent" ADD CONSTRAINT "match_consent_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_file" ADD CONSTRAINT "match_file_match_id_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."match"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_course_idx" ON "match" USING btree ("course_id","played_on");--> statement-breakpoint
CREATE INDEX "match_uploaded_by_idx" ON "match" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "match_partner_idx" ON "match" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_upload_idx" ON "match" USING btree ("upload_id");