-- Every write that changes stock tells the screens each product's new quantity, in its own
-- transaction, as product.stock_changed (the product edits already do). Appended just before
-- the order's event, so the outbox's commit-order lock is held no longer than before.
CREATE OR REPLACE FUNCTION announce_stock(changes jsonb, actor integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  FOR changed IN
    SELECT p.id, p.quantity, p.name FROM products p
    WHERE p.id IN (SELECT c.product_id FROM jsonb_to_recordset(changes) AS c(product_id integer, delta numeric) WHERE c.delta <> 0)
    ORDER BY p.id
  LOOP
    PERFORM append_event('product.stock_changed', actor, NULL, jsonb_build_object('product_id', changed.id, 'quantity', changed.quantity::text, 'name', changed.name));
  END LOOP;
END $$;
--> statement-breakpoint

-- As 0002's create_order, announcing the stock it took before the order's event.
CREATE OR REPLACE FUNCTION create_order(new_order jsonb, lines jsonb, stock jsonb, freezer jsonb, event jsonb, OUT order_id integer, OUT event_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  short integer;
BEGIN
  short := apply_stock(stock);
  IF short IS NOT NULL THEN
    RAISE EXCEPTION 'stock_short' USING DETAIL = short::text;
  END IF;
  short := apply_freezer((new_order->>'client_id')::integer, freezer);
  IF short IS NOT NULL THEN
    RAISE EXCEPTION 'freezer_short' USING DETAIL = short::text;
  END IF;
  INSERT INTO orders (client_id, seller_id, status_id, order_time, delivery_date, times_shipping_id, shipment_id, shipping_cost,
      pay_method_id, address, city_id, latitude, longitude, notes, total_price, final_price, total_weight, distinct_products, has_fv, idempotency_key)
    SELECT o.client_id, o.seller_id, o.status_id, o.order_time, o.delivery_date, o.times_shipping_id, o.shipment_id, o.shipping_cost,
      o.pay_method_id, o.address, o.city_id, o.latitude, o.longitude, o.notes, o.total_price, o.final_price, o.total_weight, o.distinct_products, o.has_fv, o.idempotency_key
    FROM jsonb_populate_record(NULL::orders, new_order) AS o
    RETURNING id INTO order_id;
  INSERT INTO order_details (order_id, product_id, type, amount, weight, unit_price, total_price, virtual_freezer, promotions, weighted)
    SELECT create_order.order_id, l.product_id, l.type, l.amount, l.weight, l.unit_price, l.total_price, l.virtual_freezer, l.promotions, l.weighted
    FROM jsonb_populate_recordset(NULL::order_details, lines) AS l;
  PERFORM announce_stock(stock, (event->>'actor_id')::integer);
  event_id := append_event(event->>'type', (event->>'actor_id')::integer, order_id, (event->'data') || jsonb_build_object('order_id', order_id));
END $$;
