// The contract every event bus adapter must meet; each adapter's test file runs it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { UserRegisteredSchema } from '@darmankar/proto/auth/v1/events_pb';
import { decodeBusMessage, type BusMessage, type EventBus } from '../../src/events/bus.ts';
import { listParkedEvents, replayParkedEvents } from '../../src/events/parked.ts';
import type { ParkingOptions } from '../../src/events/parking.ts';
import { createTestDatabase, type TestDatabase } from '../../src/testing.ts';
import { countingEffectHandler, effectsTable } from './effects.ts';
import { platformMigrations, sleep, uniqueTopic, userRegistered, waitFor } from './support.ts';

export interface AdapterUnderTest {
  /** A new bus instance on the adapter's backend; every call reaches the same events. */
  connect(options?: { parking?: ParkingOptions }): Promise<EventBus>;
  /** Environment that makes `createEventBus` in a child process build the same adapter. */
  childEnv: Record<string, string>;
  teardown(): Promise<void>;
}

export interface ContractOptions {
  /** When set, the whole suite is skipped and this reason printed. */
  skip?: string;
  /**
   * Time for a consumer to prove it received nothing more (Kafka needs longer). A window too
   * short on a loaded machine lets a late duplicate pass unseen, so the default is generous.
   */
  quietMs?: number;
}

export function eventBusContract(
  name: string,
  setup: () => Promise<AdapterUnderTest>,
  options: ContractOptions = {},
): void {
  const quietMs = options.quietMs ?? 1_500;
  if (options.skip) console.log(`skipping the event bus contract for ${name}: ${options.skip}`);

  describe(`event bus contract: ${name}`, { skip: options.skip }, () => {
    let adapter: AdapterUnderTest;
    let bus: EventBus;

    before(async () => {
      adapter = await setup();
      bus = await adapter.connect();
    });
    after(async () => {
      await bus?.close();
      await adapter?.teardown();
    });

    test('delivers the envelope and the protobuf payload unchanged', async () => {
      const topic = uniqueTopic('envelope');
      const sent = userRegistered(topic, 'user-1', 1);
      const received: BusMessage[] = [];
      const consumer = await bus.subscribe({
        group: 'envelope',
        topics: [topic],
        handler: async (m) => void received.push(m),
      });
      await bus.publish([sent]);
      await waitFor('the event', () => received.length === 1);
      await consumer.stop();

      const got = received[0]!;
      assert.deepEqual(
        { id: got.id, topic: got.topic, key: got.key, type: got.type, at: got.occurredAt.getTime() },
        { id: sent.id, topic, key: 'user-1', type: 'darmankar.auth.v1.UserRegistered', at: sent.occurredAt.getTime() },
      );
      const decoded = decodeBusMessage(UserRegisteredSchema, got);
      assert.equal(decoded.cellphone, '09120000001');
      assert.equal(decoded.meta?.eventId, sent.id);
    });

    test("a new group 'from now' gets only what is published after it subscribed; by default the whole history", async () => {
      const topic = uniqueTopic('from-now');
      await bus.publish([userRegistered(topic, 'user-old', 1), userRegistered(topic, 'user-older', 2)]);
      const fromNow: BusMessage[] = [];
      const whole: BusMessage[] = [];
      const now = await bus.subscribe({
        group: 'from-now',
        topics: [topic],
        from: 'now',
        handler: async (m) => void fromNow.push(m),
      });
      const history = await bus.subscribe({
        group: 'from-beginning',
        topics: [topic],
        handler: async (m) => void whole.push(m),
      });
      await bus.publish([userRegistered(topic, 'user-new', 3)]);
      await waitFor('the new event', () => fromNow.length >= 1 && whole.length >= 3);
      await sleep(quietMs);
      await Promise.all([now.stop(), history.stop()]);
      assert.deepEqual(
        fromNow.map((m) => m.key),
        ['user-new'],
      );
      assert.deepEqual(
        whole.map((m) => m.key),
        ['user-old', 'user-older', 'user-new'],
      );
    });

    test('keeps the publishing order of each key', async () => {
      const topic = uniqueTopic('order');
      const keys = ['user-a', 'user-b', 'user-c'];
      const sent: BusMessage[] = [];
      for (let n = 0; n < 60; n++) sent.push(userRegistered(topic, keys[n % 3]!, n));
      for (let start = 0; start < sent.length; start += 10) await bus.publish(sent.slice(start, start + 10));

      const received: BusMessage[] = [];
      const consumer = await bus.subscribe({
        group: 'order',
        topics: [topic],
        handler: async (m) => void received.push(m),
      });
      await waitFor('60 events', () => received.length >= 60);
      await sleep(quietMs);
      await consumer.stop();

      assert.equal(received.length, 60);
      for (const key of keys) {
        assert.deepEqual(
          received.filter((m) => m.key === key).map((m) => m.id),
          sent.filter((m) => m.key === key).map((m) => m.id),
          `order of ${key}`,
        );
      }
    });

    test('a consumer group resumes after its committed offset; another group reads everything', async () => {
      const topic = uniqueTopic('offsets');
      const first = Array.from({ length: 5 }, (_, n) => userRegistered(topic, `user-${n}`, n));
      const later = Array.from({ length: 3 }, (_, n) => userRegistered(topic, `user-${n}`, 10 + n));
      await bus.publish(first);

      const firstRun: string[] = [];
      const consumer = await bus.subscribe({
        group: 'billing',
        topics: [topic],
        handler: async (m) => void firstRun.push(m.id),
      });
      await waitFor('the first 5 events', () => firstRun.length === 5);
      await consumer.stop();

      await bus.publish(later);
      const restartedBus = await adapter.connect(); // a fresh process-like instance
      const secondRun: string[] = [];
      const otherGroup: string[] = [];
      const restarted = await restartedBus.subscribe({
        group: 'billing',
        topics: [topic],
        handler: async (m) => void secondRun.push(m.id),
      });
      const other = await restartedBus.subscribe({
        group: 'search',
        topics: [topic],
        handler: async (m) => void otherGroup.push(m.id),
      });
      await waitFor('the 3 later events', () => secondRun.length >= 3 && otherGroup.length >= 8);
      await sleep(quietMs);
      await restarted.stop();
      await other.stop();
      await restartedBus.close();

      assert.deepEqual(new Set(secondRun), new Set(later.map((m) => m.id)));
      assert.equal(secondRun.length, 3, 'nothing before the committed offset is delivered again');
      assert.deepEqual(new Set(otherGroup), new Set([...first, ...later].map((m) => m.id)));
      assert.equal(otherGroup.length, 8);
    });

    test('a consumer killed mid-batch, then restarted, applies every event exactly once', async () => {
      const n = 40;
      const k = 15;
      const topic = uniqueTopic('crash');
      const group = 'crash-test';
      const service: TestDatabase = await createTestDatabase('events', platformMigrations);
      const pool = new pg.Pool({ connectionString: service.url });
      try {
        await pool.query(effectsTable);
        await bus.publish(Array.from({ length: n }, (_, i) => userRegistered(topic, `user-${i % 4}`, i)));
        const effectCount = async () => Number((await pool.query('SELECT count(*) AS c FROM effects')).rows[0].c);

        const child = spawn(
          process.execPath,
          ['--import', 'tsx', fileURLToPath(new URL('crash-consumer.ts', import.meta.url))],
          {
            env: {
              ...process.env,
              ...adapter.childEnv,
              SERVICE_DATABASE_URL: service.url,
              TOPIC: topic,
              GROUP: group,
              CRASH_AFTER: String(k),
            },
            stdio: ['ignore', 'inherit', 'inherit'],
          },
        );
        const exited = new Promise((resolve) => child.once('exit', resolve));
        await waitFor(`${k} effects from the first consumer`, async () => (await effectCount()) >= k, 30_000);
        await sleep(200); // it now hangs inside event k+1 with nothing committed
        child.kill('SIGKILL');
        await exited;
        assert.equal(await effectCount(), k, 'the killed consumer applied exactly k events');

        const restartedBus = await adapter.connect();
        const effects = countingEffectHandler(pool, group);
        const consumer = await restartedBus.subscribe({ group, topics: [topic], handler: (m) => effects.handle(m) });
        // Kafka rebalances the killed member away only after its session times out.
        await waitFor(`${n} effects`, async () => (await effectCount()) >= n, 90_000);
        await sleep(quietMs);
        await consumer.stop();
        await restartedBus.close();

        assert.equal(await effectCount(), n, 'every event applied exactly once');
        const distinct = await pool.query('SELECT count(DISTINCT event_id) AS c FROM effects');
        assert.equal(Number(distinct.rows[0].c), n);
        assert.ok(effects.skipped > 0 && effects.skipped <= k, `redelivered events were skipped (${effects.skipped})`);
        assert.equal(effects.applied, n - k);
      } finally {
        await pool.end();
        await service.drop();
      }
    });

    test('a poison message is parked and the topic moves on; its key waits behind it until replayed in order', async () => {
      const topic = uniqueTopic('poison');
      const group = 'poison-test';
      const service: TestDatabase = await createTestDatabase('events', platformMigrations);
      const pool = new pg.Pool({ connectionString: service.url });
      const parkingBus = await adapter.connect({
        parking: { databaseUrl: service.url, maxAttempts: 3, retryBaseMs: 1, retryMaxMs: 4 },
      });
      try {
        const [a1, a2, a3] = [1, 2, 3].map((n) => userRegistered(topic, 'user-a', n)) as [
          BusMessage,
          BusMessage,
          BusMessage,
        ];
        const [b1, b2] = [4, 5].map((n) => userRegistered(topic, 'user-b', n)) as [BusMessage, BusMessage];
        let poisoned = true;
        let poisonAttempts = 0;
        const received: string[] = [];
        const consumer = await parkingBus.subscribe({
          group,
          topics: [topic],
          handler: async (message) => {
            if (message.id === a1.id && poisoned) {
              poisonAttempts++;
              throw new Error('handler cannot apply this event');
            }
            received.push(message.id);
          },
        });
        await parkingBus.publish([a1, b1, a2, b2, a3]);
        const openRows = async () =>
          (await listParkedEvents(pool, { group, topic })).filter((row) => row.status === 'parked');
        await waitFor(
          'the other key and three parked events',
          async () => received.length === 2 && (await openRows()).length === 3,
          30_000,
        );
        await sleep(quietMs);
        assert.deepEqual(received, [b1.id, b2.id], 'the other key flowed; the parked key is held');
        assert.equal(poisonAttempts, 3, 'tried maxAttempts times, then parked');

        const parked = await openRows();
        assert.deepEqual(
          parked.map((row) => [row.event_id, row.key, row.attempts, row.held_behind]),
          [
            [a1.id, 'user-a', 3, null],
            [a2.id, 'user-a', 0, a1.id],
            [a3.id, 'user-a', 0, a1.id],
          ],
        );
        assert.match(parked[0]!.error, /cannot apply/);
        assert.ok(parked.every((row) => row.offset !== '' && row.parked_at instanceof Date));

        // The cause is fixed; an operator replays the group's parked events.
        poisoned = false;
        assert.equal(await replayParkedEvents(pool, bus, { group }), 3);
        await waitFor('the replayed key', () => received.length === 5, 30_000);
        const a4 = userRegistered(topic, 'user-a', 6);
        await parkingBus.publish([a4]);
        await waitFor('the next event of the key', () => received.length === 6, 30_000);
        await sleep(quietMs);
        await consumer.stop();

        assert.deepEqual(received.slice(2), [a1.id, a2.id, a3.id, a4.id], 'the key arrives in its original order');
        assert.deepEqual(await listParkedEvents(pool, { group }), [], 'nothing left parked');
        const statuses = await pool.query(`SELECT DISTINCT status FROM parked_events WHERE consumer_group = $1`, [
          group,
        ]);
        assert.deepEqual(statuses.rows, [{ status: 'replayed' }]);
      } finally {
        await parkingBus.close();
        await pool.end();
        await service.drop();
      }
    });
  });
}
