CREATE TABLE "email_preference" (
	"user_id" text PRIMARY KEY NOT NULL,
	"submissions" text DEFAULT 'immediate' NOT NULL,
	"questions" text DEFAULT 'immediate' NOT NULL,
	"forum_replies" text DEFAULT 'immediate' NOT NULL,
	"digest_covered_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_reply_notice" (
	"user_id" text NOT NULL,
	"module_id" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"pending_since" timestamp with time zone,
	CONSTRAINT "forum_reply_notice_user_id_module_id_pk" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_preference" ADD CONSTRAINT "email_preference_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reply_notice" ADD CONSTRAINT "forum_reply_notice_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reply_notice" ADD CONSTRAINT "forum_reply_notice_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_reply_notice_pending_idx" ON "forum_reply_notice" USING btree ("pending_since") WHERE "forum_reply_notice"."pending_since" is not null;--> statement-breakpoint
CREATE INDEX "invitation_user_idx" ON "invitation" USING btree ("user_id");