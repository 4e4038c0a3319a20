CREATE TABLE "forum_message" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"user_id" text,
	"author_name" text NOT NULL,
	"is_admin" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_state" (
	"module_id" text PRIMARY KEY NOT NULL,
	"last_student_message_at" timestamp with time zone,
	"last_admin_read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "forum_message" ADD CONSTRAINT "forum_message_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_message" ADD CONSTRAINT "forum_message_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_state" ADD CONSTRAINT "forum_state_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_message_module_idx" ON "forum_message" USING btree ("module_id","created_at");