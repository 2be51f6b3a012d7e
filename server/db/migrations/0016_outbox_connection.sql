ALTER TABLE "outbox" ADD COLUMN "connection_id" integer;--> statement-breakpoint
CREATE INDEX "outbox_connection_id_idx" ON "outbox" USING btree ("connection_id");