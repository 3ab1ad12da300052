-- Idempotent consumers: a consumer group records each event it handled in the same
-- transaction as the handler's effects, so a redelivered event is recognised and skipped.
CREATE TABLE IF NOT EXISTS processed_events (
  consumer_group text        NOT NULL,
  event_id       text        NOT NULL,
  processed_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer_group, event_id)
);

-- Lets an operator prune old rows (events older than the bus retention cannot be redelivered).
CREATE INDEX IF NOT EXISTS processed_events_processed_at ON processed_events (processed_at);
