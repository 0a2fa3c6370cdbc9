CREATE TABLE "outbox_cursor" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL
);
--> statement-breakpoint
-- Events published before the cursor existed are not published again; the rest follow it.
INSERT INTO "outbox_cursor" ("id", "last_event_id")
  SELECT 1, coalesce((SELECT min("id") - 1 FROM "order_events" WHERE "published_at" IS NULL), (SELECT max("id") FROM "order_events"), 0);--> statement-breakpoint
DROP INDEX "order_events_unpublished_idx";--> statement-breakpoint
ALTER TABLE "order_events" DROP COLUMN "published_at";