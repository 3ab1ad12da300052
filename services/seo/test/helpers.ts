// Shared test set-up: a throw-away database and event log on the real Postgres, the real seo
// service (the test blog under fixtures/blog) on a free port with its clock in the test's
// hands, a real gRPC client, and the bus the test publishes other services' events on.
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { createEventBus, toBusMessage, type BusMessage, type EventBus } from '@darmankar/platform/events/index';
import type { ServiceClient } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { dropDatabase } from '@darmankar/platform/migrate';
import {
  createServiceTestDatabase,
  eventually,
  startServiceUnderTest,
  testClock,
  testPostgresUrl,
  type TestClock,
  type TestDatabase,
} from '@darmankar/platform/testing';
import { SeoService } from '@darmankar/proto/seo/v1/seo_pb';
import pg from 'pg';
import { startSeoService, type RunningSeoService } from '../src/app.ts';
import { seoConfig } from '../src/config.ts';
import { SEO_SERVICE_DIR } from '../src/db/migrate.ts';
import { GROUP } from '../src/events/consumers.ts';

export type SeoClient = ServiceClient<typeof SeoService>;

export const FIXTURE_BLOG = fileURLToPath(new URL('./fixtures/blog', import.meta.url));
export const WEB = 'https://web.test';
export const HOUR_MS = 60 * 60 * 1000;
export const START = Date.parse('2026-11-25T08:00:00Z');

export interface Stack {
  client: SeoClient;
  service: RunningSeoService;
  db: pg.Pool;
  databaseUrl: string;
  clock: TestClock;
  bus: EventBus;
  /** Publishes an event as its service would (topic, key), at `at` (ms) when given. */
  publish<D extends DescMessage>(
    schema: D,
    fields: MessageInitShape<D>,
    topic: string,
    key: string,
    at?: number,
  ): Promise<BusMessage>;
  /** Publishes a message already published once (a redelivery: the same event id). */
  republish(message: BusMessage): Promise<void>;
  /** Waits until the service has handled every event published so far. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface StackOptions {
  env?: Record<string, string>;
  sitemapPartSize?: number;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const events = new URL(testPostgresUrl());
  events.pathname = `/dk_test_events_seo_${randomBytes(4).toString('hex')}`;
  const eventsUrl = events.toString();
  const database: TestDatabase = await createServiceTestDatabase('seo', SEO_SERVICE_DIR);
  const clock = testClock(START);
  const bus = await createEventBus({ eventsDatabaseUrl: eventsUrl });
  const config = seoConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    EVENTS_DATABASE_URL: eventsUrl,
    PUBLIC_WEB_URL: WEB,
    BLOG_CONTENT_DIR: FIXTURE_BLOG,
    ...options.env,
  });
  const running = await startServiceUnderTest(
    SeoService,
    () =>
      startSeoService(config, {
        log: createLogger('seo-test', 'silent'),
        clock,
        sitemapPartSize: options.sitemapPartSize,
      }),
    { timeoutMs: 30_000 },
  );
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  const eventsDb = new pg.Pool({ connectionString: eventsUrl, max: 1 });
  const published = new Set<string>();
  return {
    client: running.client,
    service: running.service,
    db,
    databaseUrl: database.url,
    clock,
    bus,
    async publish(schema, fields, topic, key, at) {
      const withTime =
        at === undefined ? fields : { ...fields, meta: { eventId: randomUUID(), occurredAtMs: BigInt(at) } };
      const message = toBusMessage(schema, create(schema, withTime as MessageInitShape<typeof schema>), {
        topic,
        key,
      });
      await bus.publish([message]);
      published.add(message.id);
      return message;
    },
    async republish(message) {
      await bus.publish([message]);
    },
    async settled() {
      await eventually(async () => {
        const { rows } = await eventsDb.query<{ behind: number }>(
          `SELECT count(*)::int AS behind FROM event_topics t
             LEFT JOIN consumer_offsets c ON c.topic = t.topic AND c.group_name = $1
            WHERE COALESCE(c.committed_offset, 0) < t.last_offset`,
          [GROUP],
        );
        return rows[0]!.behind === 0;
      }, 'the service to read every event');
      await eventually(async () => {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM processed_events WHERE event_id = ANY($1::text[])`,
          [[...published]],
        );
        return rows[0]!.n === published.size;
      }, 'the service to handle every event');
    },
    async stop() {
      await running.stop();
      await bus.close();
      await db.end();
      await eventsDb.end();
      await database.drop();
      await dropDatabase(eventsUrl);
    },
  };
}

export { eventually };
