-- The development outbox is the platform's table now (packages/platform/migrations/
-- 0005_dev_outbox.sql, which moved this service's own table aside as
-- dev_outbox_before_platform): its messages are copied over, oldest first, and it is dropped.
-- A database created after the move has nothing to copy.
DO $$
BEGIN
  IF to_regclass('dev_outbox_before_platform') IS NOT NULL THEN
    INSERT INTO dev_outbox (channel, recipient, subject, text, code, created_at)
    SELECT channel, recipient, NULLIF(subject, ''), text, code, created_at
      FROM dev_outbox_before_platform
     ORDER BY created_at, id;
    DROP TABLE dev_outbox_before_platform;
  END IF;
END
$$;
