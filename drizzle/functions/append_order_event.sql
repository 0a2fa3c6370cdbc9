-- An order event with the order as it is now (order_view), in the transaction that changed it.
CREATE OR REPLACE FUNCTION append_order_event(event_type text, actor integer, for_order integer, payload jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  RETURN append_event(event_type, actor, for_order, payload || jsonb_build_object('order_id', for_order) || coalesce(order_view(for_order), '{}'::jsonb));
END $$;
