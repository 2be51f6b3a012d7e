ALTER TABLE "outbox" ADD COLUMN "kind" text DEFAULT 'notice' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "trigger" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "requested_by" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "manifest" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "summary" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "inputs_hash" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "built_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_connection_version_idx" ON "reports" USING btree ("connection_id","version");