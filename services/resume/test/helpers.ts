// Shared test set-up: a throw-away database on the real Postgres, the real service on a free
// port (its clock in the test's hands), and a real gRPC client that vouches for users as the
// gateway does.
import { randomUUID } from 'node:crypto';
import type { ServiceClient } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import {
  createServiceTestDatabase,
  startServiceUnderTest,
  testClock,
  type TestClock,
  type TestDatabase,
} from '@darmankar/platform/testing';
import { ResumeService } from '@darmankar/proto/resume/v1/resume_pb';
import { startResumeService, type RunningResumeService } from '../src/app.ts';
import { resumeConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { RESUME_SERVICE_DIR } from '../src/db/migrate.ts';

export type ResumeClient = ServiceClient<typeof ResumeService>;

export interface TestResume {
  database: TestDatabase;
  db: Database;
  clock: TestClock;
  service: RunningResumeService;
  client: ResumeClient;
  stop(): Promise<void>;
}

/** 2026-03-20 23:30 in Tehran: the last evening of Jalali 1404 (UTC is still on the 20th). */
export const LAST_EVENING_OF_1404 = Date.parse('2026-03-20T20:00:00Z');

export async function startTestResume(start = LAST_EVENING_OF_1404): Promise<TestResume> {
  const database = await createServiceTestDatabase('resume', RESUME_SERVICE_DIR);
  const clock = testClock(start);
  // No files service: these tests never set a picture (the gateway's tests do, with the real one).
  const config = resumeConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    FILES_GRPC_URL: '127.0.0.1:1',
  });
  const running = await startServiceUnderTest(ResumeService, () =>
    startResumeService(config, { log: createLogger('resume-test', 'silent'), clock }),
  );
  const db = createDatabase(database.url);
  return {
    database,
    db,
    clock,
    ...running,
    async stop() {
      await running.stop();
      await db.$disconnect();
      await database.drop();
    },
  };
}

export { rejectsWith } from '@darmankar/platform/testing';

export const newUser = () => randomUUID();
