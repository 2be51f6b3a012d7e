CREATE TABLE "portal_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"connection_id" integer,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"detail" text,
	"asked_code" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "portal_attempts_kind_check" CHECK ("portal_attempts"."kind" in ('sign_in', 'retrieval')),
	CONSTRAINT "portal_attempts_outcome_check" CHECK ("portal_attempts"."outcome" in ('success', 'failure'))
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "retrieve_automatically" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_attempts" ADD CONSTRAINT "portal_attempts_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_attempts" ADD CONSTRAINT "portal_attempts_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_attempts_provider_idx" ON "portal_attempts" USING btree ("provider_id","kind","finished_at");--> statement-breakpoint
CREATE INDEX "portal_attempts_finished_idx" ON "portal_attempts" USING btree ("finished_at");