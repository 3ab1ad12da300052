// Shared test set-up: a throw-away database on the real Postgres, the real service on a
// free port, and a real gRPC client.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import type { ServiceClient } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { createServiceTestDatabase, startServiceUnderTest, type TestDatabase } from '@darmankar/platform/testing';
import { AuthService, CodePurpose } from '@darmankar/proto/auth/v1/auth_pb';
import { startAuthService, type AuthServiceOptions, type RunningAuthService } from '../src/app.ts';
import { authConfig, type AuthConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { AUTH_SERVICE_DIR } from '../src/db/migrate.ts';

export type AuthClient = ServiceClient<typeof AuthService>;

export interface TestAuth {
  config: AuthConfig;
  service: RunningAuthService;
  client: AuthClient;
  stop(): Promise<void>;
}

export function createAuthTestDatabase(): Promise<TestDatabase> {
  return createServiceTestDatabase('auth', AUTH_SERVICE_DIR);
}

/** Starts the real service against `database` with `env` over the test defaults. */
export async function startTestAuth(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: AuthServiceOptions = {},
): Promise<TestAuth> {
  const config = authConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    ...env,
  });
  // The client vouches for its userId with the development caller key, as the gateway does.
  const running = await startServiceUnderTest(AuthService, () =>
    startAuthService(config, { log: createLogger('auth-test', 'silent'), ...options }),
  );
  return { config, ...running };
}

/** Direct access to the test database, to look at what the service stored. */
export function inspect(database: TestDatabase): Database {
  return createDatabase(database.url);
}

export async function rejectsWith(call: Promise<unknown>, ...codes: ExcCode[]): Promise<void> {
  await assert.rejects(call, (error: unknown) => {
    assert.ok(error instanceof DomainError, `expected a DomainError, got ${String(error)}`);
    assert.deepEqual(error.codes, codes);
    return true;
  });
}

/** The newest one-time code the development outbox holds for `to`. */
export async function latestCode(client: AuthClient, to: string): Promise<string> {
  const { messages } = await client.listDevOutbox({ to });
  const code = messages[0]?.code;
  assert.ok(code, `no code in the outbox for ${to}`);
  return code;
}

/** Logs in through the real flow: send, read the code, verify. */
export async function login(client: AuthClient, cellphone: string, userAgent = 'test') {
  await client.sendCellphoneCode({ cellphone, purpose: CodePurpose.LOGIN });
  const code = await latestCode(client, cellphone);
  return client.verifyCellphoneCode({ cellphone, code, purpose: CodePurpose.LOGIN, userAgent });
}

export { eventually, testClock, type TestClock } from '@darmankar/platform/testing';

export interface CapturedLog {
  log: Logger;
  /** Every line logged so far, parsed. */
  lines: Array<{ level: number; msg: string; [key: string]: unknown }>;
}

/** A logger whose lines (at `level` and above) the test can read. */
export function captureLog(level = 'info'): CapturedLog {
  const lines: CapturedLog['lines'] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level }, sink), lines };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let counter = 0;
/** A fresh, valid cellphone per call, so tests never share cooldowns or users. */
export function newCellphone(): string {
  counter++;
  return `0912${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(4, '0')}`;
}
