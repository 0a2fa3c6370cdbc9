-- Catch weight (issue 41): products that need weighing and their tolerance, each order line's
-- real weight beside the ordered one; the cold chain: a stop's temperature and note at delivery.
ALTER TABLE "products" ADD COLUMN "requires_weighing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_tolerance_pct" numeric(5, 2) DEFAULT '10' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_details" ADD COLUMN "picked_weight" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "courier_stops" ADD COLUMN "temperature_c" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "courier_stops" ADD COLUMN "temperature_note" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_tolerance_pct" CHECK ("products"."weight_tolerance_pct" between 0 and 100);--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_picked_weight_positive" CHECK ("order_details"."picked_weight" > 0);