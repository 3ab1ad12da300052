import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import type { BusMessage, EventBus } from '../../src/events/bus.ts';
import { connectPgLog } from '../../src/events/pglog.ts';
import { listParkedEvents } from '../../src/events/parked.ts';
import { createTestDatabase, type TestDatabase } from '../../src/testing.ts';
import { platformMigrations, sleep, uniqueTopic, userRegistered, waitFor } from './support.ts';

describe('Postgres log consumer handling several keys at once (Subscription.concurrency)', () => {
  let events: TestDatabase;
  let service: TestDatabase;
  let bus: EventBus;
  let pool: pg.Pool;

  before(async () => {
    events = await createTestDatabase('events');
    service = await createTestDatabase('events', platformMigrations);
    pool = new pg.Pool({ connectionString: service.url });
    bus = await connectPgLog({
      connectionString: events.url,
      pollIntervalMs: 100,
      parking: { databaseUrl: service.url, maxAttempts: 2, retryBaseMs: 1, retryMaxMs: 2 },
    });
  });
  after(async () => {
    await bus?.close();
    await pool?.end();
    await events?.drop();
    await service?.drop();
  });

  test('each key keeps its order, keys overlap up to the limit, every event is handled once', async () => {
    const topic = uniqueTopic('lanes');
    const sent: BusMessage[] = Array.from({ length: 240 }, (_, n) =>
      userRegistered(topic, `user-${Math.floor(n / 2) % 6}`, n),
    );
    await bus.publish(sent);
    const received: BusMessage[] = [];
    let inFlight = 0;
    let mostAtOnce = 0;
    const consumer = await bus.subscribe({
      group: 'lanes-test',
      topics: [topic],
      concurrency: 4,
      handler: async (message) => {
        inFlight++;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        await sleep(message.id.charCodeAt(0) % 4); // uneven, so a key split across lanes would reorder
        inFlight--;
        received.push(message);
      },
    });
    await waitFor('240 events', () => received.length >= 240, 20_000);
    await sleep(300);
    await consumer.stop();

    assert.equal(received.length, 240, 'nothing handled twice');
    for (let k = 0; k < 6; k++) {
      assert.deepEqual(
        received.filter((m) => m.key === `user-${k}`).map((m) => m.id),
        sent.filter((m) => m.key === `user-${k}`).map((m) => m.id),
        `order of user-${k}`,
      );
    }
    assert.equal(mostAtOnce, 4, `keys handled at once: ${mostAtOnce}`);
    const log = new pg.Pool({ connectionString: events.url, max: 1 });
    const offsets = await log
      .query('SELECT committed_offset FROM consumer_offsets WHERE group_name = $1 AND topic = $2', [
        'lanes-test',
        topic,
      ])
      .finally(() => log.end());
    assert.equal(offsets.rows[0].committed_offset, '240');
  });

  test('a poison event is parked and holds its key; the other keys of the batch flow', async () => {
    const topic = uniqueTopic('lanes-poison');
    const poison = userRegistered(topic, 'user-bad', 0);
    const behind = userRegistered(topic, 'user-bad', 1);
    const others = Array.from({ length: 20 }, (_, n) => userRegistered(topic, `user-${n % 5}`, n + 2));
    await bus.publish([others[0]!, poison, ...others.slice(1, 10), behind, ...others.slice(10)]);
    const received: string[] = [];
    const consumer = await bus.subscribe({
      group: 'lanes-poison-test',
      topics: [topic],
      concurrency: 3,
      handler: async (message) => {
        if (message.id === poison.id) throw new Error('cannot apply');
        received.push(message.id);
      },
    });
    await waitFor(
      'the other keys and two parked events',
      async () => received.length === 20 && (await listParkedEvents(pool, { group: 'lanes-poison-test' })).length === 2,
      20_000,
    );
    await consumer.stop();
    assert.ok(!received.includes(behind.id), 'the event behind the poison one was held');
    const parked = await listParkedEvents(pool, { group: 'lanes-poison-test' });
    assert.deepEqual(
      parked.map((row) => [row.event_id, row.held_behind]),
      [
        [poison.id, null],
        [behind.id, poison.id],
      ],
    );
  });
});
