-- An order's events carry what the screens show of it (DESIGN.md §6): its row in /orders
-- and its card on the preparation and dispatch boards, with the wire names of SPEC.md §3,
-- so an open screen applies the event in place instead of asking again. Built in the
-- database so order creation stays one statement; tests compare both with the GETs.
CREATE OR REPLACE FUNCTION order_view(for_order integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'row', jsonb_build_object(
      'PK_Orders', o.id,
      'FK_Clients__Name', c.name,
      'Order_Time', o.order_time,
      'Delivery_Date', o.delivery_date::text,
      'Address', o.address,
      'FK_PayMethods__Name', pm.name,
      'Final_Price', o.final_price::text,
      'Alter_Date', to_char(o.alter_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'FK_Sellers__username', u.username,
      'FK_OrderStatus__Name', st.name,
      'FK_OrderStatus__PK_OrderStatus', o.status_id,
      'Display_Class', st.display_class,
      'Has_FV', o.has_fv),
    'card', jsonb_build_object(
      'PK_Orders', o.id,
      'FK_Clients__Name', c.name,
      'Delivery_Date', o.delivery_date::text,
      'Order_Time', o.order_time,
      'FK_TimesShipping__Name', t.name,
      'FK_TimesShipping__PK_TimesShipping', o.times_shipping_id,
      'FK_Shipments__Name', s.name,
      'FK_Shipments__PK_Shipments', o.shipment_id,
      'FK_Shipments__Price', s.price::text,
      'Address', o.address,
      'FK_Clients__FK_Cities__Name', ci.name,
      'Latitude', o.latitude::text,
      'Longitude', o.longitude::text,
      'total_weight', o.total_weight::text,
      'distinct_products', o.distinct_products,
      'Has_FV', o.has_fv,
      'FK_OrderStatus__PK_OrderStatus', o.status_id,
      'FK_OrderStatus__Name', st.name))
  FROM orders o
  JOIN clients c ON c.id = o.client_id
  JOIN order_statuses st ON st.id = o.status_id
  LEFT JOIN pay_methods pm ON pm.id = o.pay_method_id
  LEFT JOIN users u ON u.id = o.seller_id
  LEFT JOIN shipments s ON s.id = o.shipment_id
  LEFT JOIN times_shipping t ON t.id = o.times_shipping_id
  LEFT JOIN cities ci ON ci.id = o.city_id
  WHERE o.id = for_order
$$;
--> statement-breakpoint

-- An order event with the order as it is now, in the transaction that changed it.
CREATE OR REPLACE FUNCTION append_order_event(event_type text, actor integer, for_order integer, payload jsonb) RETURNS bigint LANGUAGE sql AS $$
  SELECT append_event(event_type, actor, for_order, payload || jsonb_build_object('order_id', for_order) || coalesce(order_view(for_order), '{}'::jsonb));
$$;
--> statement-breakpoint

-- As 0010's create_order, its event carrying the new order's row and card.
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
  event_id := append_order_event(event->>'type', (event->>'actor_id')::integer, order_id, event->'data');
END $$;
