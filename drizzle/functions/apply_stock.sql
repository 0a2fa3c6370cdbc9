-- Stock in kilograms, changed in product-id order so concurrent orders never deadlock. A
-- positive delta takes only if it fits, a negative one gives back. Returns the first
-- product that did not fit (the caller rolls back), or null. Pricing stays in domain/: the
-- order functions only apply what the server computed.
CREATE OR REPLACE FUNCTION apply_stock(changes jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT c.product_id, c.delta FROM jsonb_to_recordset(changes) AS c(product_id integer, delta numeric)
    WHERE c.delta <> 0 ORDER BY c.product_id
  LOOP
    UPDATE products SET quantity = quantity - change.delta
      WHERE id = change.product_id AND (change.delta < 0 OR quantity >= change.delta);
    IF NOT FOUND AND change.delta > 0 THEN
      RETURN change.product_id;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
