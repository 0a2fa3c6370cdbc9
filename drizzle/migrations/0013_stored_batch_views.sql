-- Each stored batch keeps the card the board shows, so a board read is one scan of the stored
-- batches instead of every open order with its names and lines. The first sweep after this
-- rebuilds every group (names_changed starts true).
DELETE FROM "preparation_batches";--> statement-breakpoint
ALTER TABLE "preparation_batches" ADD COLUMN "view" json NOT NULL;--> statement-breakpoint
ALTER TABLE "preparation_cursor" ADD COLUMN "names_changed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- By date first: a board reads one date in this order, and a group's lookup has its date.
DROP INDEX "preparation_batches_group_idx";--> statement-breakpoint
CREATE INDEX "preparation_batches_board_idx" ON "preparation_batches" USING btree ("delivery_date","shipment_id","times_shipping_id","position");--> statement-breakpoint
-- Which batch holds an order: the sweep re-batches the group an order left.
CREATE INDEX "preparation_batches_orders_idx" ON "preparation_batches" USING gin ("order_ids" jsonb_path_ops);--> statement-breakpoint

-- A renamed client, zone, slot, city, status or product changes cards no order event names:
-- the next sweep rebuilds every stored view. Setting the flag on the cursor row, inside the
-- renaming transaction, waits for a running sweep, so no sweep can read the old name and
-- then clear the flag.
CREATE FUNCTION preparation_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE preparation_cursor SET names_changed = true WHERE id = 1 AND NOT names_changed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_name_on_boards AFTER UPDATE OF name ON clients FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION preparation_names_changed();--> statement-breakpoint
CREATE TRIGGER shipments_name_on_boards AFTER UPDATE OF name, price ON shipments FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.price IS DISTINCT FROM NEW.price) EXECUTE FUNCTION preparation_names_changed();--> statement-breakpoint
CREATE TRIGGER times_shipping_name_on_boards AFTER UPDATE OF name ON times_shipping FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION preparation_names_changed();--> statement-breakpoint
CREATE TRIGGER cities_name_on_boards AFTER UPDATE OF name ON cities FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION preparation_names_changed();--> statement-breakpoint
CREATE TRIGGER order_statuses_name_on_boards AFTER UPDATE OF name ON order_statuses FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION preparation_names_changed();--> statement-breakpoint
CREATE TRIGGER products_name_on_boards AFTER UPDATE OF name ON products FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION preparation_names_changed();
