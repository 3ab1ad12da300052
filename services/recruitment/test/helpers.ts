// Shared test set-up: a throw-away database on the real Postgres, the real service on a free
// port (it loads the shipped data files at start), and a real gRPC client.
import assert from 'node:assert/strict';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import type { ServiceClient } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { createServiceTestDatabase, startServiceUnderTest, type TestDatabase } from '@darmankar/platform/testing';
import { RecruitmentService } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import { startRecruitmentService, type RunningRecruitmentService } from '../src/app.ts';
import { recruitmentConfig } from '../src/config.ts';
import { RECRUITMENT_SERVICE_DIR } from '../src/db/migrate.ts';

export type RecruitmentClient = ServiceClient<typeof RecruitmentService>;

export interface TestRecruitment {
  service: RunningRecruitmentService;
  client: RecruitmentClient;
  stop(): Promise<void>;
}

export function createRecruitmentTestDatabase(): Promise<TestDatabase> {
  return createServiceTestDatabase('recruitment', RECRUITMENT_SERVICE_DIR);
}

export function startTestRecruitment(database: TestDatabase): Promise<TestRecruitment> {
  const config = recruitmentConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
  });
  return startServiceUnderTest(RecruitmentService, () =>
    startRecruitmentService(config, { log: createLogger('recruitment-test', 'silent') }),
  );
}

export async function rejectsWith(call: Promise<unknown>, ...codes: ExcCode[]): Promise<void> {
  await assert.rejects(call, (error: unknown) => {
    assert.ok(error instanceof DomainError, `expected a DomainError, got ${String(error)}`);
    assert.deepEqual(error.codes, codes);
    return true;
  });
}
