-- An order's card on the preparation and dispatch boards with the wire names of SPEC.md §3:
-- the only place it is built. The boards read it (`orderCard` in
-- server/features/order-read-model/rows-repository.ts) and order_view puts it in the order's events.
-- Inlined into the calling query as order_row is (one-expression SQL, STABLE).
CREATE OR REPLACE FUNCTION order_card(o orders, c clients, st order_statuses, s shipments, t times_shipping, ci cities)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
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
    'FK_OrderStatus__Name', st.name)
$$;
