CREATE TABLE "interval_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"format" text NOT NULL,
	"time_zone" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"slots" integer NOT NULL,
	"source_interval_seconds" integer NOT NULL,
	"delivered" "bytea" NOT NULL,
	"received" "bytea",
	"cost" "bytea",
	"quality" "bytea" NOT NULL,
	"split" "bytea" NOT NULL,
	"analytics" jsonb NOT NULL,
	"quality_report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interval_series" ADD CONSTRAINT "interval_series_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interval_series" ADD CONSTRAINT "interval_series_file_id_connection_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."connection_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interval_series_file_id_idx" ON "interval_series" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "interval_series_connection_id_idx" ON "interval_series" USING btree ("connection_id","created_at");