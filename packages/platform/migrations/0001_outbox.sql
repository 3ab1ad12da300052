-- Transactional outbox: a service writes its events here in the same transaction as the
-- business change; the outbox relay publishes them to the event bus in order per key.
CREATE TABLE IF NOT EXISTS outbox (
  seq             bigserial   PRIMARY KEY,
  event_id        text        NOT NULL UNIQUE,
  topic           text        NOT NULL,
  key             text        NOT NULL,
  type            text        NOT NULL,
  payload         bytea       NOT NULL,
  occurred_at     timestamptz NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- pending: waiting for the relay; published: on the bus; parked: failed max attempts
  -- times and waits for an operator (see docs/events.md).
  status          text        NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'published', 'parked')),
  attempts        integer     NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  published_at    timestamptz
);

CREATE INDEX IF NOT EXISTS outbox_pending ON outbox (seq) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS outbox_pending_key ON outbox (topic, key, seq) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS outbox_parked ON outbox (seq) WHERE status = 'parked';

-- Wakes the relay when a transaction that wrote events commits (NOTIFY is delivered at commit).
CREATE OR REPLACE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox', '');
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS outbox_notify ON outbox;
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();
