CREATE TABLE "mfa_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"status" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"choice" text,
	"code_sealed" text,
	"message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connection_files" ADD COLUMN "source" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "connection_files" ADD COLUMN "source_page" text;--> statement-breakpoint
ALTER TABLE "connection_files" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "retrieval" jsonb;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "retrieval_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "portal_session_sealed" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "bills_page" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "usage_page" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "export_control" text;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfa_challenges_token_idx" ON "mfa_challenges" USING btree ("token_hash","created_at");--> statement-breakpoint
CREATE INDEX "mfa_challenges_connection_idx" ON "mfa_challenges" USING btree ("connection_id");