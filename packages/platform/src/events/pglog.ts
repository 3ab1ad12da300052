import pg from 'pg';
import { pino, type Logger } from 'pino';
import type { BusMessage, Consumer, EventBus, MessageHandler, Subscription } from './bus.ts';
import { ensureDatabase } from '../migrate.ts';
import { inPgTransaction } from './executor.ts';
import { openConsumerParking, withoutUndefined, type ConsumerParking } from './parked.ts';
import { defaultRetryPolicy, deliver, storeForBatch, type DeliveryContext, type ParkingOptions } from './parking.ts';
import { listen, Wakeup } from './wakeup.ts';

/**
 * The embedded event bus: an append-only log in its own Postgres database. Each topic has
 * dense offsets starting at 1; a consumer group keeps one committed offset per topic.
 *
 * One consumer per (group, topic) reads at a time: it holds a Postgres advisory lock on its
 * own connection, and any other consumer of the same group and topic waits as a standby
 * until that connection goes away. There are no partitions.
 */
const schema = `
CREATE TABLE IF NOT EXISTS event_topics (
  topic       text   PRIMARY KEY,
  last_offset bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS event_log (
  topic       text        NOT NULL,
  "offset"    bigint      NOT NULL,
  key         text        NOT NULL,
  id          text        NOT NULL,
  type        text        NOT NULL,
  payload     bytea       NOT NULL,
  occurred_at timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (topic, "offset")
);
CREATE TABLE IF NOT EXISTS consumer_offsets (
  group_name       text        NOT NULL,
  topic            text        NOT NULL,
  committed_offset bigint      NOT NULL DEFAULT 0,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_name, topic)
);`;

const notifyChannel = 'event_log';

export interface PgLogOptions {
  /** The events database, e.g. postgres://…/darmankar_events. Created when missing. */
  connectionString: string;
  log?: Logger;
  /** Longest wait for new events when no NOTIFY arrives. */
  pollIntervalMs?: number;
  /** Events a consumer reads (and commits) at a time. */
  batchSize?: number;
  /** Backoff between attempts when a handler throws (unless `parking` sets its own). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How often a standby consumer tries to take over its group's topic. */
  standbyRetryMs?: number;
  /**
   * Where a message whose handler keeps failing is parked. Without it such a message is
   * retried for ever and blocks its topic for the group.
   */
  parking?: ParkingOptions;
}

type Settings = Required<Omit<PgLogOptions, 'log' | 'parking'>>;

export async function connectPgLog(options: PgLogOptions): Promise<EventBus> {
  const { log: _log, parking: _parking, ...busOptions } = options;
  const settings: Settings = {
    pollIntervalMs: 1000,
    batchSize: 100,
    retryBaseMs: 500,
    retryMaxMs: 60_000,
    standbyRetryMs: 2000,
    ...withoutUndefined(busOptions),
  };
  const log = (options.log ?? pino({ enabled: false })).child({ component: 'event-bus', engine: 'postgres' });
  await ensureDatabase(options.connectionString); // development convenience: created on first start
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 4 });
  // An idle connection cut by Postgres (a restart) must not crash the process; the pool reconnects.
  pool.on('error', (error) => log.warn({ err: error }, 'idle event log connection lost'));
  await createSchema(pool);
  const wakeups = new Map<string, Set<Wakeup>>();
  const listener = await listen(
    options.connectionString,
    notifyChannel,
    (topic) => wakeups.get(topic)?.forEach((wakeup) => wakeup.wake()),
    log,
  );
  const retry = { ...defaultRetryPolicy, retryBaseMs: settings.retryBaseMs, retryMaxMs: settings.retryMaxMs };
  const parking = openConsumerParking(options.parking, retry, log);
  return new PgLogBus(pool, listener, wakeups, settings, parking, log);
}

class PgLogBus implements EventBus {
  readonly #consumers = new Set<TopicConsumer>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly listener: { close(): Promise<void> },
    private readonly wakeups: Map<string, Set<Wakeup>>,
    private readonly settings: Settings,
    private readonly parking: ConsumerParking,
    private readonly log: Logger,
  ) {}

  async publish(messages: BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const byTopic = new Map<string, BusMessage[]>();
    for (const message of messages) {
      const batch = byTopic.get(message.topic);
      if (batch) batch.push(message);
      else byTopic.set(message.topic, [message]);
    }
    await inPgTransaction(this.pool, async (client) => {
      for (const [topic, batch] of byTopic) {
        await appendToTopic(client, topic, batch);
        await client.query('SELECT pg_notify($1, $2)', [notifyChannel, topic]);
      }
    });
  }

  async subscribe(subscription: Subscription): Promise<Consumer> {
    if (subscription.from === 'now') {
      // The group's offset is set before subscribe() resolves, so nothing published after that is missed.
      await this.pool.query(
        `INSERT INTO consumer_offsets (group_name, topic, committed_offset)
         SELECT $1, topic, COALESCE((SELECT last_offset FROM event_topics WHERE event_topics.topic = topics.topic), 0)
           FROM unnest($2::text[]) AS topics(topic)
         ON CONFLICT DO NOTHING`,
        [subscription.group, subscription.topics],
      );
    }
    if (!this.parking.store)
      this.log.warn(
        { group: subscription.group },
        'no parking database: a message whose handler keeps failing blocks its topic for the group',
      );
    const consumers = subscription.topics.map(
      (topic) =>
        new TopicConsumer(
          this.settings,
          this.parking,
          subscription.group,
          topic,
          subscription.handler,
          Math.max(1, Math.floor(subscription.concurrency ?? 1)),
          this.log,
          (wakeup, on) => {
            const set = this.wakeups.get(topic) ?? new Set();
            if (on) set.add(wakeup);
            else set.delete(wakeup);
            this.wakeups.set(topic, set);
          },
        ),
    );
    for (const consumer of consumers) {
      consumer.start();
      this.#consumers.add(consumer);
    }
    return {
      stop: async () => {
        await Promise.all(consumers.map((consumer) => consumer.stop()));
        consumers.forEach((consumer) => this.#consumers.delete(consumer));
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.#consumers].map((consumer) => consumer.stop()));
    this.#consumers.clear();
    await this.listener.close();
    await this.pool.end();
    await this.parking.close();
  }
}

/**
 * Appends a batch to one topic. Taking the next offsets locks the topic's counter row until
 * commit, so offsets become visible in order and a reader never skips an uncommitted one.
 */
async function appendToTopic(client: pg.PoolClient, topic: string, batch: BusMessage[]): Promise<void> {
  const { rows } = await client.query<{ last_offset: string }>(
    `INSERT INTO event_topics (topic, last_offset) VALUES ($1, $2)
     ON CONFLICT (topic) DO UPDATE SET last_offset = event_topics.last_offset + EXCLUDED.last_offset
     RETURNING last_offset`,
    [topic, batch.length],
  );
  const firstOffset = BigInt(rows[0]!.last_offset) - BigInt(batch.length) + 1n;
  await client.query(
    `INSERT INTO event_log (topic, "offset", key, id, type, payload, occurred_at)
     SELECT $1, $2::bigint + m.ord - 1, m.key, m.id, m.type, m.payload, m.occurred_at
       FROM unnest($3::text[], $4::text[], $5::text[], $6::bytea[], $7::timestamptz[])
            WITH ORDINALITY AS m(key, id, type, payload, occurred_at, ord)`,
    [
      topic,
      firstOffset.toString(),
      batch.map((message) => message.key),
      batch.map((message) => message.id),
      batch.map((message) => message.type),
      batch.map((message) => Buffer.from(message.payload)),
      batch.map((message) => message.occurredAt),
    ],
  );
}

interface LogRow {
  offset: string;
  key: string;
  id: string;
  type: string;
  payload: Buffer;
  occurred_at: Date;
}

/**
 * Reads one topic for one group: handles each event in order (a poison one is parked, see
 * parking.ts), commits after each batch.
 */
class TopicConsumer {
  readonly #wakeup = new Wakeup();
  /** Ends a wait between attempts on stop; new events on the topic must not shorten it. */
  readonly #retryWakeup = new Wakeup();
  #stopping = false;
  #loop?: Promise<void>;
  readonly #log: Logger;
  readonly #delivery: DeliveryContext;

  constructor(
    private readonly settings: Settings,
    parking: ConsumerParking,
    private readonly group: string,
    private readonly topic: string,
    private readonly handler: MessageHandler,
    private readonly concurrency: number,
    log: Logger,
    private readonly register: (wakeup: Wakeup, on: boolean) => void,
  ) {
    this.#log = log.child({ group, topic });
    this.#delivery = {
      group,
      handler,
      store: parking.store,
      policy: parking.policy,
      sleep: (ms) => this.#retryWakeup.sleep(ms),
      stopping: () => this.#stopping,
      log: this.#log,
    };
  }

  start(): void {
    this.register(this.#wakeup, true);
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#wakeup.wake();
    this.#retryWakeup.wake();
    await this.#loop;
    this.register(this.#wakeup, false);
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      const client = new pg.Client({ connectionString: this.settings.connectionString });
      client.on('error', (error) => this.#log.warn({ err: error }, 'consumer connection lost'));
      try {
        await client.connect();
        if (await this.#becomeActive(client)) await this.#consume(client);
      } catch (error) {
        this.#log.error({ err: error }, 'consumer failed; reconnecting');
        await this.#wakeup.sleep(this.settings.standbyRetryMs);
      } finally {
        await client.end().catch(() => {});
      }
    }
  }

  /** Waits, as a standby, until this consumer holds the (group, topic) lock; false when stopped first. */
  async #becomeActive(client: pg.Client): Promise<boolean> {
    while (!this.#stopping) {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS locked',
        [this.group, this.topic],
      );
      if (rows[0]?.locked) return true;
      await this.#wakeup.sleep(this.settings.standbyRetryMs);
    }
    return false;
  }

  async #consume(client: pg.Client): Promise<void> {
    await client.query(`INSERT INTO consumer_offsets (group_name, topic) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      this.group,
      this.topic,
    ]);
    const { rows } = await client.query<{ committed_offset: string }>(
      'SELECT committed_offset FROM consumer_offsets WHERE group_name = $1 AND topic = $2',
      [this.group, this.topic],
    );
    let committed = BigInt(rows[0]!.committed_offset);
    while (!this.#stopping) {
      const batch = await client.query<LogRow>(
        `SELECT "offset", key, id, type, payload, occurred_at FROM event_log
          WHERE topic = $1 AND "offset" > $2 ORDER BY "offset" LIMIT $3`,
        [this.topic, committed.toString(), this.settings.batchSize],
      );
      let handled = committed;
      // One question for the batch's keys instead of one per event (see storeForBatch).
      const delivery =
        this.#delivery.store && batch.rows.length > 0
          ? {
              ...this.#delivery,
              store: await storeForBatch(
                this.#delivery.store,
                this.group,
                this.topic,
                batch.rows.map((row) => row.key),
              ),
            }
          : this.#delivery;
      if (this.concurrency > 1) handled = await this.#deliverByKey(batch.rows, delivery, committed);
      else
        for (const row of batch.rows) {
          if (this.#stopping) break;
          // Handled, parked or held: either way the topic moves past it.
          if ((await deliver(this.#toMessage(row), { offset: row.offset }, delivery)) === 'stopped') break;
          handled = BigInt(row.offset);
        }
      if (handled > committed) {
        await client.query(
          `UPDATE consumer_offsets SET committed_offset = $3, updated_at = now() WHERE group_name = $1 AND topic = $2`,
          [this.group, this.topic, handled.toString()],
        );
        committed = handled;
      }
      if (batch.rows.length === 0) await this.#wakeup.sleep(this.settings.pollIntervalMs);
    }
  }

  /**
   * Delivers a batch with up to `concurrency` keys at once, each key's events in order. Answers
   * the offset the batch may be committed to: the end of its longest prefix that was delivered
   * (events delivered after a gap come again after a restart; handleOnce skips them). Every
   * lane has finished before this answers, even when one fails, so no event of a key can be in
   * a handler while the next consumer of the topic starts.
   */
  async #deliverByKey(rows: LogRow[], delivery: DeliveryContext, committed: bigint): Promise<bigint> {
    const keys = new Map<string, LogRow[]>();
    for (const row of rows) {
      const ofKey = keys.get(row.key);
      if (ofKey) ofKey.push(row);
      else keys.set(row.key, [row]);
    }
    const queue = [...keys.values()];
    const delivered = new Set<string>();
    let halted = false;
    const lane = async () => {
      for (let ofKey = queue.shift(); ofKey && !halted; ofKey = queue.shift()) {
        for (const row of ofKey) {
          if (this.#stopping || halted) return;
          if ((await deliver(this.#toMessage(row), { offset: row.offset }, delivery)) === 'stopped') {
            halted = true;
            return;
          }
          delivered.add(row.offset);
        }
      }
    };
    const lanes = await Promise.allSettled(
      Array.from({ length: Math.min(this.concurrency, queue.length) }, () =>
        lane().catch((error: unknown) => {
          halted = true;
          throw error;
        }),
      ),
    );
    // As in order: a failure leaves the batch uncommitted, and the reconnect reads it again.
    const failed = lanes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    let handled = committed;
    for (const row of rows) {
      if (!delivered.has(row.offset)) break;
      handled = BigInt(row.offset);
    }
    return handled;
  }

  #toMessage(row: LogRow): BusMessage {
    return {
      id: row.id,
      topic: this.topic,
      key: row.key,
      type: row.type,
      payload: new Uint8Array(row.payload),
      occurredAt: row.occurred_at,
    };
  }
}

async function createSchema(pool: pg.Pool): Promise<void> {
  await inPgTransaction(pool, async (client) => {
    // Serialises concurrent start-ups: CREATE TABLE IF NOT EXISTS is not safe against a race.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('darmankar.event_log.schema'))`);
    await client.query(schema);
  });
}
