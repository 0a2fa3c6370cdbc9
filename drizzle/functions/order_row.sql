-- An order's row in /orders with the wire names of SPEC.md §3: the only place it is built.
-- The list reads it (`orderRow` in server/features/order-read-model/rows-repository.ts) and order_view
-- puts it in the order's events, so a screen applying an event shows what a reload shows.
-- It takes the joined rows, not an id, and is a one-expression SQL function: Postgres inlines
-- it into the calling query and reads each field straight from its join, as if written there.
-- STABLE, not IMMUTABLE: to_char is, and a function declared stricter than its body is not inlined.
CREATE OR REPLACE FUNCTION order_row(o orders, c clients, st order_statuses, pm pay_methods, u users)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
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
    'Has_FV', o.has_fv)
$$;
