ALTER TABLE "outbox" ADD COLUMN "on_behalf_of" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reply_to_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "logo_content_type" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_logo_content_type_check" CHECK ("users"."logo_content_type" in ('image/png', 'image/jpeg', 'image/svg+xml'));