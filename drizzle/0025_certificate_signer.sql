ALTER TABLE "certificate" ADD COLUMN "signer_name" text;--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "signer_title" text;--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "certificate_signer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "certificate_signer_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A certificate issued before a course named who signs it printed who issued it, as 'Instructor a
-- cargo': it keeps saying so (what a certificate says never changes).
UPDATE "certificate" SET "signer_name" = "issued_by_name", "signer_title" = 'Instructor a cargo';--> statement-breakpoint
ALTER TABLE "certificate" ALTER COLUMN "signer_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate" ALTER COLUMN "signer_title" SET NOT NULL;
