// The real stack for gateway tests: a throw-away auth database on the machine's Postgres,
// the real auth service in-process on a free gRPC port (started through its package entry),
// and the gateway on a free HTTP port.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { authConfig, authService, type RunningAuthService } from '@darmankar/auth';
import { createLogger } from '@darmankar/platform/log';
import { serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, testClock, type TestClock, type TestDatabase } from '@darmankar/platform/testing';
import { startGateway, type RunningGateway } from '../src/app.ts';
import { parseGatewayConfig } from '../src/config.ts';

export interface Stack {
  url: string;
  /** The time auth and the gateway judge tokens and codes by; a test advances it instead of sleeping. */
  clock: TestClock;
  database: TestDatabase;
  auth: RunningAuthService;
  gateway: RunningGateway;
  stop(): Promise<void>;
}

/**
 * The Redis for the tests that share state through it: TEST_REDIS_URL, else REDIS_URL. make test
 * sets both (the machine's Redis at 127.0.0.1:6379, or one it starts). Run alone without either,
 * those tests skip, saying why; inside make test (MAKE_TEST=1) they never skip: requireRedis()
 * fails them instead.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || undefined;
const NO_REDIS = 'neither TEST_REDIS_URL nor REDIS_URL is set (make test sets both)';
export const WITHOUT_REDIS = TEST_REDIS_URL || process.env.MAKE_TEST === '1' ? false : NO_REDIS;

/** The Redis URL of the tests, or a failure saying why there is none. */
export function requireRedis(): string {
  assert.ok(TEST_REDIS_URL, NO_REDIS);
  return TEST_REDIS_URL;
}

/** Limits high enough that only the rate-limit tests ever meet them. */
const RELAXED_LIMITS = {
  RATE_LIMIT_API_POINTS: '100000',
  RATE_LIMIT_CODE_IP_POINTS: '100000',
  RATE_LIMIT_CODE_CELLPHONE_POINTS: '100000',
  RATE_LIMIT_LOOKUP_IP_POINTS: '100000',
  RATE_LIMIT_RECRUITMENTS_IP_POINTS: '100000',
};

/** A throw-away, migrated database for the auth service. */
export function createAuthDatabase(): Promise<TestDatabase> {
  return createTestDatabase('gateway', serviceMigrationSets(authService.dir));
}

export async function startAuth(
  database: TestDatabase,
  env: Record<string, string> = {},
  clock?: TestClock,
): Promise<RunningAuthService> {
  const config = authConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    CELLPHONE_CODE_RESEND_SECONDS: '0',
    ...env,
  });
  return authService.start(config, { log: createLogger('auth-test', 'silent'), clock });
}

export async function startGatewayFor(
  authAddress: string,
  env: Record<string, string> = {},
  clock?: TestClock,
): Promise<RunningGateway> {
  return startGateway(
    parseGatewayConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      AUTH_GRPC_URL: authAddress,
      ...RELAXED_LIMITS,
      ...env,
    }),
    { clock },
  );
}

export async function startStack(
  options: { authEnv?: Record<string, string>; gatewayEnv?: Record<string, string> } = {},
): Promise<Stack> {
  const database = await createAuthDatabase();
  const clock = testClock();
  let auth: RunningAuthService | undefined;
  let gateway: RunningGateway;
  try {
    auth = await startAuth(database, options.authEnv, clock);
    gateway = await startGatewayFor(`127.0.0.1:${auth.port}`, options.gatewayEnv, clock);
  } catch (error) {
    // A stack that could not start leaves nothing running to hold the test process open.
    await auth?.stop();
    await database.drop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${gateway.port}`,
    clock,
    database,
    auth,
    gateway,
    async stop() {
      await gateway.stop();
      await auth.stop();
      await database.drop();
    },
  };
}

/**
 * A fresh caller-assertion key pair, as an operator sets it in production (where the committed
 * development pair is refused): the private half for the gateway, the public half for services.
 */
export function productionCallerKeys(): { gatewayEnv: Record<string, string>; serviceEnv: Record<string, string> } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    gatewayEnv: { CALLER_ASSERTION_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    serviceEnv: { CALLER_ASSERTION_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
  };
}

let counter = 0;
/** A fresh, valid cellphone per call, so tests never share cooldowns, limits or users. */
export function newCellphone(): string {
  counter++;
  return `0935${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(4, '0')}`;
}

/** A browser's cookie jar, enough for the session cookies: name → value, dropped when cleared or expired. */
export class CookieJar {
  /** `clock`: the stack's, so cookies expire when the tokens in them do. */
  constructor(private readonly clock: () => number = Date.now) {}

  private readonly cookies = new Map<string, { value: string; expiresAtMs: number }>();
  /** The Set-Cookie lines of the last response, by name. */
  last = new Map<string, string>();

  take(response: Response): void {
    this.last = new Map();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const name = pair!.slice(0, pair!.indexOf('='));
      const value = pair!.slice(pair!.indexOf('=') + 1);
      const maxAge = /Max-Age=(\d+)/i.exec(line)?.[1];
      this.last.set(name, line);
      if (maxAge === '0' || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, expiresAtMs: maxAge ? this.clock() + Number(maxAge) * 1000 : Infinity });
    }
  }

  get(name: string): string | undefined {
    const cookie = this.cookies.get(name);
    return cookie && cookie.expiresAtMs > this.clock() ? cookie.value : undefined;
  }

  header(): string {
    return [...this.cookies]
      .filter(([name]) => this.get(name) !== undefined)
      .map(([name, { value }]) => `${name}=${value}`)
      .join('; ');
  }
}

export async function json(response: Response): Promise<any> {
  return response.json();
}

/** Asserts an error answer: status, `exc` header and body all agree. */
export async function assertError(response: Response, status: number, ...codes: string[]): Promise<void> {
  const body = (await response.json()) as { exc: string[]; message: string };
  assert.equal(
    response.status,
    status,
    `expected ${status} ${codes.join(',')}, got ${response.status} ${JSON.stringify(body)}`,
  );
  assert.equal(response.headers.get('exc'), codes.join(','));
  assert.deepEqual(body.exc, codes);
  assert.match(body.message, /[\u0600-\u06ff]/, 'the message is Persian');
  assert.ok(!JSON.stringify(body).includes('    at '), 'no stack trace');
}

/** The newest one-time code the development outbox holds for `to`, read through the gateway. */
export async function latestCode(url: string, to: string): Promise<string> {
  const response = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  assert.equal(response.status, 200);
  const { messages } = (await response.json()) as { messages: Array<{ code?: string }> };
  // Newest first, notifications included: the newest message that carries a code.
  const code = messages.find((message) => message.code)?.code;
  assert.ok(code, `no code in the outbox for ${to}`);
  return code;
}

/** Logs in by cellphone through the gateway. With a jar: cookie mode; without: token mode. */
export async function login(url: string, cellphone: string, jar?: CookieJar) {
  const sent = await fetch(`${url}/api/v1/authentication/cellphone/${cellphone}`, { method: 'POST' });
  assert.equal(sent.status, 200);
  const code = await latestCode(url, cellphone);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (jar) headers['accept-cookie'] = 'true';
  const verified = await fetch(`${url}/api/v1/authentication/cellphone/${cellphone}/verify?next=Login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ code }),
  });
  assert.equal(verified.status, 200);
  jar?.take(verified);
  return verified.json() as Promise<{
    user: { id: string; cellphone: string; isNew: boolean };
    session?: { accessToken: string; refreshToken: string; accessExpiresAtMs: number };
  }>;
}
