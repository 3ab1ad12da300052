// Shared test set-up: throw-away databases (the service's and the event log's) on the real
// Postgres, the real service on a free port and a real gRPC client that vouches for users.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import type { ServiceClient } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { dropDatabase } from '@darmankar/platform/migrate';
import {
  createServiceTestDatabase,
  startServiceUnderTest,
  testPostgresUrl,
  type TestClock,
  type TestDatabase,
} from '@darmankar/platform/testing';
import { EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import { startEmployerService } from '../src/app.ts';
import { employerConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { EMPLOYER_SERVICE_DIR } from '../src/db/migrate.ts';

export type EmployerClient = ServiceClient<typeof EmployerService>;

export interface TestEmployer {
  client: EmployerClient;
  db: Database;
  port: number;
  eventsUrl: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

export function eventsDatabaseUrl(): string {
  const url = new URL(testPostgresUrl());
  url.pathname = `/dk_test_events_employer_${randomBytes(4).toString('hex')}`;
  return url.toString();
}

/** The service against a fresh database, relaying to and consuming from a fresh event log. */
export async function startTestEmployer(clock: TestClock): Promise<TestEmployer> {
  const database: TestDatabase = await createServiceTestDatabase('employer', EMPLOYER_SERVICE_DIR);
  const eventsUrl = eventsDatabaseUrl();
  const config = employerConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    EVENTS_DATABASE_URL: eventsUrl,
    PUBLIC_WEB_URL: 'https://darmankar.test',
  });
  const running = await startServiceUnderTest(EmployerService, () =>
    startEmployerService(config, { log: createLogger('employer-test', 'silent'), clock }),
  );
  const db = createDatabase(database.url);
  return {
    client: running.client,
    db,
    port: running.service.port,
    eventsUrl,
    databaseUrl: database.url,
    async stop() {
      await running.stop();
      await db.$disconnect();
      await database.drop();
      await dropDatabase(eventsUrl);
    },
  };
}

export { eventually, rejectsWith } from '@darmankar/platform/testing';

export const newUser = () => randomUUID();

let counter = 0;
export function newCellphone(): string {
  counter++;
  return `0912${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(4, '0')}`;
}
