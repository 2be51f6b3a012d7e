CREATE TABLE "gas_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"unit" text NOT NULL,
	"time_zone" text NOT NULL,
	"source" text NOT NULL,
	"periods" jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gas_series" ADD CONSTRAINT "gas_series_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gas_series" ADD CONSTRAINT "gas_series_file_id_connection_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."connection_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gas_series_file_id_idx" ON "gas_series" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "gas_series_connection_id_idx" ON "gas_series" USING btree ("connection_id","created_at");