-- An order's events carry what the screens show of it (DESIGN.md §6): its row in /orders
-- and its card on the preparation and dispatch boards, with the wire names of SPEC.md §3,
-- so an open screen applies the event in place instead of asking again. Built in the
-- database so order creation stays one statement; tests compare both with the GETs.
-- In plpgsql: a SQL function that cannot be inlined is planned again on every call, and the
-- view's eight-table join cost more to plan than the whole order to write. plpgsql keeps
-- each statement's plan for the connection.
CREATE OR REPLACE FUNCTION order_view(for_order integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
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
  WHERE o.id = for_order);
END $$;
