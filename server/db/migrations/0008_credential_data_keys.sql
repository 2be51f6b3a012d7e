CREATE TABLE "credential_data_keys" (
	"version" integer PRIMARY KEY NOT NULL,
	"kms_key_id" text NOT NULL,
	"wrapped_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
