-- Every write that changes stock tells the screens each product's new quantity, in its own
-- transaction, as product.stock_changed (the product edits already do). Appended just before
-- the order's event, so the outbox's commit-order lock is held no longer than before.
-- The changed products are found by their key: the planner took the set from
-- jsonb_to_recordset for a hundred rows and read the whole table for it.
CREATE OR REPLACE FUNCTION announce_stock(changes jsonb, actor integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  FOR changed IN
    SELECT p.id, p.quantity, p.name FROM products p
    WHERE p.id = ANY (ARRAY(SELECT c.product_id FROM jsonb_to_recordset(changes) AS c(product_id integer, delta numeric) WHERE c.delta <> 0))
    ORDER BY p.id
  LOOP
    PERFORM append_event('product.stock_changed', actor, NULL, jsonb_build_object('product_id', changed.id, 'quantity', changed.quantity::text, 'name', changed.name));
  END LOOP;
END $$;
