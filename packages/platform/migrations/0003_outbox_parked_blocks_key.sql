-- A parked outbox row now holds back the later rows of its key (see docs/adr/ on parking):
-- the relay's claim looks for an earlier parked or retrying row of the same key, so that
-- lookup gets one index over both states. An operator may also give a parked row up for
-- good ('discarded'), which releases its key.
ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_status_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_status_check
  CHECK (status IN ('pending', 'published', 'parked', 'discarded'));

CREATE INDEX IF NOT EXISTS outbox_unpublished_key ON outbox (topic, key, seq)
  WHERE status IN ('pending', 'parked');
DROP INDEX IF EXISTS outbox_pending_key;
