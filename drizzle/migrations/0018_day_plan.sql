CREATE TABLE "day_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_date" date NOT NULL,
	"requested_by" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"request" jsonb NOT NULL,
	"result" jsonb,
	"board" text,
	"solve_ms" integer,
	"distance_m" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "day_plans_status" CHECK ("day_plans"."status" in ('queued', 'running', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "fleet_couriers" (
	"column" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"capacity_kg" numeric(7, 3) NOT NULL,
	"max_stops" integer NOT NULL,
	"shift_start" integer NOT NULL,
	"shift_end" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_couriers_column" CHECK ("fleet_couriers"."column" between 1 and 3),
	CONSTRAINT "fleet_couriers_capacity" CHECK ("fleet_couriers"."capacity_kg" > 0 and "fleet_couriers"."capacity_kg" <= 5000),
	CONSTRAINT "fleet_couriers_stops" CHECK ("fleet_couriers"."max_stops" between 1 and 99),
	CONSTRAINT "fleet_couriers_shift" CHECK (0 <= "fleet_couriers"."shift_start" and "fleet_couriers"."shift_start" < "fleet_couriers"."shift_end" and "fleet_couriers"."shift_end" <= 1439)
);
--> statement-breakpoint
ALTER TABLE "times_shipping" ADD COLUMN "start_minute" integer;--> statement-breakpoint
ALTER TABLE "times_shipping" ADD COLUMN "end_minute" integer;--> statement-breakpoint
ALTER TABLE "day_plans" ADD CONSTRAINT "day_plans_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "day_plans_date_idx" ON "day_plans" USING btree ("delivery_date","created_at");