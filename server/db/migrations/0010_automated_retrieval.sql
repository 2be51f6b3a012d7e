ALTER TABLE "connection_files" ADD COLUMN "source" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "connection_files" ADD COLUMN "source_page" text;--> statement-breakpoint
ALTER TABLE "connection_files" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "retrieval" jsonb;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "retrieval_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "bills_page" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "usage_page" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "export_control" text;