-- The rename trigger of clients, zones, slots, cities, statuses and products (TG_ARGV[0] is
-- the kind): a rename rebuilds only the stored views that show the renamed name, so the
-- trigger records what was renamed and the next sweep finds the open orders that show it.
-- Locking the cursor row inside the renaming transaction waits for a running sweep, so no
-- sweep can read the old name and then clear the rename.
CREATE OR REPLACE FUNCTION preparation_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM preparation_cursor WHERE id = 1 FOR UPDATE;
  INSERT INTO preparation_renames (kind, id) VALUES (TG_ARGV[0], NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
