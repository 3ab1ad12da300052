// Starts the whole system described in scripts/system.ts as child processes: databases
// created and migrated, parts started in dependency order, each awaited until ready, their
// output prefixed, and everything stopped cleanly again. `make dev` and the tests both use it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { createHealthChecker } from '@darmankar/platform/grpc';
import { applyMigrations, dropDatabase, ensureDatabase, serviceMigrationSets } from '@darmankar/platform/migrate';
import { testPostgresUrl } from '@darmankar/platform/testing';

export { freePort } from '@darmankar/platform/testing';
import { answers } from './lib/postgres.mjs';
import {
  EVENTS_DATABASE,
  REPO_ROOT,
  SYSTEM,
  partDir,
  partEnv,
  startOrder,
  type PartName,
  type StackContext,
  type SystemPart,
} from './system.ts';

const EXIT_WITH_PARENT = pathToFileURL(path.join(REPO_ROOT, 'scripts/lib/exit-with-parent.mjs')).href;

export interface StackOptions {
  /** `dev` runs the development stack (databases `darmankar_<service>`, kept). Any other name
   *  runs a test stack: throw-away databases `dk_test_<service>_<random>` dropped on stop,
   *  NODE_ENV=test, free ports. */
  name: string;
  /** The Postgres server; defaults to TEST_POSTGRES_URL or 127.0.0.1:5432. */
  postgresUrl?: string;
  /** Extra environment for every part (wins over system.ts). */
  env?: Record<string, string>;
  /** Extra environment for one part (wins over `env`). */
  partEnv?: Partial<Record<PartName, Record<string, string>>>;
  /** Vite middleware (`dev`) or the built app (`production`); tests default to production. */
  webMode?: 'dev' | 'production';
  /** With `production`: the build under way (make dev builds it while the services start);
   *  the web app starts once it settles. Without it the build must already exist. */
  webBuild?: Promise<unknown>;
  /** Fixed ports; unspecified ones are the standard ports (dev) or free ones (tests). */
  ports?: Partial<Record<PartName, number>>;
  /** Redis for the gateway; defaults to REDIS_URL when set. */
  redisUrl?: string;
  /** Where the parts' output goes: printed with a prefix, or kept only to explain a failure. */
  output?: 'print' | 'quiet';
  /** How long one part may take to become ready. */
  readyTimeoutMs?: number;
}

export interface RunningStack {
  webUrl: string;
  gatewayUrl: string;
  /** Each part's address: http://… for web and gateway, host:port for gRPC services. */
  urls: Record<PartName, string>;
  databaseUrls: Partial<Record<PartName, string>>;
  eventsDatabaseUrl: string;
  /** The process id of each part, for checks that they are gone after stop(). */
  pids: Record<PartName, number>;
  /** Settles when a part exits on its own (a crash) before stop() was called. */
  crashed: Promise<{ part: PartName; code: number | null; output: string }>;
  stop(): Promise<void>;
}

export class StackError extends Error {
  override name = 'StackError';
}

const STOP_GRACE_MS = 8_000;
const OUTPUT_TAIL_LINES = 60;
const COLOURS = [36, 35, 33, 32, 34, 31];
/** Every part's output is prefixed with its name, padded to the longest. */
const PREFIX_WIDTH = Math.max(...SYSTEM.map((part) => part.name.length));

/**
 * A port for a test stack's part, chosen below the kernel's ephemeral range (Linux hands out
 * 32768–60999 to `listen(0)`): between choosing it and the part binding it, a server elsewhere
 * listening on port 0 (another test file running beside this one) cannot be given it.
 */
const STACK_PORTS = { from: 20_000, to: 32_000 } as const;

async function stackPort(taken: Set<number>): Promise<number> {
  for (;;) {
    const port = STACK_PORTS.from + Math.floor(Math.random() * (STACK_PORTS.to - STACK_PORTS.from));
    if (taken.has(port) || !(await canBind(port))) continue;
    taken.add(port);
    return port;
  }
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** True when something accepts connections on host:port (re-exported for the stack's tests). */
export const isListening = answers;

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A child process with its output prefixed and its last lines kept for error messages. */
class PartProcess {
  readonly tail: string[] = [];
  readonly exited: Promise<number | null>;
  private exitCode: number | null | undefined;
  private readonly child: ChildProcess;

  constructor(
    readonly part: SystemPart,
    env: Record<string, string>,
    private readonly print: boolean,
    colour: number,
  ) {
    const prefix = `\x1b[${colour}m${part.name.padEnd(PREFIX_WIDTH)}|\x1b[0m `;
    // A part started from inside a test must not think it is a test file itself.
    const { NODE_TEST_CONTEXT: _, ...inherited } = process.env;
    // Telemetry loads before the part's own modules so it can instrument them; it does
    // nothing unless OTEL_EXPORTER_OTLP_ENDPOINT is set.
    // exit-with-parent stops the part when this process ends, even by SIGKILL (its stdin closes).
    this.child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        '@darmankar/platform/telemetry-register',
        '--import',
        EXIT_WITH_PARENT,
        part.entry,
      ],
      {
        cwd: partDir(part),
        env: { ...inherited, OTEL_SERVICE_NAME: `darmankar-${part.name}`, ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
        // Its own process group, so stopping it also stops anything it started (Vite's esbuild).
        detached: true,
      },
    );
    for (const stream of [this.child.stdout!, this.child.stderr!]) {
      let partial = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop()!;
        for (const line of lines) this.line(prefix, line);
      });
      stream.on('end', () => partial && this.line(prefix, partial));
    }
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? 128 : null);
        resolve(this.exitCode);
      });
    });
  }

  private line(prefix: string, line: string) {
    this.tail.push(line);
    if (this.tail.length > OUTPUT_TAIL_LINES) this.tail.shift();
    if (this.print) process.stdout.write(prefix + line + '\n');
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.exitCode === undefined;
  }

  private signal(signal: NodeJS.Signals) {
    try {
      process.kill(-this.pid, signal);
    } catch {
      // already gone
    }
  }

  /** SIGTERM, then SIGKILL when it has not exited within the grace period. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.signal('SIGTERM');
    const exitedInTime = await Promise.race([this.exited.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
    if (!exitedInTime) {
      this.signal('SIGKILL');
      await this.exited;
    }
    // Anything the part left behind in its group goes too.
    this.signal('SIGKILL');
  }

  /** Synchronous last resort when the parent itself is exiting. */
  kill() {
    if (this.running) this.signal('SIGKILL');
  }

  explain(): string {
    return this.tail.length
      ? `last output of ${this.part.name}:\n  ${this.tail.join('\n  ')}`
      : `${this.part.name} printed nothing`;
  }
}

export async function grpcHealthy(address: string): Promise<boolean> {
  const health = createHealthChecker(address);
  try {
    return await health.isServing(1_000);
  } finally {
    health.close();
  }
}

async function httpReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function waitUntilReady(process: PartProcess, address: string, timeoutMs: number): Promise<void> {
  const { part } = process;
  const deadline = Date.now() + timeoutMs;
  const check = () =>
    part.readiness.kind === 'grpc-health' ? grpcHealthy(address) : httpReady(`${address}${part.readiness.path}`);
  while (Date.now() < deadline) {
    if (!process.running) {
      throw new StackError(
        `${part.name} exited with code ${await process.exited} before it was ready\n${process.explain()}`,
      );
    }
    if (await check()) return;
    await sleep(200);
  }
  throw new StackError(`${part.name} was not ready within ${timeoutMs / 1000} s (${address})\n${process.explain()}`);
}

async function choosePorts(options: StackOptions, dev: boolean): Promise<Record<PartName, number>> {
  const ports = {} as Record<PartName, number>;
  const taken = new Set<number>();
  for (const part of SYSTEM) {
    const fixed = options.ports?.[part.name] ?? (dev ? part.port : undefined);
    if (fixed !== undefined) {
      if (await isListening(fixed)) {
        throw new StackError(
          `port ${fixed} (${part.name}) is already in use: stop whatever listens there (\`ss -ltnp 'sport = :${fixed}'\` shows it) and try again`,
        );
      }
      ports[part.name] = fixed;
    } else {
      ports[part.name] = await stackPort(taken);
    }
  }
  return ports;
}

function address(part: SystemPart, port: number): string {
  return part.readiness.kind === 'grpc-health' ? `127.0.0.1:${port}` : `http://127.0.0.1:${port}`;
}

async function createDatabase(serverUrl: string, database: string, dev: boolean): Promise<string> {
  const name = dev ? `darmankar_${database}` : `dk_test_${database}_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(serverUrl, name);
  try {
    await ensureDatabase(url);
  } catch (error) {
    throw new StackError(`cannot create database ${name} on ${new URL(serverUrl).host}: ${(error as Error).message}`);
  }
  return url;
}

/** Each service's database, migrated, and the event log's (the bus creates its own tables). */
async function prepareDatabases(serverUrl: string, dev: boolean) {
  const urls: Partial<Record<PartName, string>> = {};
  for (const part of SYSTEM) {
    if (!part.database) continue;
    urls[part.name] = await createDatabase(serverUrl, part.database, dev);
    await applyMigrations(urls[part.name]!, serviceMigrationSets(partDir(part)));
  }
  const eventsUrl = await createDatabase(serverUrl, EVENTS_DATABASE, dev);
  return { databaseUrls: urls, eventsDatabaseUrl: eventsUrl };
}

/** Each addressable part's address variable (EMPLOYER_GRPC_URL …) set to where it runs. */
function partAddresses(stack: RunningStack): Record<string, string> {
  return Object.fromEntries(
    SYSTEM.flatMap((part) => (part.address ? [[part.address.variable, stack.urls[part.name]]] : [])),
  );
}

/** Runs each part's seed script (if it has one) against its database; seeds are idempotent. */
export async function seedDemoData(stack: RunningStack, print = true): Promise<string[]> {
  const seeded: string[] = [];
  for (const part of SYSTEM) {
    if (!part.seed || !existsSync(path.join(partDir(part), part.seed))) continue;
    const child = spawn(process.execPath, ['--import', 'tsx', part.seed], {
      cwd: partDir(part),
      // The running parts' addresses too: a seed may write through another part (the
      // recruitment seed asks the employer service for the demo employers).
      env: { ...process.env, ...partAddresses(stack), DATABASE_URL: stack.databaseUrls[part.name] ?? '' },
      stdio: print ? 'inherit' : 'ignore',
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new StackError(`seeding ${part.name} failed (exit code ${code})`);
    seeded.push(part.name);
  }
  return seeded;
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const dev = options.name === 'dev';
  const webMode = options.webMode ?? (dev ? 'dev' : 'production');
  const webBuilt = () => existsSync(path.join(REPO_ROOT, 'web/build/server/index.js'));
  if (webMode === 'production' && !options.webBuild && !webBuilt()) {
    throw new StackError('the web app is not built: run `npm run build -w @darmankar/web` first (make test does)');
  }
  const serverUrl = options.postgresUrl ?? testPostgresUrl();
  const ports = await choosePorts(options, dev);
  const { databaseUrls, eventsDatabaseUrl } = await prepareDatabases(serverUrl, dev);
  const stackId = dev ? 'dev' : `${options.name}-${randomBytes(3).toString('hex')}`;
  const context: StackContext = {
    mode: dev ? 'development' : 'test',
    webMode,
    ports,
    databaseUrls,
    eventsDatabaseUrl,
    redisUrl: options.redisUrl ?? process.env.REDIS_URL,
    stackId,
    scratchDir: dev ? path.join(REPO_ROOT, '.data') : path.join(os.tmpdir(), `darmankar-stack-${stackId}`),
  };
  const print = (options.output ?? (dev ? 'print' : 'quiet')) === 'print';
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;

  const running: PartProcess[] = [];
  const killAll = () => running.forEach((p) => p.kill());
  process.once('exit', killAll);

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      process.removeListener('exit', killAll);
      // Reverse order: the web app first, the services it depends on last.
      for (const part of [...running].reverse()) await part.stop();
      if (!dev) {
        await Promise.all(
          [...Object.values(databaseUrls), eventsDatabaseUrl].map((url) => dropDatabase(url!).catch(() => {})),
        );
        rmSync(context.scratchDir, { recursive: true, force: true });
      }
    })());

  const urls = {} as Record<PartName, string>;
  try {
    for (const [index, part] of startOrder().entries()) {
      // make dev's parts log for a person reading the terminal; a test stack's in JSON, which
      // its tests read (packages/platform/src/log.ts).
      const logFormat = { LOG_FORMAT: dev ? (process.env.LOG_FORMAT ?? 'pretty') : 'json' };
      const env = { ...partEnv(part, context), ...logFormat, ...options.env, ...options.partEnv?.[part.name] };
      if (part.name === 'web' && webMode === 'production' && options.webBuild) {
        await options.webBuild;
        if (!webBuilt())
          throw new StackError('the web app is not built: its build ended without web/build/server/index.js');
      }
      const child = new PartProcess(part, env, print, COLOURS[index % COLOURS.length]!);
      running.push(child);
      urls[part.name] = address(part, ports[part.name]);
      await waitUntilReady(child, urls[part.name], readyTimeoutMs);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  const crashed = Promise.race(
    running.map((child) =>
      child.exited.then(async (code) => {
        if (stopped) await new Promise(() => {}); // a stop, not a crash: never settles
        return { part: child.part.name, code, output: child.explain() };
      }),
    ),
  );

  return {
    crashed,
    webUrl: urls.web,
    gatewayUrl: urls.gateway,
    urls,
    databaseUrls,
    eventsDatabaseUrl,
    pids: Object.fromEntries(running.map((p) => [p.part.name, p.pid])) as Record<PartName, number>,
    stop,
  };
}
