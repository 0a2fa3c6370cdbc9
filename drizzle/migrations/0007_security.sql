CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "registration_requests" DROP CONSTRAINT "registration_requests_username_unique";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_username_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "file_bytes" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
-- Usernames become unique regardless of case. Names that already differ only in case keep
-- the oldest as is: a later pending request is dropped, a later user is renamed name-<id>.
DELETE FROM "registration_requests" r USING "registration_requests" k WHERE lower(r."username") = lower(k."username") AND r."id" > k."id";--> statement-breakpoint
UPDATE "users" u SET "username" = u."username" || '-' || u."id" WHERE EXISTS (SELECT 1 FROM "users" k WHERE lower(k."username") = lower(u."username") AND k."id" < u."id");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_requests_username_lower_idx" ON "registration_requests" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
-- Idempotency keys are scoped to the seller who sent them; create_order (0002) still raises
-- unique_violation on a reused key, now only for the same seller.
CREATE UNIQUE INDEX "orders_seller_key_idx" ON "orders" USING btree ("seller_id","idempotency_key");