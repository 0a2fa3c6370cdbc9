-- As apply_stock, for a client's virtual-freezer balance; what is given back reappears even
-- if the balance row was removed meanwhile.
CREATE OR REPLACE FUNCTION apply_freezer(for_client integer, changes jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT c.product_id, c.delta FROM jsonb_to_recordset(changes) AS c(product_id integer, delta numeric)
    WHERE c.delta <> 0 ORDER BY c.product_id
  LOOP
    IF change.delta < 0 THEN
      INSERT INTO virtual_freezer_items (client_id, product_id, quantity, type)
        VALUES (for_client, change.product_id, -change.delta, 'KG')
        ON CONFLICT (client_id, product_id) DO UPDATE SET quantity = virtual_freezer_items.quantity + EXCLUDED.quantity;
    ELSE
      UPDATE virtual_freezer_items SET quantity = quantity - change.delta
        WHERE client_id = for_client AND product_id = change.product_id AND quantity >= change.delta;
      IF NOT FOUND THEN
        RETURN change.product_id;
      END IF;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
