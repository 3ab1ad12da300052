import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import type { BusMessage, EventBus } from '../../src/events/bus.ts';
import { inPgTransaction, pgExecutor } from '../../src/events/executor.ts';
import { enqueueEvent, OutboxRelay, requeueParked } from '../../src/events/outbox.ts';
import { connectPgLog } from '../../src/events/pglog.ts';
import { createTestDatabase, type TestDatabase } from '../../src/testing.ts';
import { capturedLogger, platformMigrations, sleep, uniqueTopic, userRegistered, waitFor } from './support.ts';

/** Fault injection around the real bus: the first `failures` publishes of each listed event fail. */
function failingFirst(bus: EventBus, failures: number, eventIds: Set<string>, attemptsAt: Date[]): EventBus {
  const seen = new Map<string, number>();
  return {
    ...bus,
    publish: async (messages: BusMessage[]) => {
      for (const message of messages) {
        if (!eventIds.has(message.id)) continue;
        attemptsAt.push(new Date());
        const count = (seen.get(message.id) ?? 0) + 1;
        seen.set(message.id, count);
        if (count <= failures) throw new Error(`broker unavailable (attempt ${count})`);
      }
      await bus.publish(messages);
    },
  };
}

describe('transactional outbox and relay', () => {
  let service: TestDatabase;
  let events: TestDatabase;
  let pool: pg.Pool;
  let bus: EventBus;

  before(async () => {
    service = await createTestDatabase('events', platformMigrations);
    events = await createTestDatabase('events');
    pool = new pg.Pool({ connectionString: service.url });
    await pool.query('CREATE TABLE users (id text PRIMARY KEY)');
    bus = await connectPgLog({ connectionString: events.url, pollIntervalMs: 200 });
  });
  after(async () => {
    await bus?.close();
    await pool?.end();
    await service?.drop();
    await events?.drop();
  });

  /** Registers a user and its event in one transaction, optionally failing before commit. */
  async function registerUser(id: string, topic: string, fail = false): Promise<BusMessage> {
    const event = userRegistered(topic, id, 1);
    await inPgTransaction(pool, async (client) => {
      await client.query('INSERT INTO users (id) VALUES ($1)', [id]);
      await enqueueEvent(pgExecutor(client), event);
      if (fail) throw new Error('business rule failed after the event was written');
    });
    return event;
  }

  function collect(topic: string, group: string) {
    const received: BusMessage[] = [];
    const consumer = bus.subscribe({ group, topics: [topic], handler: async (m) => void received.push(m) });
    return { received, consumer };
  }

  test('the event row commits and rolls back with the business row', async () => {
    const topic = uniqueTopic('tx');
    const kept = await registerUser('user-kept', topic);
    await assert.rejects(registerUser('user-lost', topic, true), /business rule failed/);

    const users = await pool.query('SELECT id FROM users WHERE id LIKE $1 ORDER BY id', ['user-%']);
    const outbox = await pool.query('SELECT event_id, key, status FROM outbox WHERE topic = $1', [topic]);
    assert.deepEqual(
      users.rows.map((r) => r.id),
      ['user-kept'],
    );
    assert.deepEqual(outbox.rows, [{ event_id: kept.id, key: 'user-kept', status: 'pending' }]);
  });

  test('the relay publishes in order per key, woken by NOTIFY, and marks rows published', async () => {
    const topic = uniqueTopic('relay');
    const { received, consumer } = collect(topic, 'relay-test');
    // A long poll interval: only LISTEN/NOTIFY can make the relay this quick.
    const relay = new OutboxRelay({ connectionString: service.url, bus, pollIntervalMs: 60_000 });
    await relay.start();
    await sleep(100);

    const sent: BusMessage[] = [];
    const started = Date.now();
    for (let n = 0; n < 30; n++) {
      const event = userRegistered(topic, `user-${n % 3}`, n);
      await inPgTransaction(pool, (client) => enqueueEvent(pgExecutor(client), event));
      sent.push(event);
    }
    await waitFor('30 relayed events', () => received.length >= 30, 5000);
    const elapsedMs = Date.now() - started;
    await relay.stop();
    await (await consumer).stop();

    for (const key of ['user-0', 'user-1', 'user-2']) {
      assert.deepEqual(
        received.filter((m) => m.key === key).map((m) => m.id),
        sent.filter((m) => m.key === key).map((m) => m.id),
      );
    }
    const rows = await pool.query(
      `SELECT status, count(*)::int AS n, bool_and(published_at IS NOT NULL) AS stamped FROM outbox WHERE topic = $1 GROUP BY status`,
      [topic],
    );
    assert.deepEqual(rows.rows, [{ status: 'published', n: 30, stamped: true }]);
    assert.ok(elapsedMs < 5000, `relayed in ${elapsedMs} ms`);
    console.log(`30 events written and relayed in ${elapsedMs} ms (poll interval 60 s)`);
  });

  test('a failing publish is retried with backoff, and the key keeps its order', async () => {
    const topic = uniqueTopic('retry');
    const first = userRegistered(topic, 'user-r', 1);
    const second = userRegistered(topic, 'user-r', 2);
    for (const event of [first, second])
      await inPgTransaction(pool, (client) => enqueueEvent(pgExecutor(client), event));
    const attemptsAt: Date[] = [];
    const { received, consumer } = collect(topic, 'retry-test');
    const relay = new OutboxRelay({
      connectionString: service.url,
      bus: failingFirst(bus, 2, new Set([first.id]), attemptsAt),
      retryBaseMs: 150,
      pollIntervalMs: 50,
    });
    await relay.start();
    await waitFor('both events', () => received.length >= 2, 5000);
    await relay.stop();
    await (await consumer).stop();

    assert.deepEqual(
      received.map((m) => m.id),
      [first.id, second.id],
    );
    assert.equal(attemptsAt.length, 3);
    const gaps = [
      attemptsAt[1]!.getTime() - attemptsAt[0]!.getTime(),
      attemptsAt[2]!.getTime() - attemptsAt[1]!.getTime(),
    ];
    assert.ok(gaps[0]! >= 140 && gaps[1]! >= 290, `backoff doubles: gaps ${gaps.join(', ')} ms`);
    const row = await pool.query('SELECT status, attempts, last_error FROM outbox WHERE event_id = $1', [first.id]);
    assert.deepEqual(row.rows[0], { status: 'published', attempts: 2, last_error: 'broker unavailable (attempt 2)' });
  });

  test('a row that keeps failing is parked, logged, and can be requeued', async () => {
    const topic = uniqueTopic('park');
    const poison = userRegistered(topic, 'user-p', 1);
    await inPgTransaction(pool, (client) => enqueueEvent(pgExecutor(client), poison));
    const deadBus = await connectPgLog({ connectionString: events.url });
    await deadBus.close(); // a real failure: publishing on a closed bus throws
    const { log, lines } = capturedLogger();
    const relay = new OutboxRelay({
      connectionString: service.url,
      bus: deadBus,
      log,
      maxAttempts: 3,
      retryBaseMs: 20,
      pollIntervalMs: 50,
    });
    await relay.start();
    await waitFor(
      'the row to be parked',
      async () =>
        (await pool.query(`SELECT 1 FROM outbox WHERE event_id = $1 AND status = 'parked'`, [poison.id])).rowCount ===
        1,
      5000,
    );
    // Time for a relay that ignored the parking (polling every 50 ms) to try again.
    await sleep(1_500);
    await relay.stop();

    const row = await pool.query('SELECT status, attempts, last_error FROM outbox WHERE event_id = $1', [poison.id]);
    assert.equal(row.rows[0].status, 'parked');
    assert.equal(row.rows[0].attempts, 3, 'no attempt after parking');
    assert.match(row.rows[0].last_error, /pool/i);
    const parkedLines = lines.filter((line) => line.level === 50 && line.eventId === poison.id);
    assert.equal(parkedLines.length, 1);
    assert.match(String(parkedLines[0]!.msg), /parked/);
    assert.equal(
      lines.filter((line) => line.level === 40 && line.eventId === poison.id).length,
      2,
      'two retry warnings',
    );

    assert.equal(await requeueParked(pgExecutor(pool), [poison.id]), 1);
    const { received, consumer } = collect(topic, 'park-test');
    const healthy = new OutboxRelay({ connectionString: service.url, bus, pollIntervalMs: 50 });
    await healthy.start();
    await waitFor('the requeued event', () => received.length === 1, 5000);
    await healthy.stop();
    await (await consumer).stop();
    assert.equal(received[0]!.id, poison.id);
  });

  test('while a row is parked, later rows of its key wait; other keys flow; requeueing releases the key in order', async () => {
    const topic = uniqueTopic('hold');
    const enqueue = (event: BusMessage) => inPgTransaction(pool, (client) => enqueueEvent(pgExecutor(client), event));
    const parkedA = userRegistered(topic, 'user-a', 1);
    await enqueue(parkedA);
    // Parked the way the relay parks a row after maxAttempts failures.
    await pool.query(
      `UPDATE outbox SET status = 'parked', attempts = 10, last_error = 'broker refused' WHERE event_id = $1`,
      [parkedA.id],
    );
    const laterA = [userRegistered(topic, 'user-a', 2), userRegistered(topic, 'user-a', 3)];
    const others = [userRegistered(topic, 'user-b', 4), userRegistered(topic, 'user-b', 5)];
    for (const event of [laterA[0]!, others[0]!, laterA[1]!, others[1]!]) await enqueue(event);

    const { received, consumer } = collect(topic, 'hold-test');
    const relay = new OutboxRelay({ connectionString: service.url, bus });
    try {
      assert.equal(await relay.relayOnce(), 2, 'only the other key is published');
      await waitFor("the other key's events", () => received.length === 2, 5000);
      assert.deepEqual(
        received.map((m) => m.id),
        others.map((m) => m.id),
      );
      const statuses = await pool.query(
        `SELECT event_id, status FROM outbox WHERE topic = $1 AND key = 'user-a' ORDER BY seq`,
        [topic],
      );
      assert.deepEqual(
        statuses.rows.map((r) => r.status),
        ['parked', 'pending', 'pending'],
        'later rows of the parked key are held',
      );
      assert.equal(await relay.relayOnce(), 0, 'a second round still holds them');

      assert.equal(await requeueParked(pgExecutor(pool), [parkedA.id]), 1);
      assert.equal(await relay.relayOnce(), 3);
      await waitFor('the released key', () => received.length === 5, 5000);
      assert.deepEqual(
        received.slice(2).map((m) => m.id),
        [parkedA, ...laterA].map((m) => m.id),
        'the key flows in its original order',
      );
    } finally {
      await relay.stop();
      await (await consumer).stop();
    }
  });

  test('a round publishes its rows in one call, each key in order, and marks them in one go', async () => {
    const topic = uniqueTopic('batch');
    const sent: BusMessage[] = [];
    await inPgTransaction(pool, async (client) => {
      for (let n = 0; n < 60; n++) {
        const event = userRegistered(topic, `user-${n % 4}`, n);
        await enqueueEvent(pgExecutor(client), event);
        sent.push(event);
      }
    });
    const calls: BusMessage[][] = [];
    const counting: EventBus = {
      ...bus,
      publish: async (messages) => {
        calls.push(messages);
        await bus.publish(messages);
      },
    };
    const { received, consumer } = collect(topic, 'batch-test');
    const relay = new OutboxRelay({ connectionString: service.url, bus: counting, batchSize: 50 });
    try {
      assert.equal(await relay.relayOnce(), 50);
      assert.equal(await relay.relayOnce(), 10);
      assert.deepEqual(
        calls.map((messages) => messages.length),
        [50, 10],
        'one publish per round',
      );
      await waitFor('60 events', () => received.length === 60, 5000);
      for (let k = 0; k < 4; k++) {
        assert.deepEqual(
          received.filter((m) => m.key === `user-${k}`).map((m) => m.id),
          sent.filter((m) => m.key === `user-${k}`).map((m) => m.id),
          `order of user-${k}`,
        );
      }
      const rows = await pool.query(
        `SELECT status, count(*)::int AS n, count(DISTINCT published_at)::int AS stamps FROM outbox WHERE topic = $1 GROUP BY status`,
        [topic],
      );
      assert.deepEqual(rows.rows, [{ status: 'published', n: 60, stamps: 2 }], 'one statement a round');
    } finally {
      await relay.stop();
      await (await consumer).stop();
    }
  });

  test('a row the bus refuses fails alone after its first round: the other keys of its batch flow', async () => {
    const topic = uniqueTopic('refused');
    const poison = userRegistered(topic, 'user-bad', 0);
    const behindPoison = userRegistered(topic, 'user-bad', 1);
    const healthy = Array.from({ length: 6 }, (_, n) => userRegistered(topic, `user-ok-${n % 3}`, n + 2));
    await inPgTransaction(pool, async (client) => {
      for (const event of [healthy[0]!, poison, ...healthy.slice(1, 4), behindPoison, ...healthy.slice(4)])
        await enqueueEvent(pgExecutor(client), event);
    });
    // The bus refuses any publish that holds the poison row, whatever else it holds.
    const refusing: EventBus = {
      ...bus,
      publish: async (messages) => {
        if (messages.some((m) => m.id === poison.id)) throw new Error('message too large');
        await bus.publish(messages);
      },
    };
    const { log, lines } = capturedLogger();
    const { received, consumer } = collect(topic, 'refused-test');
    const relay = new OutboxRelay({
      connectionString: service.url,
      bus: refusing,
      log,
      maxAttempts: 3,
      retryBaseMs: 20,
      pollIntervalMs: 50,
    });
    try {
      await relay.start();
      await waitFor('the healthy keys', () => received.length === 6, 5000);
      await waitFor(
        'the poison row to be parked',
        async () =>
          (await pool.query(`SELECT 1 FROM outbox WHERE event_id = $1 AND status = 'parked'`, [poison.id])).rowCount ===
          1,
        5000,
      );
    } finally {
      await relay.stop();
      await (await consumer).stop();
    }
    for (let k = 0; k < 3; k++) {
      assert.deepEqual(
        received.filter((m) => m.key === `user-ok-${k}`).map((m) => m.id),
        healthy.filter((m) => m.key === `user-ok-${k}`).map((m) => m.id),
      );
    }
    const rows = await pool.query(`SELECT event_id, status, attempts FROM outbox WHERE topic = $1 ORDER BY seq`, [
      topic,
    ]);
    const byId = new Map(rows.rows.map((row) => [row.event_id, row]));
    assert.deepEqual(byId.get(poison.id), { event_id: poison.id, status: 'parked', attempts: 3 });
    assert.deepEqual(
      byId.get(behindPoison.id),
      { event_id: behindPoison.id, status: 'pending', attempts: 0 },
      'the row behind it waits',
    );
    for (const event of healthy) {
      const row = byId.get(event.id)!;
      assert.equal(row.status, 'published');
      assert.ok(row.attempts <= 1, `a healthy row fails at most with the first batch (${row.attempts})`);
    }
    assert.equal(lines.filter((line) => line.level === 50 && line.eventId === poison.id).length, 1);
  });

  test('restarted and concurrent relays publish every row once, in order per key', async () => {
    const topic = uniqueTopic('restart');
    const { received, consumer } = collect(topic, 'restart-test');
    const enqueue = async (from: number, count: number) => {
      const batch = Array.from({ length: count }, (_, i) => userRegistered(topic, `user-${(from + i) % 5}`, from + i));
      await inPgTransaction(pool, async (client) => {
        for (const event of batch) await enqueueEvent(pgExecutor(client), event);
      });
      return batch;
    };
    const sent = await enqueue(0, 20);
    const firstRelay = new OutboxRelay({ connectionString: service.url, bus, pollIntervalMs: 50 });
    await firstRelay.start();
    await waitFor('the first 20', () => received.length >= 20, 5000);
    await firstRelay.stop();

    // Two relays at once (two replicas of a service), after a restart.
    const relays = [0, 1].map(
      () => new OutboxRelay({ connectionString: service.url, bus, pollIntervalMs: 50, batchSize: 7 }),
    );
    await Promise.all(relays.map((relay) => relay.start()));
    for (let from = 20; from < 220; from += 20) sent.push(...(await enqueue(from, 20)));
    await waitFor('all 220', () => received.length >= 220, 15_000);
    // Time for a duplicate to arrive, generous for a loaded machine.
    await sleep(1_500);
    await Promise.all(relays.map((relay) => relay.stop()));
    await (await consumer).stop();

    assert.equal(received.length, 220, 'no event published twice');
    assert.equal(new Set(received.map((m) => m.id)).size, 220);
    for (let k = 0; k < 5; k++) {
      const key = `user-${k}`;
      assert.deepEqual(
        received.filter((m) => m.key === key).map((m) => m.id),
        sent.filter((m) => m.key === key).map((m) => m.id),
        `order of ${key}`,
      );
    }
  });
});
