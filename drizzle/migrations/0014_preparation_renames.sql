-- A stored view's digest is written with it, so a sweep compares views without hashing
-- every stored one.
ALTER TABLE "preparation_batches" ADD COLUMN "view_digest" text;--> statement-breakpoint
UPDATE "preparation_batches" SET "view_digest" = md5("view"::text);--> statement-breakpoint
ALTER TABLE "preparation_batches" ALTER COLUMN "view_digest" SET NOT NULL;--> statement-breakpoint

-- A rename rebuilds only the stored views that show the renamed name, not every view: the
-- trigger records what was renamed, and the next sweep finds the open orders that show it.
CREATE TABLE "preparation_renames" (
	"kind" text NOT NULL,
	"id" integer NOT NULL,
	CONSTRAINT "preparation_renames_kind_id_pk" PRIMARY KEY("kind","id")
);--> statement-breakpoint

-- Locking the cursor row inside the renaming transaction waits for a running sweep, so no
-- sweep can read the old name and then clear the rename.
CREATE OR REPLACE FUNCTION preparation_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM preparation_cursor WHERE id = 1 FOR UPDATE;
  INSERT INTO preparation_renames (kind, id) VALUES (TG_ARGV[0], NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER clients_name_on_boards ON clients;--> statement-breakpoint
CREATE TRIGGER clients_name_on_boards AFTER UPDATE OF name ON clients FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION preparation_names_changed('client');--> statement-breakpoint
DROP TRIGGER shipments_name_on_boards ON shipments;--> statement-breakpoint
CREATE TRIGGER shipments_name_on_boards AFTER UPDATE OF name, price ON shipments FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.price IS DISTINCT FROM NEW.price) EXECUTE FUNCTION preparation_names_changed('zone');--> statement-breakpoint
DROP TRIGGER times_shipping_name_on_boards ON times_shipping;--> statement-breakpoint
CREATE TRIGGER times_shipping_name_on_boards AFTER UPDATE OF name ON times_shipping FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION preparation_names_changed('slot');--> statement-breakpoint
DROP TRIGGER cities_name_on_boards ON cities;--> statement-breakpoint
CREATE TRIGGER cities_name_on_boards AFTER UPDATE OF name ON cities FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION preparation_names_changed('city');--> statement-breakpoint
DROP TRIGGER order_statuses_name_on_boards ON order_statuses;--> statement-breakpoint
CREATE TRIGGER order_statuses_name_on_boards AFTER UPDATE OF name ON order_statuses FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION preparation_names_changed('status');--> statement-breakpoint
DROP TRIGGER products_name_on_boards ON products;--> statement-breakpoint
CREATE TRIGGER products_name_on_boards AFTER UPDATE OF name ON products FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION preparation_names_changed('product');
