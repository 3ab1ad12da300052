// The job-alert fan-out: JobAlert events (recruitment.job-alert.v1, keyed by the user id) written
// to a service's outbox, published by the outbox relay to the Postgres event log, and consumed.
//   relay      BENCH_EVENTS rows already in the outbox (written before the relay starts, in
//              transactions of 500), the relay started: time until none is pending → events/s
//   history    the same on an outbox that already holds BENCH_OUTBOX_HISTORY (300,000) published
//              rows, its statistics taken before the burst (none pending), as in production
//   consumer   the log already holding them: a consumer group reading the topic from its
//              beginning, first with a handler that does nothing (the bus's own read and commit),
//              then as a service consumes (parking in its database, `handleOnce` and one row
//              written in the handler's transaction) → events/s, then the same handler with
//              BENCH_CONSUMER_CONCURRENCY (4) keys handled at once (Subscription.concurrency)
//   end to end the relay and that consumer running, BENCH_EVENTS new rows written to the outbox:
//              time from the first write until the last event's effect is committed
//   fan-out    the notification service (`@darmankar/notification`) started as its own node
//              process on a fresh event log, after it has learned BENCH_USERS users with a
//              cellphone and a verified email (auth.user.v1); BENCH_EVENTS rows written to the
//              outbox with the relay running: until every event has its in-app notification and
//              its email delivery row (a daily digest entry, the default frequency) → relay and
//              consumer events/s, end-to-end seconds, the service's peak memory
// The relay and the platform consumers run in this process (nothing else does meanwhile).
// Memory: peak resident sets. BENCH_PROFILE_DIR: the notification process writes a CPU profile
// (--cpu-prof) there.
// Environment: BENCH_EVENTS (10000), BENCH_USERS (1000: events are spread evenly over that many
// keys), BENCH_RELAY_BATCH (the relay's rows per round; its default when unset), BENCH_OUTBOX_HISTORY
// (0 leaves that part out), BENCH_CONSUMER_CONCURRENCY (1 leaves that part out), BENCH_FANOUT
// (0 leaves the notification service out), BENCH_PROFILE_DIR, TEST_POSTGRES_URL.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { create } from '@bufbuild/protobuf';
import { toBusMessage, type BusMessage, type EventBus } from '@darmankar/platform/events/bus';
import { handleOnce } from '@darmankar/platform/events/consumer';
import { inPgTransaction, pgExecutor } from '@darmankar/platform/events/executor';
import { OutboxRelay } from '@darmankar/platform/events/outbox';
import { connectPgLog } from '@darmankar/platform/events/pglog';
import { dropDatabase, PLATFORM_MIGRATIONS_DIR, serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, testPostgresUrl } from '@darmankar/platform/testing';
import { UserEmailVerifiedSchema, UserRegisteredSchema } from '@darmankar/proto/auth/v1/events_pb';
import { JobAlertSchema } from '@darmankar/proto/recruitment/v1/events_pb';
import { createHealthChecker } from '@darmankar/platform/grpc';
import { freePort } from '@darmankar/platform/testing';
import pg from 'pg';
import { processGroup, waitFor } from './processes.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const RELAY_BATCH = process.env.BENCH_RELAY_BATCH ? Number(process.env.BENCH_RELAY_BATCH) : undefined;
const FANOUT = process.env.BENCH_FANOUT !== '0';
const HISTORY = Number(process.env.BENCH_OUTBOX_HISTORY ?? 300_000);
const CONCURRENCY = Number(process.env.BENCH_CONSUMER_CONCURRENCY ?? 4);
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const TOPIC = 'recruitment.job-alert.v1';
const USER_TOPIC = 'auth.user.v1';
const platform = [{ name: 'platform', dir: PLATFORM_MIGRATIONS_DIR }];

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const peakRssMb = (pid: number | 'self' = 'self') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : Math.round(process.memoryUsage().rss / 2 ** 20);
};
const rate = (events: number, ms: number) => `${((events * 1000) / ms).toFixed(0)} events/s`;

/** `count` JobAlert events, user i % USERS, as the recruitment service writes them. */
function jobAlerts(count: number, users: string[]): BusMessage[] {
  return Array.from({ length: count }, (_, i) => {
    const userId = users[i % users.length]!;
    const message = create(JobAlertSchema, {
      meta: { eventId: randomUUID(), occurredAtMs: BigInt(Date.now()) },
      userId,
      filterId: randomUUID(),
      filterName: 'پرستار بخش ویژه در تهران',
      postingId: randomUUID(),
      postingSlug: `nurse-icu-tehran-${i}`,
      postingTitle: 'کارشناس پرستاری بخش ICU',
      jobCategory: 'nursing',
    });
    return toBusMessage(JobAlertSchema, message, { topic: TOPIC, key: userId });
  });
}

/** Writes the events to the outbox, 500 a transaction (one multi-row INSERT each); answers ms. */
async function writeOutbox(pool: pg.Pool, messages: BusMessage[]): Promise<number> {
  const startedAt = performance.now();
  for (let i = 0; i < messages.length; i += 500) {
    const batch = messages.slice(i, i + 500);
    await pool.query(
      `INSERT INTO outbox (event_id, topic, key, type, payload, occurred_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bytea[], $6::timestamptz[])`,
      [
        batch.map((m) => m.id),
        batch.map((m) => m.topic),
        batch.map((m) => m.key),
        batch.map((m) => m.type),
        batch.map((m) => Buffer.from(m.payload)),
        batch.map((m) => m.occurredAt),
      ],
    );
  }
  return performance.now() - startedAt;
}

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 600_000): Promise<number> {
  const startedAt = performance.now();
  while (!(await probe())) {
    if (performance.now() - startedAt > timeoutMs) throw new Error(`${what}: not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - startedAt;
}

const count = async (pool: pg.Pool, sql: string, values: unknown[] = []) =>
  Number((await pool.query<{ n: string }>(sql, values)).rows[0]!.n);

/** A consumer as a service writes one: once per event, one row written in the handler's transaction. */
function serviceHandler(pool: pg.Pool, group: string, table = 'bench_effects') {
  return (message: BusMessage) =>
    inPgTransaction(pool, async (client) => {
      await handleOnce(pgExecutor(client), group, message, async () => {
        await client.query(`INSERT INTO ${table} (event_id, user_id) VALUES ($1, $2)`, [message.id, message.key]);
      });
    });
}

/** A fresh events database's URL (dropped by the caller). */
function eventsDatabaseUrl(): string {
  const url = new URL(testPostgresUrl());
  url.pathname = `/dk_bench_events_${randomBytes(4).toString('hex')}`;
  return url.toString();
}

/** The users' directory facts as auth publishes them: a cellphone, then a verified email. */
function directoryFacts(users: string[]): BusMessage[] {
  return users.flatMap((userId, i) => [
    toBusMessage(
      UserRegisteredSchema,
      create(UserRegisteredSchema, { userId, cellphone: `0912${String(i).padStart(7, '0')}` }),
      { topic: USER_TOPIC, key: userId },
    ),
    toBusMessage(UserEmailVerifiedSchema, create(UserEmailVerifiedSchema, { userId, email: `user${i}@example.ir` }), {
      topic: USER_TOPIC,
      key: userId,
    }),
  ]);
}

/** Phase 4: the notification service as its own process, fed through the outbox relay. */
async function fanOut(users: string[]): Promise<void> {
  const { notificationService } = await import('@darmankar/notification');
  const source = await createTestDatabase('bench_alerts_fanout_source', platform);
  const notificationDb = await createTestDatabase('bench_notification', serviceMigrationSets(notificationService.dir));
  const eventsUrl = eventsDatabaseUrl();
  const sourcePool = new pg.Pool({ connectionString: source.url, max: 2 });
  const notificationPool = new pg.Pool({ connectionString: notificationDb.url, max: 1 });
  const processes = processGroup();
  let bus: EventBus | undefined;
  let relay: OutboxRelay | undefined;
  try {
    bus = await connectPgLog({ connectionString: eventsUrl });
    await bus.publish(directoryFacts(users));
    const port = await freePort();
    const child = processes.start(
      'notification',
      'services/notification/src/main.ts',
      {
        NODE_ENV: 'development',
        DATABASE_URL: notificationDb.url,
        GRPC_PORT: String(port),
        EVENTS_DATABASE_URL: eventsUrl,
      },
      PROFILE_DIR ? { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] } : {},
    );
    const health = createHealthChecker(`127.0.0.1:${port}`);
    await waitFor('notification', () => health.isServing(1000));
    health.close();
    const contacts = () => count(notificationPool, 'SELECT count(*) AS n FROM contacts WHERE email IS NOT NULL');
    await until('the directory', async () => (await contacts()) >= users.length);
    const notifications = () => count(notificationPool, 'SELECT count(*) AS n FROM notifications');
    const deliveries = () => count(notificationPool, 'SELECT count(*) AS n FROM deliveries');
    const rssBefore = peakRssMb(child.pid!);
    console.log(
      `\nnotification service (pid ${child.pid}) up and ${users.length} users learned; peak memory so far ${rssBefore} MB; load ${load()}`,
    );

    relay = new OutboxRelay({ connectionString: source.url, bus, ...(RELAY_BATCH ? { batchSize: RELAY_BATCH } : {}) });
    await relay.start();
    const startedAt = performance.now();
    await writeOutbox(sourcePool, jobAlerts(EVENTS, users));
    let relayMs = 0;
    // Samples of the notifications made, for the consumer's rate between 10% and 90% of them.
    const samples: Array<{ ms: number; n: number }> = [];
    await until(
      'the fan-out',
      async () => {
        if (!relayMs && (await count(sourcePool, `SELECT count(*) AS n FROM outbox WHERE status = 'pending'`)) === 0)
          relayMs = performance.now() - startedAt;
        const n = await notifications();
        samples.push({ ms: performance.now() - startedAt, n });
        return n >= EVENTS && (await deliveries()) >= EVENTS;
      },
      1_800_000,
    );
    const endToEndMs = performance.now() - startedAt;
    const at = (share: number) => samples.find((sample) => sample.n >= share * EVENTS)!;
    const [from, to] = [at(0.1), at(0.9)];
    // A run too short for two samples apart falls back to the whole run.
    const consumerRate =
      to.ms > from.ms
        ? ((to.n - from.n) * 1000) / (to.ms - from.ms)
        : (EVENTS * 1000) / (performance.now() - startedAt);
    const digests = await count(notificationPool, `SELECT count(*) AS n FROM deliveries WHERE status = 'digest'`);
    const inApp = await count(notificationPool, 'SELECT count(*) AS n FROM notifications WHERE in_app');
    const peak = peakRssMb(child.pid!);
    console.log(
      `relay (the service consuming meanwhile): ${EVENTS} published in ${(relayMs / 1000).toFixed(2)} s: ${rate(EVENTS, relayMs)}`,
    );
    console.log(
      `notification consumer: ${consumerRate.toFixed(0)} events/s (between 10% and 90% of the notifications made)`,
    );
    console.log(
      `end to end: ${EVENTS} JobAlert events → ${inApp} in-app notifications + ${await deliveries()} delivery rows (${digests} daily-digest emails) in ${(endToEndMs / 1000).toFixed(2)} s: ${rate(EVENTS, endToEndMs)}; load ${load()}`,
    );
    console.log(`peak resident memory: notification service ${peak} MB, this process ${peakRssMb()} MB`);
    assert.equal(await notifications(), EVENTS, 'one notification per event');
  } finally {
    await relay?.stop().catch(() => undefined);
    await processes.stopAll();
    await bus?.close().catch(() => undefined);
    await sourcePool.end().catch(() => undefined);
    await notificationPool.end().catch(() => undefined);
    await source.drop().catch(() => undefined);
    await notificationDb.drop().catch(() => undefined);
    await dropDatabase(eventsUrl).catch(() => undefined);
  }
}

async function main(): Promise<void> {
  console.log(`Darmankar job-alert fan-out benchmark — ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, node ${process.version}; load average before: ${load()}`,
  );
  console.log(`${EVENTS} JobAlert events over ${USERS} users (keys); relay batch ${RELAY_BATCH ?? 'default'}`);
  const source = await createTestDatabase('bench_alerts_source', platform);
  const consumerDb = await createTestDatabase('bench_alerts_consumer', platform);
  const eventsUrl = eventsDatabaseUrl();
  const sourcePool = new pg.Pool({ connectionString: source.url, max: 2 });
  const consumerPool = new pg.Pool({ connectionString: consumerDb.url, max: 4 });
  let bus: EventBus | undefined;
  let relay: OutboxRelay | undefined;
  try {
    await consumerPool.query('CREATE TABLE bench_effects (event_id text PRIMARY KEY, user_id text NOT NULL)');
    await consumerPool.query('CREATE TABLE bench_effects_keys (event_id text PRIMARY KEY, user_id text NOT NULL)');
    bus = await connectPgLog({ connectionString: eventsUrl, parking: { databaseUrl: consumerDb.url } });
    const users = Array.from({ length: USERS }, () => randomUUID());
    const pending = () => count(sourcePool, `SELECT count(*) AS n FROM outbox WHERE status = 'pending'`);
    const relayOptions = { connectionString: source.url, bus, ...(RELAY_BATCH ? { batchSize: RELAY_BATCH } : {}) };

    // 1. The relay alone.
    const writeMs = await writeOutbox(sourcePool, jobAlerts(EVENTS, users));
    console.log(`\noutbox: ${EVENTS} rows written in ${(writeMs / 1000).toFixed(2)} s; load ${load()}`);
    relay = new OutboxRelay(relayOptions);
    const relayStartedAt = performance.now();
    await relay.start();
    await until('relay', async () => (await pending()) === 0);
    const relayMs = performance.now() - relayStartedAt;
    await relay.stop();
    relay = undefined;
    console.log(
      `relay: ${EVENTS} published in ${(relayMs / 1000).toFixed(2)} s: ${rate(EVENTS, relayMs)}; load ${load()}`,
    );

    // 1b. The relay on an outbox with a long published history and statistics without pending rows.
    if (HISTORY > 0) {
      const history = await createTestDatabase('bench_alerts_history', platform);
      const historyPool = new pg.Pool({ connectionString: history.url, max: 2 });
      const historyEventsUrl = eventsDatabaseUrl();
      const historyBus = await connectPgLog({ connectionString: historyEventsUrl });
      const historyRelay = new OutboxRelay({ ...relayOptions, connectionString: history.url, bus: historyBus });
      try {
        await historyPool.query(
          `INSERT INTO outbox (event_id, topic, key, type, payload, occurred_at, status, published_at)
           SELECT gen_random_uuid()::text, $2, 'user-' || (i % 1000), $3, '\\x00'::bytea, now(), 'published', now()
             FROM generate_series(1, $1) AS i`,
          [HISTORY, TOPIC, JobAlertSchema.typeName],
        );
        await historyPool.query('VACUUM ANALYZE outbox');
        await writeOutbox(historyPool, jobAlerts(EVENTS, users));
        const startedAt = performance.now();
        await historyRelay.start();
        await until(
          'relay after a history',
          async () => (await count(historyPool, `SELECT count(*) AS n FROM outbox WHERE status = 'pending'`)) === 0,
        );
        const ms = performance.now() - startedAt;
        console.log(
          `relay, outbox holding ${HISTORY} published rows: ${EVENTS} published in ${(ms / 1000).toFixed(2)} s: ${rate(EVENTS, ms)}; load ${load()}`,
        );
      } finally {
        await historyRelay.stop().catch(() => undefined);
        await historyBus.close().catch(() => undefined);
        await dropDatabase(historyEventsUrl).catch(() => undefined);
        await historyPool.end().catch(() => undefined);
        await history.drop().catch(() => undefined);
      }
    }

    // 2. Consumers alone, the log already holding the events.
    let received = 0;
    const noopStartedAt = performance.now();
    const noop = await bus.subscribe({
      group: 'bench-noop',
      topics: [TOPIC],
      handler: async () => void received++,
    });
    await until('bare consumer', async () => received >= EVENTS);
    const noopMs = performance.now() - noopStartedAt;
    await noop.stop();
    console.log(
      `consumer, handler doing nothing: ${EVENTS} in ${(noopMs / 1000).toFixed(2)} s: ${rate(EVENTS, noopMs)}; load ${load()}`,
    );
    const effects = () => count(consumerPool, 'SELECT count(*) AS n FROM bench_effects');
    const serviceStartedAt = performance.now();
    const service = await bus.subscribe({
      group: 'bench-service',
      topics: [TOPIC],
      handler: serviceHandler(consumerPool, 'bench-service'),
    });
    await until('service consumer', async () => (await effects()) >= EVENTS);
    const serviceMs = performance.now() - serviceStartedAt;
    console.log(
      `consumer, handleOnce + one row a transaction: ${EVENTS} in ${(serviceMs / 1000).toFixed(2)} s: ${rate(EVENTS, serviceMs)}; load ${load()}`,
    );

    if (CONCURRENCY > 1) {
      const keysAtOnce = () => count(consumerPool, 'SELECT count(*) AS n FROM bench_effects_keys');
      const startedAt = performance.now();
      const lanes = await bus.subscribe({
        group: 'bench-service-keys',
        topics: [TOPIC],
        handler: serviceHandler(consumerPool, 'bench-service-keys', 'bench_effects_keys'),
        concurrency: CONCURRENCY,
      });
      await until('consumer with several keys at once', async () => (await keysAtOnce()) >= EVENTS);
      const ms = performance.now() - startedAt;
      await lanes.stop();
      console.log(
        `consumer, the same with ${CONCURRENCY} keys at once (concurrency): ${EVENTS} in ${(ms / 1000).toFixed(2)} s: ${rate(EVENTS, ms)}; load ${load()}`,
      );
    }

    // 3. End to end: relay and consumer running, new rows written.
    relay = new OutboxRelay(relayOptions);
    await relay.start();
    const endToEndStartedAt = performance.now();
    const written = await writeOutbox(sourcePool, jobAlerts(EVENTS, users));
    await until('end to end', async () => (await effects()) >= 2 * EVENTS);
    const endToEndMs = performance.now() - endToEndStartedAt;
    await service.stop();
    console.log(
      `end to end: ${EVENTS} written (${(written / 1000).toFixed(2)} s), relayed and consumed in ${(endToEndMs / 1000).toFixed(2)} s: ${rate(EVENTS, endToEndMs)}; load ${load()}`,
    );
    assert.equal(await effects(), 2 * EVENTS, 'each event handled exactly once');
    console.log(`peak resident memory of this process (relay + bus + consumers): ${peakRssMb()} MB`);
    if (FANOUT) await fanOut(users);
  } finally {
    await relay?.stop().catch(() => undefined);
    await bus?.close().catch(() => undefined);
    await sourcePool.end().catch(() => undefined);
    await consumerPool.end().catch(() => undefined);
    await source.drop().catch(() => undefined);
    await consumerDb.drop().catch(() => undefined);
    await dropDatabase(eventsUrl).catch(() => undefined);
  }
}

await main();
