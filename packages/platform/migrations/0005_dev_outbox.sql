-- The development outbox (@darmankar/platform/messaging): SMS and email that the outbox
-- engines "sent" instead of a provider, read back by developers and tests. Production never
-- writes it. Newest first is `id DESC`.
--
-- A service that kept its own table of this name before the platform did (auth) has it moved
-- aside here, index names included; that service's next migration copies its rows over and
-- drops it.
DO $$
BEGIN
  IF to_regclass('dev_outbox') IS NOT NULL THEN
    ALTER TABLE dev_outbox RENAME TO dev_outbox_before_platform;
    ALTER INDEX IF EXISTS dev_outbox_pkey RENAME TO dev_outbox_before_platform_pkey;
    ALTER INDEX IF EXISTS dev_outbox_recipient_created_at_idx RENAME TO dev_outbox_before_platform_recipient_idx;
  END IF;
END
$$;

CREATE TABLE dev_outbox (
  id         bigserial   PRIMARY KEY,
  channel    text        NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient  text        NOT NULL,
  -- Mail only.
  subject    text,
  text       text        NOT NULL,
  -- The one-time code the message carries, when it carries one.
  code       text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX dev_outbox_recipient ON dev_outbox (recipient, id);
