// The process's one connection to the bus (docs/adr/021): the outbox relay and the consumer of
// auth.user.v1 share it, so the service's event log sees one LISTEN connection, not one per part.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { testClock } from '@darmankar/platform/testing';
import { startTestEmployer, type TestEmployer } from './helpers.ts';

let service: TestEmployer;

before(async () => {
  service = await startTestEmployer(testClock());
});
after(async () => {
  await service.stop();
});

test('the relay and the auth consumer share one bus: one LISTEN connection on the event log', async () => {
  const events = new URL(service.eventsUrl);
  const admin = new pg.Client({ connectionString: service.eventsUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ listening: number }>(
      `select count(*)::int as listening from pg_stat_activity where datname = $1 and query ilike 'LISTEN %' and pid <> pg_backend_pid()`,
      [events.pathname.slice(1)],
    );
    assert.equal(rows[0]!.listening, 1);
  } finally {
    await admin.end();
  }
});
