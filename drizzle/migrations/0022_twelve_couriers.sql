ALTER TABLE "courier_assignments" DROP CONSTRAINT "courier_assignments_courier";--> statement-breakpoint
ALTER TABLE "courier_links" DROP CONSTRAINT "courier_links_column";--> statement-breakpoint
ALTER TABLE "fleet_couriers" DROP CONSTRAINT "fleet_couriers_column";--> statement-breakpoint
ALTER TABLE "courier_assignments" ADD CONSTRAINT "courier_assignments_courier" CHECK ("courier_assignments"."courier" between 0 and 12);--> statement-breakpoint
ALTER TABLE "courier_links" ADD CONSTRAINT "courier_links_column" CHECK ("courier_links"."column" between 1 and 12);--> statement-breakpoint
ALTER TABLE "fleet_couriers" ADD CONSTRAINT "fleet_couriers_column" CHECK ("fleet_couriers"."column" between 1 and 12);