-- The order writes as functions, so an order costs one statement and one round trip; plpgsql
-- keeps their plans. Pricing stays in domain/: these only apply what the server computed.

-- Stock in kilograms, changed in product-id order so concurrent orders never deadlock. A
-- positive delta takes only if it fits, a negative one gives back. Returns the first
-- product that did not fit (the caller rolls back), or null.
CREATE OR REPLACE FUNCTION apply_stock(changes jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT c.product_id, c.delta FROM jsonb_to_recordset(changes) AS c(product_id integer, delta numeric)
    WHERE c.delta <> 0 ORDER BY c.product_id
  LOOP
    UPDATE products SET quantity = quantity - change.delta
      WHERE id = change.product_id AND (change.delta < 0 OR quantity >= change.delta);
    IF NOT FOUND AND change.delta > 0 THEN
      RETURN change.product_id;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- The same for a client's virtual-freezer balance; what is given back reappears even if the
-- balance row was removed meanwhile.
CREATE OR REPLACE FUNCTION apply_freezer(for_client integer, changes jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT c.product_id, c.delta FROM jsonb_to_recordset(changes) AS c(product_id integer, delta numeric)
    WHERE c.delta <> 0 ORDER BY c.product_id
  LOOP
    IF change.delta < 0 THEN
      INSERT INTO virtual_freezer_items (client_id, product_id, quantity, type)
        VALUES (for_client, change.product_id, -change.delta, 'KG')
        ON CONFLICT (client_id, product_id) DO UPDATE SET quantity = virtual_freezer_items.quantity + EXCLUDED.quantity;
    ELSE
      UPDATE virtual_freezer_items SET quantity = quantity - change.delta
        WHERE client_id = for_client AND product_id = change.product_id AND quantity >= change.delta;
      IF NOT FOUND THEN
        RETURN change.product_id;
      END IF;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- A durable event, written last in its transaction. The lock is held from the insert to
-- the commit, so event ids are handed out in commit order and "replay after id N" never
-- skips a late commit.
CREATE OR REPLACE FUNCTION append_event(event_type text, actor integer, for_order integer, payload jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  new_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(7261002);
  INSERT INTO order_events (type, actor_id, order_id, data) VALUES (event_type, actor, for_order, payload) RETURNING id INTO new_id;
  RETURN new_id;
END $$;
--> statement-breakpoint

-- A new order whole or not at all: stock, freezer, the order, its lines and its event. A
-- line that does not fit raises 'stock_short' or 'freezer_short' with the product id as
-- detail, which rolls everything back; a reused idempotency key raises unique_violation.
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
  event_id := append_event(event->>'type', (event->>'actor_id')::integer, order_id, (event->'data') || jsonb_build_object('order_id', order_id));
END $$;
