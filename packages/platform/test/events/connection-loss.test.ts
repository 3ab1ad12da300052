// Postgres restarts cut idle connections (57P01). The relay and the Postgres log must log
// it and carry on, not crash the service with an unhandled 'error' event.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import type { BusMessage, EventBus } from '../../src/events/bus.ts';
import { inPgTransaction, pgExecutor } from '../../src/events/executor.ts';
import { enqueueEvent, OutboxRelay } from '../../src/events/outbox.ts';
import { connectPgLog } from '../../src/events/pglog.ts';
import { createTestDatabase, testPostgresUrl, type TestDatabase } from '../../src/testing.ts';
import { capturedLogger, platformMigrations, uniqueTopic, userRegistered, waitFor } from './support.ts';

let service: TestDatabase;
let events: TestDatabase;
let pool: pg.Pool;
let bus: EventBus;
let relay: OutboxRelay;
const { log, lines } = capturedLogger();

before(async () => {
  service = await createTestDatabase('events', platformMigrations);
  events = await createTestDatabase('events');
  pool = new pg.Pool({ connectionString: service.url });
  pool.on('error', () => {}); // the test's own pool is cut too
  bus = await connectPgLog({ connectionString: events.url, pollIntervalMs: 200, log });
  relay = new OutboxRelay({ connectionString: service.url, bus, pollIntervalMs: 200, log });
  await relay.start();
});

after(async () => {
  await relay?.stop();
  await bus?.close();
  await pool?.end();
  await service?.drop();
  await events?.drop();
});

async function terminateConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: testPostgresUrl() });
  await admin.connect();
  try {
    const names = [service.url, events.url].map((url) => new URL(url).pathname.slice(1));
    const result = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ANY($1)', [
      names,
    ]);
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

test('relay and event log survive Postgres cutting their connections', async () => {
  const topic = uniqueTopic('cut');
  const received: BusMessage[] = [];
  const consumer = await bus.subscribe({
    group: 'cut-test',
    topics: [topic],
    handler: async (m) => void received.push(m),
  });
  const publish = (n: number) =>
    inPgTransaction(pool, (client) => enqueueEvent(pgExecutor(client), userRegistered(topic, 'user-1', n)));

  await publish(1);
  await waitFor('the first event', () => received.length === 1);

  assert.ok((await terminateConnections()) > 0, 'connections were cut');
  await waitFor(
    'the loss to be logged (a warning: connection lost)',
    () => lines.some((line) => line.level === 40 && /connection lost/.test(String(line.msg))),
    15_000,
  );

  await publish(2);
  await waitFor('the event published after the cut', () => received.length === 2, 15_000);
  await consumer.stop();
});

test('a connection cut while a transaction holds it between queries fails that transaction, not the process', async () => {
  const admin = new pg.Client({ connectionString: testPostgresUrl() });
  await admin.connect();
  try {
    const transaction = inPgTransaction(pool, async (client) => {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // Cut while no query of ours runs on it, as when the relay publishes to the bus mid-transaction.
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      // pg_terminate_backend only signals: the transaction goes on once the backend is really gone.
      await waitFor(
        'the backend to end',
        async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [rows[0]!.pid])).rowCount === 0,
        15_000,
      );
    });
    await assert.rejects(transaction);
    // The broken connection was dropped, not pooled again: the next transaction works.
    assert.equal(await inPgTransaction(pool, async (client) => (await client.query('SELECT 1 AS one')).rows[0].one), 1);
  } finally {
    await admin.end();
  }
});
