// The parking decision and retry schedule shared by the Postgres log and Kafka consumers,
// with an in-memory store and an injected sleep: no database, no broker, no waiting.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pino } from 'pino';
import type { BusMessage } from '../../src/events/bus.ts';
import {
  afterFailure,
  defaultRetryPolicy,
  deliver,
  retrySchedule,
  type DeliveryContext,
  type OpenParked,
  type ParkEntry,
  type ParkedStore,
} from '../../src/events/parking.ts';
import { userRegistered } from './support.ts';

class MemoryStore implements ParkedStore {
  rows: Array<ParkEntry & { status: OpenParked['status'] | 'replayed' }> = [];
  async openForKey(group: string, topic: string, key: string): Promise<OpenParked[]> {
    return this.rows
      .filter(
        (r) =>
          r.group === group &&
          r.message.topic === topic &&
          r.message.key === key &&
          (r.status === 'parked' || r.status === 'replay'),
      )
      .map((r) => ({ eventId: r.message.id, status: r.status as OpenParked['status'] }));
  }
  async park(entry: ParkEntry): Promise<void> {
    const existing = this.rows.find((r) => r.group === entry.group && r.message.id === entry.message.id);
    if (existing) Object.assign(existing, entry, { status: 'parked' });
    else this.rows.push({ ...entry, status: 'parked' });
  }
  async markReplayed(group: string, eventId: string): Promise<void> {
    this.rows.find((r) => r.group === group && r.message.id === eventId)!.status = 'replayed';
  }
}

function harness(failuresOf: Map<string, number>, store: ParkedStore | null = new MemoryStore()) {
  const slept: number[] = [];
  const handled: string[] = [];
  const attempts = new Map<string, number>();
  let stopAfterSleeps = Number.POSITIVE_INFINITY;
  const context: DeliveryContext = {
    group: 'g',
    store: store ?? undefined,
    policy: { maxAttempts: 4, retryBaseMs: 100, retryMaxMs: 250 },
    log: pino({ enabled: false }),
    sleep: async (ms) => void slept.push(ms),
    stopping: () => slept.length >= stopAfterSleeps,
    handler: async (message) => {
      const n = (attempts.get(message.id) ?? 0) + 1;
      attempts.set(message.id, n);
      if (n <= (failuresOf.get(message.id) ?? 0)) throw new Error(`fails on attempt ${n}`);
      handled.push(message.id);
    },
  };
  return { context, slept, handled, attempts, stopAfter: (n: number) => void (stopAfterSleeps = n) };
}

const topic = 'test.parking.v1';
const at = { offset: '7' };
const event = (key: string, n: number): BusMessage => userRegistered(topic, key, n);

describe('consumer parking: decision and retry schedule', () => {
  test('the retry schedule doubles from the base, is capped, and has one wait fewer than attempts', () => {
    assert.deepEqual(retrySchedule({ maxAttempts: 6, retryBaseMs: 100, retryMaxMs: 500 }), [100, 200, 400, 500, 500]);
    assert.deepEqual(retrySchedule({ maxAttempts: 1, retryBaseMs: 100, retryMaxMs: 500 }), []);
    assert.deepEqual(retrySchedule(defaultRetryPolicy), [500, 1000, 2000, 4000]);
    assert.deepEqual(afterFailure(1, defaultRetryPolicy), { retryInMs: 500 });
    assert.equal(afterFailure(5, defaultRetryPolicy), 'park');
  });

  test('a handler that recovers within the attempts handles the message, after the scheduled waits', async () => {
    const message = event('k1', 1);
    const h = harness(new Map([[message.id, 2]]));
    assert.equal(await deliver(message, at, h.context), 'handled');
    assert.deepEqual(h.slept, [100, 200]);
    assert.deepEqual(h.handled, [message.id]);
    assert.deepEqual((h.context.store as MemoryStore).rows, []);
  });

  test('a handler that keeps failing parks the message after maxAttempts, with the error and position', async () => {
    const message = event('k1', 1);
    const h = harness(new Map([[message.id, 99]]));
    assert.equal(await deliver(message, { partition: 2, offset: '41' }, h.context), 'parked');
    assert.equal(h.attempts.get(message.id), 4);
    assert.deepEqual(h.slept, [100, 200, 250]);
    const [row] = (h.context.store as MemoryStore).rows;
    assert.deepEqual(
      [row!.attempts, row!.error, row!.position, row!.heldBehind, row!.status],
      [4, 'fails on attempt 4', { partition: 2, offset: '41' }, undefined, 'parked'],
    );
  });

  test('later messages of a parked key are held without reaching the handler; other keys are handled', async () => {
    const [poison, next, other] = [event('k1', 1), event('k1', 2), event('k2', 3)];
    const h = harness(new Map([[poison.id, 99]]));
    assert.equal(await deliver(poison, at, h.context), 'parked');
    assert.equal(await deliver(next, at, h.context), 'held');
    assert.equal(await deliver(other, at, h.context), 'handled');
    assert.equal(h.attempts.get(next.id), undefined, 'the held message never reached the handler');
    assert.deepEqual(h.handled, [other.id]);
    const held = (h.context.store as MemoryStore).rows[1]!;
    assert.deepEqual([held.message.id, held.heldBehind, held.attempts], [next.id, poison.id, 0]);
    assert.equal(await deliver(poison, at, h.context), 'held', 'a redelivered parked message stays parked');
    assert.equal((h.context.store as MemoryStore).rows.length, 2);
  });

  test('on replay the first parked message is handled and marked; one behind a still-parked message is parked again', async () => {
    const [first, second] = [event('k1', 1), event('k1', 2)];
    const store = new MemoryStore();
    const h = harness(new Map([[first.id, 4]]), store);
    await deliver(first, at, h.context);
    await deliver(second, at, h.context);
    store.rows.forEach((r) => (r.status = 'replay'));
    // The replayed first one fails again (the fix did not help) and is parked.
    const failing = harness(new Map([[first.id, 99]]), store);
    assert.equal(await deliver(first, at, failing.context), 'parked');
    assert.equal(await deliver(second, at, failing.context), 'held');
    assert.deepEqual(
      store.rows.map((r) => r.status),
      ['parked', 'parked'],
    );
    // Replayed again once fixed: both flow, in order.
    store.rows.forEach((r) => (r.status = 'replay'));
    const fixed = harness(new Map(), store);
    assert.equal(await deliver(first, at, fixed.context), 'handled');
    assert.equal(await deliver(second, at, fixed.context), 'handled');
    assert.deepEqual(fixed.handled, [first.id, second.id]);
    assert.deepEqual(
      store.rows.map((r) => r.status),
      ['replayed', 'replayed'],
    );
  });

  test('a consumer stopping between attempts neither handles nor parks the message', async () => {
    const message = event('k1', 1);
    const h = harness(new Map([[message.id, 99]]));
    h.stopAfter(1);
    assert.equal(await deliver(message, at, h.context), 'stopped');
    assert.deepEqual((h.context.store as MemoryStore).rows, []);
  });

  test('without a parking store a failing message is retried beyond maxAttempts, never parked', async () => {
    const message = event('k1', 1);
    const h = harness(new Map([[message.id, 9]]), null);
    assert.equal(await deliver(message, at, h.context), 'handled');
    assert.equal(h.attempts.get(message.id), 10);
    assert.deepEqual(h.slept.slice(-2), [250, 250]);
  });
});
