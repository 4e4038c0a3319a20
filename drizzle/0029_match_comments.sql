CREATE TABLE "match_comment" (
	"id" text PRIMARY KEY NOT NULL,
	"match_id" text NOT NULL,
	"parent_id" text,
	"author_id" text,
	"author_name" text NOT NULL,
	"at_seconds" double precision,
	"criterion" text,
	"verdict" text,
	"body" text NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_comment_moment" CHECK (("match_comment"."parent_id" is null) = ("match_comment"."at_seconds" is not null and "match_comment"."criterion" is not null and "match_comment"."verdict" is not null))
);
--> statement-breakpoint
CREATE TABLE "match_comment_revision" (
	"id" text PRIMARY KEY NOT NULL,
	"comment_id" text NOT NULL,
	"at_seconds" double precision,
	"criterion" text,
	"verdict" text,
	"body" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match" ADD COLUMN "frame_rate" double precision;--> statement-breakpoint
ALTER TABLE "observation" ADD COLUMN "match_id" text;--> statement-breakpoint
ALTER TABLE "match_comment" ADD CONSTRAINT "match_comment_match_id_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."match"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_comment" ADD CONSTRAINT "match_comment_parent_id_match_comment_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."match_comment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_comment" ADD CONSTRAINT "match_comment_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_comment_revision" ADD CONSTRAINT "match_comment_revision_comment_id_match_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."match_comment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_comment_match_idx" ON "match_comment" USING btree ("match_id","at_seconds");--> statement-breakpoint
CREATE INDEX "match_comment_parent_idx" ON "match_comment" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "match_comment_revision_comment_idx" ON "match_comment_revision" USING btree ("comment_id","replaced_at");--> statement-breakpoint
ALTER TABLE "observation" ADD CONSTRAINT "observation_match_id_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."match"("id") ON DELETE set null ON UPDATE no action;