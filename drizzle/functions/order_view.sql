-- An order's events carry what the screens show of it (DESIGN.md §6): its row in /orders
-- and its card on the preparation and dispatch boards (order_row, order_card: the lists and
-- boards read the same functions), so an open screen applies the event in place instead of
-- asking again. Built in the database so order creation stays one statement.
-- In plpgsql: a SQL function that cannot be inlined is planned again on every call, and the
-- view's eight-table join cost more to plan than the whole order to write. plpgsql keeps
-- each statement's plan for the connection.
CREATE OR REPLACE FUNCTION order_view(for_order integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object('row', order_row(o, c, st, pm, u), 'card', order_card(o, c, st, s, t, ci))
  FROM orders o
  JOIN clients c ON c.id = o.client_id
  JOIN order_statuses st ON st.id = o.status_id
  LEFT JOIN pay_methods pm ON pm.id = o.pay_method_id
  LEFT JOIN users u ON u.id = o.seller_id
  LEFT JOIN shipments s ON s.id = o.shipment_id
  LEFT JOIN times_shipping t ON t.id = o.times_shipping_id
  LEFT JOIN cities ci ON ci.id = o.city_id
  WHERE o.id = for_order);
END $$;
