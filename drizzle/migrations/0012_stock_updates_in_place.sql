-- Every order rewrites the stock of the products it takes. With an index on quantity no such
-- update could stay on its page (HOT), so each left a dead row version in every index of
-- products until a vacuum: by the end of a busy day, or with autovacuum behind, finding one
-- product meant walking thousands of dead versions. Low-stock filters read a few hundred
-- rows and need no index; free room on each page lets the new version stay beside the old.
DROP INDEX "products_quantity_idx";--> statement-breakpoint
ALTER TABLE "products" SET (fillfactor = 80);--> statement-breakpoint

-- As 0010's, finding the changed products by their key: the planner took the set from
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
--> statement-breakpoint

-- As 0011's, in plpgsql: a SQL function that cannot be inlined is planned again on every
-- call, and the view's eight-table join cost more to plan than the whole order to write.
-- plpgsql keeps each statement's plan for the connection.
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
--> statement-breakpoint

CREATE OR REPLACE FUNCTION append_order_event(event_type text, actor integer, for_order integer, payload jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  RETURN append_event(event_type, actor, for_order, payload || jsonb_build_object('order_id', for_order) || coalesce(order_view(for_order), '{}'::jsonb));
END $$;
