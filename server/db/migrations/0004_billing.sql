CREATE TABLE "billing_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"card_expires" text,
	"subscription_id" text,
	"subscription_status" text,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_records" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "plan" text DEFAULT 'basic' NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "status_message" text;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "stripe_invoice_item_id" text;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "stripe_refund_id" text;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "fulfilled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_records_open_request_idx" ON "usage_records" USING btree ("connection_id") WHERE "usage_records"."fulfilled_at" is null and "usage_records"."status" in ('pending', 'billed', 'invoiced', 'requires_action');--> statement-breakpoint
CREATE INDEX "usage_records_payment_intent_idx" ON "usage_records" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_cost_check" CHECK ("usage_records"."cost_cents" >= 0);