-- Poison messages: a consumer group whose handler keeps failing on an event parks it here
-- (in the consuming service's own database, whichever bus it reads) and moves on. Later
-- events of the same key are parked behind it (held_behind) until an operator replays the
-- key or discards the poison event. See docs/events.md, "Parked messages".
CREATE TABLE IF NOT EXISTS parked_events (
  id             bigserial   PRIMARY KEY,
  consumer_group text        NOT NULL,
  topic          text        NOT NULL,
  -- The Kafka partition; NULL on the Postgres log, which has none.
  partition      integer,
  "offset"       text        NOT NULL,
  key            text        NOT NULL,
  event_id       text        NOT NULL,
  type           text        NOT NULL,
  payload        bytea       NOT NULL,
  occurred_at    timestamptz NOT NULL,
  error          text        NOT NULL,
  -- Handler attempts; 0 for an event held behind another without being tried.
  attempts       integer     NOT NULL,
  held_behind    text,
  -- parked: waits for an operator; replay: republished, its consumer tries it again;
  -- replayed: handled on replay; discarded: given up by an operator.
  status         text        NOT NULL DEFAULT 'parked'
                 CHECK (status IN ('parked', 'replay', 'replayed', 'discarded')),
  parked_at      timestamptz NOT NULL DEFAULT now(),
  resolved_at    timestamptz,
  UNIQUE (consumer_group, event_id)
);

-- The consumer's per-message question: does this key have unresolved parked events?
CREATE INDEX IF NOT EXISTS parked_events_open_key ON parked_events (consumer_group, topic, key, id)
  WHERE status IN ('parked', 'replay');
