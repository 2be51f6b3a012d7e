-- Admin search looks for a fragment anywhere in the customer and account fields; a trigram
-- index answers "contains" searches without reading every connection.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "connections_search_trgm_idx" ON "connections" USING gin (
  (lower(coalesce("customer_name", '') || ' ' || coalesce("customer_email", '') || ' ' || coalesce("account_name", '') || ' ' || coalesce("account_number", ''))) gin_trgm_ops
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "providers_name_trgm_idx" ON "providers" USING gin (lower("name") gin_trgm_ops);
