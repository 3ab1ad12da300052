import pg from 'pg';
import { pino, type Logger } from 'pino';
import { messageFromRow, type BusMessage, type EventBus, type StoredEventRow } from './bus.ts';
import { inPgTransaction, type SqlExecutor } from './executor.ts';
import { backoffMs, listen, Wakeup } from './wakeup.ts';

export { pgExecutor, prismaExecutor, inPgTransaction, type SqlExecutor } from './executor.ts';

/**
 * Writes an event to the service's `outbox` table. Call it with the executor of the
 * transaction that makes the change, so the event exists exactly when the change does.
 */
export async function enqueueEvent(exec: SqlExecutor, message: BusMessage): Promise<void> {
  await exec(
    `INSERT INTO outbox (event_id, topic, key, type, payload, occurred_at)
     VALUES ($1, $2, $3, $4, $5::bytea, $6::timestamptz)`,
    [message.id, message.topic, message.key, message.type, Buffer.from(message.payload), message.occurredAt],
  );
}

export interface OutboxRelayOptions {
  /** The service's own database, where its `outbox` table lives. */
  connectionString: string;
  bus: EventBus;
  log?: Logger;
  /**
   * Rows claimed per round (500). A round costs about two commits whatever its size, so this
   * sets the relay's rate: about 2,000 events/s at 100 rows, 10,000 at 500 (docs/performance.md).
   */
  batchSize?: number;
  /** Longest sleep between rounds when no NOTIFY arrives. */
  pollIntervalMs?: number;
  /** A row that failed this many times is parked for an operator. */
  maxAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

interface OutboxRow extends StoredEventRow {
  seq: string;
  attempts: number;
}

/**
 * Publishes outbox rows to the bus, in order per (topic, key), and marks them published.
 * Several relays may run against one database: rows are claimed with FOR UPDATE SKIP
 * LOCKED, and a relay only publishes a key's rows when it holds that key's oldest pending
 * ones, so two relays never reorder a key. A round publishes the rows it may in one
 * `publish` call (one append per topic on the Postgres log, one send on Kafka), each key's
 * rows in their order, and marks them published in one statement. A failed row is retried
 * with exponential backoff and parked after `maxAttempts` failures; later rows of its key
 * wait behind it while it waits for a retry and while it is parked, until `requeueParked`
 * or `discardParked` releases the key. When a round's publish fails, the first row of each
 * of its keys records the failure, and a row that has failed before is published on its
 * own, so one row the bus refuses cannot hold back the rows of other keys for long.
 */
export class OutboxRelay {
  readonly #pool: pg.Pool;
  readonly #options: Required<Omit<OutboxRelayOptions, 'log'>>;
  readonly #log: Logger;
  readonly #wakeup = new Wakeup();
  #listener?: { close(): Promise<void> };
  #loop?: Promise<void>;
  #stopping = false;

  constructor(options: OutboxRelayOptions) {
    this.#options = {
      batchSize: 500,
      pollIntervalMs: 1000,
      maxAttempts: 10,
      retryBaseMs: 1000,
      retryMaxMs: 5 * 60_000,
      ...options,
    };
    this.#log = (options.log ?? pino({ enabled: false })).child({ component: 'outbox-relay' });
    this.#pool = new pg.Pool({ connectionString: options.connectionString, max: 2 });
    // An idle connection cut by Postgres (a restart) must not crash the process; the pool reconnects.
    this.#pool.on('error', (error) => this.#log.warn({ err: error }, 'idle outbox connection lost'));
  }

  async start(): Promise<void> {
    this.#stopping = false;
    this.#listener = await listen(this.#options.connectionString, 'outbox', () => this.#wakeup.wake(), this.#log);
    this.#loop = this.#run();
  }

  /** Finishes the round in progress and releases the connections. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#wakeup.wake();
    await this.#loop;
    await this.#listener?.close();
    await this.#pool.end();
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      let published = 0;
      try {
        published = await this.relayOnce();
      } catch (error) {
        this.#log.error({ err: error }, 'outbox relay round failed');
      }
      if (published === 0 && !this.#stopping) await this.#wakeup.sleep(await this.#idleMs());
    }
  }

  /** Sleeps until the next retry falls due, but never longer than the poll interval. */
  async #idleMs(): Promise<number> {
    const { rows } = await this.#pool
      .query<{ due_in_ms: number | null }>(
        `SELECT extract(epoch FROM min(next_attempt_at) - now()) * 1000 AS due_in_ms
           FROM outbox WHERE status = 'pending'`,
      )
      .catch(() => ({ rows: [] as { due_in_ms: number | null }[] }));
    const dueInMs = rows[0]?.due_in_ms;
    const pollMs = this.#options.pollIntervalMs;
    return dueInMs === null || dueInMs === undefined ? pollMs : Math.max(5, Math.min(pollMs, Number(dueInMs)));
  }

  /** One round: claims due rows, publishes what it may, records the outcome. Answers the rows published. */
  async relayOnce(): Promise<number> {
    return inPgTransaction(this.#pool, async (client) => {
      const claimed = await this.#claim(client);
      const publishable = await this.#keepOldestPerKey(client, claimed);
      let published = 0;
      const batch: OutboxRow[] = [];
      for (const rows of publishable.values()) {
        let next = 0;
        // A row that failed before goes alone: if the bus refuses that row, its failure is its own.
        while (next < rows.length && rows[next]!.attempts > 0) {
          if (!(await this.#publishRow(client, rows[next]!))) break;
          published++;
          next++;
        }
        if (next < rows.length && rows[next]!.attempts === 0) batch.push(...rows.slice(next));
      }
      return published + (await this.#publishBatch(client, batch));
    });
  }

  /**
   * Publishes rows of several keys in one call, each key's rows in their order, and marks
   * them published in one statement. On failure nothing is marked; the first row of each key
   * records the failure (and will go alone next time). Answers the rows published.
   */
  async #publishBatch(client: pg.PoolClient, rows: OutboxRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    rows.sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1)); // the order they were written in
    try {
      await this.#options.bus.publish(rows.map(messageFromRow));
    } catch (error) {
      const heads = new Map<string, OutboxRow>();
      for (const row of rows) {
        const id = keyId(row);
        if (!heads.has(id)) heads.set(id, row);
      }
      for (const head of heads.values()) await this.#recordFailure(client, head, error);
      return 0;
    }
    await client.query(`UPDATE outbox SET status = 'published', published_at = now() WHERE seq = ANY($1::bigint[])`, [
      rows.map((row) => row.seq),
    ]);
    return rows.length;
  }

  async #claim(client: pg.PoolClient): Promise<OutboxRow[]> {
    // Rows queued behind a row of their key that is parked or waits for a retry are left
    // out: they must not be published before it, nor fill the batch and starve other keys.
    // Those keys are found first, in one pass over the unpublished rows: as a correlated
    // NOT EXISTS, the planner probed every claimed row against every pending one whenever the
    // statistics said no row was pending (the usual state, until a burst): 1.3 s a claim of
    // 500 with 10,000 pending (docs/performance.md, "Events").
    const { rows } = await client.query<OutboxRow>(
      `WITH blocked AS MATERIALIZED (
         SELECT topic, key, min(seq) AS seq FROM outbox
          WHERE status IN ('pending', 'parked') AND (status = 'parked' OR next_attempt_at > now())
          GROUP BY topic, key)
       SELECT o.seq, o.event_id, o.topic, o.key, o.type, o.payload, o.occurred_at, o.attempts
         FROM outbox o
        WHERE o.status = 'pending' AND o.next_attempt_at <= now()
          AND NOT EXISTS (SELECT 1 FROM blocked b WHERE b.topic = o.topic AND b.key = o.key AND b.seq < o.seq)
        ORDER BY o.seq
        LIMIT $1
        FOR UPDATE OF o SKIP LOCKED`,
      [this.#options.batchSize],
    );
    return rows;
  }

  /**
   * Keeps, for each key, only the claimed rows that are that key's oldest unpublished rows.
   * Rows another relay holds (or that wait for a retry) stay pending, and so do the rows
   * after them; so do the rows after a parked row (parked by another relay since the claim).
   */
  async #keepOldestPerKey(client: pg.PoolClient, claimed: OutboxRow[]): Promise<Map<string, OutboxRow[]>> {
    const byKey = new Map<string, OutboxRow[]>();
    for (const row of claimed) {
      const id = keyId(row);
      const rows = byKey.get(id);
      if (rows) rows.push(row);
      else byKey.set(id, [row]);
    }
    if (byKey.size === 0) return byKey;
    const { rows: pending } = await client.query<{ topic: string; key: string; seq: string }>(
      `SELECT o.topic, o.key, o.seq FROM outbox o
         JOIN (SELECT DISTINCT * FROM unnest($1::text[], $2::text[])) AS k(topic, key)
           ON k.topic = o.topic AND k.key = o.key
        WHERE o.status IN ('pending', 'parked') AND o.seq <= $3
        ORDER BY o.seq`,
      [claimed.map((row) => row.topic), claimed.map((row) => row.key), claimed.at(-1)!.seq],
    );
    const pendingByKey = new Map<string, string[]>();
    for (const row of pending) {
      const id = keyId(row);
      const seqs = pendingByKey.get(id);
      if (seqs) seqs.push(row.seq);
      else pendingByKey.set(id, [row.seq]);
    }
    for (const [id, rows] of byKey) {
      const oldest = pendingByKey.get(id) ?? [];
      let held = 0;
      while (held < rows.length && rows[held]!.seq === oldest[held]) held++;
      byKey.set(id, rows.slice(0, held));
    }
    return byKey;
  }

  /** Publishes one row and records the outcome; answers whether it was published. */
  async #publishRow(client: pg.PoolClient, row: OutboxRow): Promise<boolean> {
    try {
      await this.#options.bus.publish([messageFromRow(row)]);
    } catch (error) {
      await this.#recordFailure(client, row, error);
      return false;
    }
    await client.query(`UPDATE outbox SET status = 'published', published_at = now() WHERE seq = $1`, [row.seq]);
    return true;
  }

  async #recordFailure(client: pg.PoolClient, row: OutboxRow, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const parked = attempts >= this.#options.maxAttempts;
    const delayMs = backoffMs(attempts, this.#options.retryBaseMs, this.#options.retryMaxMs);
    const reason = error instanceof Error ? error.message : String(error);
    // clock_timestamp(), not now(): the backoff counts from this failure, not from the start
    // of the round, which a slow claim or an earlier row's publish may have made long ago.
    await client.query(
      `UPDATE outbox
          SET attempts = $2, last_error = $3, status = $4,
              next_attempt_at = clock_timestamp() + $5 * interval '1 millisecond'
        WHERE seq = $1`,
      [row.seq, attempts, reason, parked ? 'parked' : 'pending', delayMs],
    );
    const context = { eventId: row.event_id, topic: row.topic, key: row.key, type: row.type, attempts, err: error };
    if (parked) {
      this.#log.error(
        context,
        'outbox event parked after repeated publish failures; later events of its key wait until requeueParked or discardParked',
      );
    } else {
      this.#log.warn({ ...context, retryInMs: delayMs }, 'outbox event publish failed; will retry');
    }
  }
}

function keyId(row: { topic: string; key: string }): string {
  return JSON.stringify([row.topic, row.key]);
}

/**
 * Puts parked events (all, or the given ids) back in the queue with a fresh attempt count.
 * A requeued row keeps its place, so it is published before the later rows of its key.
 */
export async function requeueParked(exec: SqlExecutor, eventIds?: string[]): Promise<number> {
  return exec(
    `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = now(), last_error = NULL
      WHERE status = 'parked' AND ($1::text[] IS NULL OR event_id = ANY($1::text[]))`,
    [eventIds ?? null],
  );
}

/**
 * Gives up on parked events for good (an event that can never be published): they stay in
 * the table as `discarded` for the record, and the later rows of their keys flow again.
 */
export async function discardParked(exec: SqlExecutor, eventIds: string[]): Promise<number> {
  return exec(`UPDATE outbox SET status = 'discarded' WHERE status = 'parked' AND event_id = ANY($1::text[])`, [
    eventIds,
  ]);
}
