// Shared test set-up: a throw-away database and event log on the real Postgres, the real seo
// service (the test blog under fixtures/blog) on a free port with its clock in the test's
// hands, a real gRPC client, and the bus the test publishes other services' events on.
import { fileURLToPath } from 'node:url';
import type { EventBus } from '@darmankar/platform/events/index';
import type { ServiceClient } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import {
  createServiceTestDatabase,
  eventually,
  startServiceUnderTest,
  testClock,
  type TestClock,
  type TestDatabase,
} from '@darmankar/platform/testing';
import { startTestEventLog, type TestEventLog } from '@darmankar/platform/testing/event-log';
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
  publish: TestEventLog['publish'];
  republish: TestEventLog['republish'];
  /** Waits until the service has handled every event published so far. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface StackOptions {
  env?: Record<string, string>;
  sitemapPartSize?: number;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const events = await startTestEventLog('seo');
  const database: TestDatabase = await createServiceTestDatabase('seo', SEO_SERVICE_DIR);
  const clock = testClock(START);
  const config = seoConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    EVENTS_DATABASE_URL: events.url,
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
  return {
    client: running.client,
    service: running.service,
    db,
    databaseUrl: database.url,
    clock,
    bus: events.bus,
    publish: events.publish,
    republish: events.republish,
    settled: () => events.settled(GROUP, db),
    async stop() {
      await running.stop();
      await events.stop();
      await db.end();
      await database.drop();
    },
  };
}

export { eventually };
