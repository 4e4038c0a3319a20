CREATE TABLE "correction_record" (
	"id" text PRIMARY KEY NOT NULL,
	"activity_id" text NOT NULL,
	"admin_id" text,
	"admin_name" text NOT NULL,
	"kind" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "module" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "correction_record" ADD CONSTRAINT "correction_record_activity_id_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_record" ADD CONSTRAINT "correction_record_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "correction_record_activity_idx" ON "correction_record" USING btree ("activity_id","created_at");