// Another service, started by a test the way production runs it: its own process from its own
// folder (`src/main.ts`), on a throw-away database with its migrations, answering on a free port.
// A service's tests never import another service's code (the import boundaries), so this is how
// they get a real one. The process ends with the test's process, even when that is killed with
// SIGKILL: it loads scripts/lib/exit-with-parent.mjs, which stops it when its stdin pipe closes.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHealthChecker } from '../grpc.ts';
import { createServiceTestDatabase, freePort, type TestDatabase } from '../testing.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** The module `make dev`'s stack loads into every part for the same reason. */
const EXIT_WITH_PARENT = pathToFileURL(path.join(REPO_ROOT, 'scripts/lib/exit-with-parent.mjs')).href;
const DEFAULT_READY_MS = 30_000;
const STOP_GRACE_MS = 10_000;

export interface ServiceProcessOptions {
  /** The service's folder: `src/main.ts` is started there and its migrations make the database. */
  serviceDir: string;
  /** Names the throw-away database (dk_test_<label>_<random>). */
  databaseLabel: string;
  /** The service's configuration beyond NODE_ENV, LOG_LEVEL, DATABASE_URL and GRPC_PORT (which this sets). */
  env?: Record<string, string>;
  /** How long the service may take to answer SERVING. */
  readyTimeoutMs?: number;
}

export interface ServiceProcess {
  /** host:port of its gRPC server. */
  address: string;
  port: number;
  databaseUrl: string;
  /** Stops the process (SIGTERM, then SIGKILL if it hangs) and drops its database. */
  stop(): Promise<void>;
}

function spawnService(serviceDir: string, env: Record<string, string>): ChildProcess {
  // A service started from inside a test must not think it is a test file itself.
  const { NODE_TEST_CONTEXT: _, ...inherited } = process.env;
  return spawn(process.execPath, ['--import', 'tsx', '--import', EXIT_WITH_PARENT, 'src/main.ts'], {
    cwd: serviceDir,
    env: { ...inherited, ...env },
    // stdin is the pipe exit-with-parent watches; errors still reach the test's output.
    stdio: ['pipe', 'ignore', 'inherit'],
    // Its own process group, which exit-with-parent stops as a whole.
    detached: true,
  });
}

async function waitUntilServing(child: ChildProcess, address: string, serviceDir: string, timeoutMs: number) {
  const name = path.basename(serviceDir);
  const health = createHealthChecker(address);
  try {
    const deadline = Date.now() + timeoutMs;
    while (!(await health.isServing(500))) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the ${name} service exited with ${child.exitCode ?? child.signalCode}`);
      if (Date.now() > deadline) throw new Error(`the ${name} service did not answer SERVING in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    health.close();
  }
}

async function endProcess(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const hung = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(hung);
}

/** Starts the service in `serviceDir` as its own process and waits until its gRPC health answers SERVING. */
export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const serviceDir = path.resolve(options.serviceDir);
  const database: TestDatabase = await createServiceTestDatabase(options.databaseLabel, serviceDir);
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  try {
    const port = await freePort();
    const address = `127.0.0.1:${port}`;
    child = spawnService(serviceDir, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...options.env,
      DATABASE_URL: database.url,
      GRPC_PORT: String(port),
    });
    const started = child;
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    await waitUntilServing(started, address, serviceDir, options.readyTimeoutMs ?? DEFAULT_READY_MS);
    return {
      address,
      port,
      databaseUrl: database.url,
      async stop() {
        await endProcess(started, exited);
        await database.drop();
      },
    };
  } catch (error) {
    if (child) await endProcess(child, exited);
    await database.drop();
    throw error;
  }
}
