-- A new order whole or not at all, in one statement and one round trip: stock, freezer, the
-- order, its lines, the stock it took announced, and its event carrying the new order's row
-- and card. A line that does not fit raises 'stock_short' or 'freezer_short' with the
-- product id as detail, which rolls everything back; a reused idempotency key raises
-- unique_violation. The key's fingerprint (the request it came with) is kept beside it.
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
      pay_method_id, address, city_id, latitude, longitude, notes, total_price, final_price, total_weight, distinct_products, has_fv, idempotency_key, idempotency_fingerprint)
    SELECT o.client_id, o.seller_id, o.status_id, o.order_time, o.delivery_date, o.times_shipping_id, o.shipment_id, o.shipping_cost,
      o.pay_method_id, o.address, o.city_id, o.latitude, o.longitude, o.notes, o.total_price, o.final_price, o.total_weight, o.distinct_products, o.has_fv, o.idempotency_key, o.idempotency_fingerprint
    FROM jsonb_populate_record(NULL::orders, new_order) AS o
    RETURNING id INTO order_id;
  INSERT INTO order_details (order_id, product_id, type, amount, weight, unit_price, total_price, virtual_freezer, promotions, weighted)
    SELECT create_order.order_id, l.product_id, l.type, l.amount, l.weight, l.unit_price, l.total_price, l.virtual_freezer, l.promotions, l.weighted
    FROM jsonb_populate_recordset(NULL::order_details, lines) AS l;
  PERFORM announce_stock(stock, (event->>'actor_id')::integer);
  event_id := append_order_event(event->>'type', (event->>'actor_id')::integer, order_id, event->'data');
END $$;
