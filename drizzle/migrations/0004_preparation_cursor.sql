CREATE TABLE "preparation_cursor" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL
);
--> statement-breakpoint
-- The first sweep folds every order event in, so the stored batches start true.
INSERT INTO "preparation_cursor" ("id", "last_event_id") VALUES (1, 0);