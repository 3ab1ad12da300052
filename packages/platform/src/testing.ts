// Test helpers: every test file gets its own throw-away database on the real Postgres.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GenService, GenServiceMethods } from '@bufbuild/protobuf/codegenv2';
import type { ExcCode } from './errors/catalogue.ts';
import { DomainError } from './errors/domain-error.ts';
import { createCallerSigner, DEVELOPMENT_CALLER_ASSERTION_PRIVATE_KEY, type CallerSigner } from './caller-identity.ts';
import { createClient, type ServiceClient } from './grpc.ts';
import { applyMigrations, dropDatabase, ensureDatabase, serviceMigrationSets, type MigrationSet } from './migrate.ts';

/** The Postgres server tests use: TEST_POSTGRES_URL, else the machine's standard port. */
export function testPostgresUrl(): string {
  return process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates `dk_test_<label>_<random>`, applies the given migrations, returns its URL. */
export async function createTestDatabase(label: string, sets: MigrationSet[] = []): Promise<TestDatabase> {
  const url = new URL(testPostgresUrl());
  url.pathname = `/dk_test_${label}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = url.toString();
  await ensureDatabase(databaseUrl);
  try {
    await applyMigrations(databaseUrl, sets);
  } catch (error) {
    // A test that fails on its migrations must not leave its database behind.
    await dropDatabase(databaseUrl);
    throw error;
  }
  return { url: databaseUrl, drop: () => dropDatabase(databaseUrl) };
}

/** Signs caller assertions with the development key every service accepts outside production. */
export function testCallerSigner(): CallerSigner {
  return createCallerSigner({ privateKey: DEVELOPMENT_CALLER_ASSERTION_PRIVATE_KEY });
}

/** A throw-away database with the platform's and the service's migrations applied. */
export function createServiceTestDatabase(label: string, serviceDir: string): Promise<TestDatabase> {
  return createTestDatabase(label, serviceMigrationSets(serviceDir));
}

export interface ServiceUnderTest<
  S extends GenService<GenServiceMethods>,
  R extends { port: number; stop(): Promise<void> },
> {
  /** What `start` returned: the running service. */
  service: R;
  /** A real client on loopback that vouches for `userId` as the gateway does. */
  client: ServiceClient<S>;
  /** Closes the client and stops the service (the database stays; drop it yourself). */
  stop(): Promise<void>;
}

/**
 * Starts a real service for a test and a client for it. `start` starts the service on a free
 * port (GRPC_PORT 0) against a database made with createServiceTestDatabase.
 */
export async function startServiceUnderTest<
  S extends GenService<GenServiceMethods>,
  R extends { port: number; stop(): Promise<void> },
>(
  contract: S,
  start: () => Promise<R>,
  options: { callerSigner?: CallerSigner; timeoutMs?: number } = {},
): Promise<ServiceUnderTest<S, R>> {
  const service = await start();
  const client = createClient(contract, `127.0.0.1:${service.port}`, {
    callerSigner: options.callerSigner ?? testCallerSigner(),
    timeoutMs: options.timeoutMs,
  });
  return {
    service,
    client,
    async stop() {
      client.close();
      await service.stop();
    },
  };
}

export interface ReceivedSpan {
  service: string;
  scope: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  /** OpenTelemetry SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
}

export interface OtlpReceiver {
  /** The value for OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  /** Every span received so far, in arrival order. */
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

/** A local collector that accepts OTLP/HTTP JSON trace exports (the exporter's default). */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        for (const resource of JSON.parse(body).resourceSpans) {
          const service = resource.resource.attributes.find((a: { key: string }) => a.key === 'service.name')?.value
            .stringValue;
          for (const scope of resource.scopeSpans) {
            for (const s of scope.spans) {
              spans.push({
                service,
                scope: scope.scope.name,
                name: s.name,
                traceId: s.traceId,
                spanId: s.spanId,
                parentSpanId: s.parentSpanId || undefined,
                kind: s.kind,
              });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface TestClock {
  (): number;
  /** Moves time forward by `ms`. */
  advance(ms: number): void;
}

/** A clock the test moves instead of sleeping: starts at the real time, stands still until advanced. */
export function testClock(start = Date.now()): TestClock {
  let now = start;
  return Object.assign(() => now, {
    advance(ms: number) {
      now += ms;
    },
  });
}

/** A port the operating system says is free right now (bound briefly on loopback, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Rejects with a DomainError carrying exactly these codes, in any order (a rule reports every broken field at once). */
export async function rejectsWith(call: Promise<unknown>, ...codes: ExcCode[]): Promise<void> {
  await assert.rejects(call, (error: unknown) => {
    assert.ok(error instanceof DomainError, `expected a DomainError, got ${String(error)}`);
    assert.deepEqual([...error.codes].sort(), [...codes].sort());
    return true;
  });
}

/** Waits for what another process or the event bus does: polls until `check` holds (no fixed sleep), failing the test after `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
