import type { Logger } from 'pino';
import type { BusMessage, MessageHandler } from './bus.ts';
import { backoffMs } from './wakeup.ts';

/**
 * What a consumer does with a message its handler keeps failing on, shared by the Postgres
 * log and the Kafka consumers: retry it with backoff, then park it in the consuming service's
 * `parked_events` table and move on, so one poison message no longer blocks its topic.
 *
 * Later messages with the same key are parked behind it ("held") without reaching the
 * handler: events of one aggregate build on each other, so a projection that skipped one
 * would apply the next to the wrong state. Other keys flow. An operator replays a key's
 * parked messages, in order, once the cause is fixed (see parked.ts and docs/events.md).
 */

export interface RetryPolicy {
  /** Handler attempts before the message is parked. */
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

export interface ParkingOptions extends Partial<RetryPolicy> {
  /** The consuming service's own database (its DATABASE_URL), which has `parked_events`. */
  databaseUrl: string;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 5, retryBaseMs: 500, retryMaxMs: 60_000 };

/** The waits between a message's attempts: after attempt 1, 2, … up to the last one. */
export function retrySchedule(policy: RetryPolicy): number[] {
  const waits = Math.max(0, Math.min(policy.maxAttempts, 1000) - 1);
  return Array.from({ length: waits }, (_, n) => backoffMs(n + 1, policy.retryBaseMs, policy.retryMaxMs));
}

/** After `attempts` failed attempts: wait and retry, or park. */
export function afterFailure(attempts: number, policy: RetryPolicy): { retryInMs: number } | 'park' {
  if (attempts >= policy.maxAttempts) return 'park';
  return { retryInMs: backoffMs(attempts, policy.retryBaseMs, policy.retryMaxMs) };
}

/** Where a message sits on its bus: the Postgres log has no partitions. */
export interface BusPosition {
  partition?: number;
  offset: string;
}

/** A parked message of a key that is not resolved yet, oldest first. */
export interface OpenParked {
  eventId: string;
  /** `replay`: an operator republished it and its consumer should try it again. */
  status: 'parked' | 'replay';
}

export interface ParkEntry {
  group: string;
  message: BusMessage;
  position: BusPosition;
  error: string;
  attempts: number;
  /** The event id this one waits behind; absent when its own handler failed. */
  heldBehind?: string;
}

export interface ParkedStore {
  openForKey(group: string, topic: string, key: string): Promise<OpenParked[]>;
  /** Which of `keys` have unresolved parked messages (one question for a consumer's whole batch). */
  keysWithOpen?(group: string, topic: string, keys: string[]): Promise<Set<string>>;
  /** Records the message as parked (again, when it was parked before). */
  park(entry: ParkEntry): Promise<void>;
  markReplayed(group: string, eventId: string): Promise<void>;
}

export interface DeliveryContext {
  group: string;
  handler: MessageHandler;
  /** Absent: nothing is parked and a failing message is retried for ever (the old behaviour). */
  store?: ParkedStore;
  policy: RetryPolicy;
  /** Waits between attempts; injected so tests and stop() control time. */
  sleep(ms: number): Promise<void>;
  stopping(): boolean;
  log: Logger;
}

/**
 * handled: the handler succeeded. parked: it kept failing and the message was parked.
 * held: parked behind an earlier parked message of its key (or already parked).
 * stopped: the consumer is stopping between attempts; the message is neither handled nor
 * parked, so its offset must not be committed.
 */
export type DeliveryOutcome = 'handled' | 'parked' | 'held' | 'stopped';

export async function deliver(
  message: BusMessage,
  position: BusPosition,
  context: DeliveryContext,
): Promise<DeliveryOutcome> {
  const { store, group, log } = context;
  const open = store ? await store.openForKey(group, message.topic, message.key) : [];
  const mine = open.findIndex((parked) => parked.eventId === message.id);
  const replaying = mine === 0 && open[0]!.status === 'replay';
  if (store && open.length > 0 && !replaying) {
    // Already parked and redelivered, or behind a parked message of its key: stays parked.
    if (mine === -1 || open[mine]!.status === 'replay') {
      const first = open[0]!.eventId;
      await store.park({
        group,
        message,
        position,
        error: `held behind parked event ${first}`,
        attempts: 0,
        heldBehind: first,
      });
      log.warn(
        { eventId: message.id, key: message.key, heldBehind: first },
        'event held behind a parked event of its key',
      );
    }
    return 'held';
  }
  const policy = store ? context.policy : { ...context.policy, maxAttempts: Number.POSITIVE_INFINITY };
  for (let attempts = 1; ; attempts++) {
    try {
      await context.handler(message);
      if (replaying) await store!.markReplayed(group, message.id);
      return 'handled';
    } catch (error) {
      const decision = afterFailure(attempts, policy);
      const fields = { err: error, eventId: message.id, key: message.key, ...position, attempts };
      if (decision === 'park') {
        const reason = error instanceof Error ? error.message : String(error);
        await store!.park({ group, message, position, error: reason, attempts });
        log.error(fields, 'event parked after repeated handler failures; later events of its key wait behind it');
        return 'parked';
      }
      log.error({ ...fields, retryInMs: decision.retryInMs }, 'event handler failed; will retry');
      await context.sleep(decision.retryInMs);
      if (context.stopping()) return 'stopped';
    }
  }
}

/**
 * The store as one batch of a topic sees it: a key with nothing parked when the batch was
 * read answers no open parked messages without asking the database, until this consumer
 * parks one of that key's messages. Only a group's own consumer parks its messages, and one
 * consumer reads a (group, topic) at a time on the Postgres log, so nothing else can open
 * a key meanwhile; an operator's replay or discard only touches keys that were already open.
 */
export async function storeForBatch(
  store: ParkedStore,
  group: string,
  topic: string,
  keys: string[],
): Promise<ParkedStore> {
  if (!store.keysWithOpen) return store;
  const open = await store.keysWithOpen(group, topic, [...new Set(keys)]);
  return {
    openForKey: (g, t, key) =>
      g === group && t === topic && !open.has(key) ? Promise.resolve([]) : store.openForKey(g, t, key),
    park: async (entry) => {
      open.add(entry.message.key);
      await store.park(entry);
    },
    markReplayed: (g, eventId) => store.markReplayed(g, eventId),
  };
}
