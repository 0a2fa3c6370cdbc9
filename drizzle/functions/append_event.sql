-- A durable event, written last in its transaction. The lock is held from the insert to
-- the commit, so event ids are handed out in commit order and "replay after id N" never
-- skips a late commit. It announces the event at commit (NOTIFY is delivered only then):
-- every instance's outbox relay wakes at once, whoever wrote the event, a worker included,
-- instead of waiting for its next poll.
CREATE OR REPLACE FUNCTION append_event(event_type text, actor integer, for_order integer, payload jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  new_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(7261002);
  INSERT INTO order_events (type, actor_id, order_id, data) VALUES (event_type, actor, for_order, payload) RETURNING id INTO new_id;
  PERFORM pg_notify('frio_events', '');
  RETURN new_id;
END $$;
