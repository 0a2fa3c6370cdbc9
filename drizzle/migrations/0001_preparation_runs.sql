CREATE TABLE "preparation_runs" (
	"group_key" text PRIMARY KEY NOT NULL,
	"seen_event_id" bigint NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
