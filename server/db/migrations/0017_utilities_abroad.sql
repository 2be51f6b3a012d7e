ALTER TABLE "providers" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "time_zone" text;