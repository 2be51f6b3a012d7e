ALTER TABLE "connection_files" ADD COLUMN "statement" jsonb;--> statement-breakpoint
ALTER TABLE "interval_series" ADD COLUMN "meter" text;--> statement-breakpoint
ALTER TABLE "interval_series" ADD COLUMN "meters" jsonb DEFAULT '[]'::jsonb NOT NULL;