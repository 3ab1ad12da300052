import pg from 'pg';
import { messageFromRow, type BusMessage, type EventBus, type StoredEventRow } from './bus.ts';
import type { Logger } from 'pino';
import type { OpenParked, ParkEntry, ParkedStore, ParkingOptions, RetryPolicy } from './parking.ts';

/** Anything that runs a query: a pg Pool or Client. */
export type Queryable = Pick<pg.Pool, 'query'>;

/** The consumers' parked messages in the consuming service's database (`parked_events`). */
export class PgParkedStore implements ParkedStore {
  constructor(private readonly db: Queryable) {}

  async openForKey(group: string, topic: string, key: string): Promise<OpenParked[]> {
    const { rows } = await this.db.query<{ event_id: string; status: OpenParked['status'] }>(
      `SELECT event_id, status FROM parked_events
        WHERE consumer_group = $1 AND topic = $2 AND key = $3 AND status IN ('parked', 'replay')
        ORDER BY id`,
      [group, topic, key],
    );
    return rows.map((row) => ({ eventId: row.event_id, status: row.status }));
  }

  async keysWithOpen(group: string, topic: string, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const { rows } = await this.db.query<{ key: string }>(
      `SELECT DISTINCT key FROM parked_events
        WHERE consumer_group = $1 AND topic = $2 AND key = ANY($3::text[]) AND status IN ('parked', 'replay')`,
      [group, topic, keys],
    );
    return new Set(rows.map((row) => row.key));
  }

  async park({ group, message, position, error, attempts, heldBehind }: ParkEntry): Promise<void> {
    await this.db.query(
      `INSERT INTO parked_events (consumer_group, topic, partition, "offset", key, event_id, type, payload,
                                  occurred_at, error, attempts, held_behind)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (consumer_group, event_id) DO UPDATE
         SET status = 'parked', partition = EXCLUDED.partition, "offset" = EXCLUDED."offset",
             error = EXCLUDED.error, attempts = EXCLUDED.attempts, held_behind = EXCLUDED.held_behind,
             parked_at = now(), resolved_at = NULL`,
      [
        group,
        message.topic,
        position.partition ?? null,
        position.offset,
        message.key,
        message.id,
        message.type,
        Buffer.from(message.payload),
        message.occurredAt,
        error,
        attempts,
        heldBehind ?? null,
      ],
    );
  }

  async markReplayed(group: string, eventId: string): Promise<void> {
    await this.db.query(
      `UPDATE parked_events SET status = 'replayed', resolved_at = now() WHERE consumer_group = $1 AND event_id = $2`,
      [group, eventId],
    );
  }
}

/** A bus's retry policy and parked-message store, shared by all its consumers. */
export interface ConsumerParking {
  policy: RetryPolicy;
  /** Absent when the bus was given no parking database. */
  store?: ParkedStore;
  close(): Promise<void>;
}

/** Opens the parked-message store of `parking` (when given) with its retry policy. */
export function openConsumerParking(
  parking: ParkingOptions | undefined,
  defaults: RetryPolicy,
  log: Logger,
): ConsumerParking {
  if (!parking) return { policy: defaults, close: async () => {} };
  const { databaseUrl, ...policy } = parking;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // An idle connection cut by Postgres (a restart) must not crash the process; the pool reconnects.
  pool.on('error', (error) => log.warn({ err: error }, 'idle parking connection lost'));
  return {
    policy: { ...defaults, ...withoutUndefined(policy) },
    store: new PgParkedStore(pool),
    close: () => pool.end(),
  };
}

export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Which parked events an operator action applies to; `group` is required. */
export interface ParkedFilter {
  group: string;
  topic?: string;
  key?: string;
}

export interface ParkedEventRow {
  id: string;
  consumer_group: string;
  topic: string;
  partition: number | null;
  offset: string;
  key: string;
  event_id: string;
  type: string;
  error: string;
  attempts: number;
  held_behind: string | null;
  status: 'parked' | 'replay';
  parked_at: Date;
}

const openFilter = `status IN ('parked', 'replay') AND ($1::text IS NULL OR consumer_group = $1)
  AND ($2::text IS NULL OR topic = $2) AND ($3::text IS NULL OR key = $3)`;

/** The unresolved parked events (of one group, topic or key when given), oldest first. */
export async function listParkedEvents(db: Queryable, filter: Partial<ParkedFilter> = {}): Promise<ParkedEventRow[]> {
  const { rows } = await db.query<ParkedEventRow>(
    `SELECT id, consumer_group, topic, partition, "offset", key, event_id, type, error, attempts, held_behind,
            status, parked_at
       FROM parked_events WHERE ${openFilter} ORDER BY id`,
    [filter.group ?? null, filter.topic ?? null, filter.key ?? null],
  );
  return rows;
}

/**
 * Replays a group's parked events once the cause is fixed: marks them `replay` and
 * republishes them on the bus in their original order, whole keys at a time. The group's
 * consumer handles them again (a key's later events stay held until its earlier ones are
 * through); other groups receive a redelivery, which handleOnce skips. Events parked while
 * the replay runs stay parked for the next replay. Answers the events republished.
 */
export async function replayParkedEvents(db: Queryable, bus: EventBus, filter: ParkedFilter): Promise<number> {
  // Marked before publishing: a consumer that receives one must already see it as `replay`.
  const { rows } = await db.query<StoredEventRow & { id: string }>(
    `UPDATE parked_events SET status = 'replay' WHERE ${openFilter}
     RETURNING id, event_id, topic, key, type, payload, occurred_at`,
    [filter.group, filter.topic ?? null, filter.key ?? null],
  );
  const ordered = rows.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
  const messages: BusMessage[] = ordered.map(messageFromRow);
  // A failed publish leaves them `replay`: running the replay again republishes them.
  await bus.publish(messages);
  return messages.length;
}

/**
 * Gives up on parked events for good (e.g. an event no handler version will accept). The
 * events held behind them stay parked: replay the key afterwards to let it flow.
 */
export async function discardParkedEvents(db: Queryable, group: string, eventIds: string[]): Promise<number> {
  const result = await db.query(
    `UPDATE parked_events SET status = 'discarded', resolved_at = now()
      WHERE consumer_group = $1 AND event_id = ANY($2::text[]) AND status IN ('parked', 'replay')`,
    [group, eventIds],
  );
  return result.rowCount ?? 0;
}
