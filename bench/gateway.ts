// Benchmark of each hop on loopback (run by `make bench`; not a test):
//   1. a bare Express 5 handler, the floor;
//   2. the gateway's GET /api/v1/ping (gateway alone);
//   3. GET /api/v1/authentication/cellphone with a real session: gateway → gRPC → auth → Postgres;
//   4. the same auth call made directly over gRPC, without the gateway.
// Express, the gateway and the auth service each run in their own process, so the load
// generators (autocannon for HTTP, a closed loop for gRPC) never share their event loop.
// The auth service gets a throw-away database that is dropped at the end.
//
// Environment: BENCH_DURATION_SECONDS (default 10 per run), BENCH_LOG_LEVEL (default warn,
// the services' LOG_LEVEL), TEST_POSTGRES_URL (default the machine's Postgres),
// BENCH_NODE_FLAGS (node flags for the measured processes only).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { AuthService } from '@darmankar/proto/auth/v1/auth_pb';
import { createClient } from '@darmankar/platform/grpc';
import { serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase } from '@darmankar/platform/testing';
import { closedLoop, type LoadResult } from './grpc-load.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const CELLPHONE = '09120000001';

const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a TypeScript entry point in its own node process. */
function start(name: string, entry: string, env: Record<string, string>): ChildProcess {
  // BENCH_NODE_FLAGS reach the measured processes only, e.g. `--cpu-prof` to profile them.
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${code ?? signal}):\n${stderr}`);
      process.exitCode = 1;
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
async function stopAll(): Promise<void> {
  stopping = true;
  await Promise.all(children.map((child) => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  })));
}

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms`);
}

async function json(response: Response): Promise<any> {
  const body = await response.json();
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Logs in as a new user through the development outbox, as a person would with curl. */
async function logIn(gateway: string): Promise<{ accessToken: string; userId: string }> {
  await json(await fetch(`${gateway}/api/v1/authentication/cellphone/${CELLPHONE}`, { method: 'POST' }));
  const outbox = await json(await fetch(`${gateway}/api/dev/outbox?to=${CELLPHONE}`));
  const code = (outbox.messages ?? outbox)[0]?.code;
  if (!code) throw new Error(`no code in the development outbox: ${JSON.stringify(outbox)}`);
  const verified = await json(await fetch(`${gateway}/api/v1/authentication/cellphone/${CELLPHONE}/verify?next=Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  }));
  return { accessToken: verified.session.accessToken, userId: verified.user.id };
}

interface Measured { perSecond: number; p50Ms: number; p99Ms: number; errors: number }

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * autocannon's own percentiles are whole milliseconds; each response's time is recorded
 * here instead (fractional ms from its 'response' event) so sub-millisecond hops show.
 */
async function http(url: string, connections: number, headers: Record<string, string> = {}, seconds = DURATION_SECONDS): Promise<Measured> {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({ url, connections, duration: seconds, headers });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 200) latencies.push(responseTime);
    else errors++;
  });
  const result = await instance;
  const sorted = Float64Array.from(latencies).sort();
  return {
    perSecond: latencies.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    errors: errors + result.errors + result.timeouts,
  };
}

function fromLoad(result: LoadResult): Measured {
  return { perSecond: result.perSecond, p50Ms: result.p50Ms, p99Ms: result.p99Ms, errors: result.errors };
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);

/**
 * CPU time a process has used so far, in ms (Linux /proc; undefined elsewhere). Latency on
 * two shared cores depends on what else runs; CPU per request does not, so each run also
 * reports how much CPU every measured process spent per answered request.
 */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

type Cpu = Record<string, number | undefined>;

/** Runs `measure` and returns, per named process, its CPU ms spent during the run. */
async function withCpu<T>(processes: Record<string, ChildProcess>, measure: () => Promise<T>): Promise<[T, Cpu]> {
  const before = Object.fromEntries(Object.entries(processes).map(([name, child]) => [name, cpuMsOf(child.pid)]));
  const result = await measure();
  const spent: Cpu = {};
  for (const [name, child] of Object.entries(processes)) {
    const now = cpuMsOf(child.pid);
    spent[name] = now === undefined || before[name] === undefined ? undefined : now - before[name]!;
  }
  return [result, spent];
}

async function main(): Promise<void> {
  console.log(`Darmankar benchmark — ${new Date().toISOString()}`);
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, ${os.platform()} ${os.release()}`);
  const load = os.loadavg().map((n) => n.toFixed(2)).join(' ');
  console.log(`load average before the runs: ${load}${os.loadavg()[0]! > 1 ? ' — other work is running: figures will be low' : ''}`);
  console.log(`each run: ${WARMUP_SECONDS} s warm-up, then ${DURATION_SECONDS} s measured; services at LOG_LEVEL=${LOG_LEVEL}\n`);

  const authDir = path.join(ROOT, 'services', 'auth');
  const db = await createTestDatabase('bench', serviceMigrationSets(authDir));
  try {
    const [barePort, grpcPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
    const bareProcess = start('bare express', 'bench/bare-express.ts', { PORT: String(barePort) });
    const authProcess = start('auth', 'services/auth/src/main.ts', { DATABASE_URL: db.url, GRPC_PORT: String(grpcPort), ACCESS_TOKEN_TTL_SECONDS: '3600', SMS_PROVIDER: 'outbox' });
    const gatewayProcess = start('gateway', 'gateway/src/main.ts', {
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      AUTH_GRPC_URL: `127.0.0.1:${grpcPort}`,
      // The benchmark is one client hammering one IP: lift the per-IP limit out of the way.
      RATE_LIMIT_API_POINTS: '1000000000',
      RATE_LIMIT_CODE_IP_POINTS: '1000',
      RATE_LIMIT_CODE_CELLPHONE_POINTS: '1000',
    });

    const bare = `http://127.0.0.1:${barePort}/ping`;
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    await waitFor('bare express', async () => (await fetch(bare)).ok);
    await waitFor('gateway and auth', async () => (await fetch(`${gateway}/readyz`)).ok);

    const { accessToken, userId } = await logIn(gateway);
    const bearer = { authorization: `Bearer ${accessToken}` };
    const loggedIn = `${gateway}/api/v1/authentication/cellphone`;
    const check = await json(await fetch(loggedIn, { headers: bearer }));
    if (check.cellphone !== CELLPHONE) throw new Error(`logged-in call answered ${JSON.stringify(check)}`);

    const auth = createClient(AuthService, `127.0.0.1:${grpcPort}`);
    const direct = () => auth.getCellphone({}, { userId });
    if ((await direct()).cellphone !== CELLPHONE) throw new Error('direct gRPC call answered another cellphone');

    const rows: Array<{ name: string; at10: Measured; at100: Measured; cpu: Cpu }> = [];
    const measureHttp = async (name: string, url: string, processes: Record<string, ChildProcess>, headers: Record<string, string> = {}) => {
      await http(url, 10, headers, WARMUP_SECONDS);
      const [at10, cpu] = await withCpu(processes, () => http(url, 10, headers));
      const at100 = await http(url, 100, headers);
      rows.push({ name, at10, at100, cpu: perRequest(cpu, at10) });
      console.log(`measured ${name}`);
    };
    const perRequest = (cpu: Cpu, run: Measured): Cpu =>
      Object.fromEntries(Object.entries(cpu).map(([name, ms]) => [name, ms === undefined ? undefined : ms / (run.perSecond * DURATION_SECONDS)]));
    await measureHttp('bare Express 5 (floor)', bare, { express: bareProcess });
    await measureHttp('gateway GET /api/v1/ping', `${gateway}/api/v1/ping`, { gateway: gatewayProcess });
    await measureHttp('gateway → gRPC → auth → Postgres (GET authentication/cellphone)', loggedIn, { gateway: gatewayProcess, auth: authProcess }, bearer);
    await closedLoop(direct, 10, WARMUP_SECONDS * 1000);
    const [directAt10, directCpu] = await withCpu({ auth: authProcess }, async () => fromLoad(await closedLoop(direct, 10, DURATION_SECONDS * 1000)));
    rows.push({
      name: 'direct gRPC GetCellphone → auth → Postgres',
      at10: directAt10,
      at100: fromLoad(await closedLoop(direct, 100, DURATION_SECONDS * 1000)),
      cpu: perRequest(directCpu, directAt10),
    });
    console.log(`measured direct gRPC; load average now ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}\n`);
    auth.close();

    const floor = rows[0]!;
    console.log('| path | req/s @10 | p50 ms @10 | p99 ms @10 | req/s @100 | ×floor @10 | ×floor @100 | errors |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const { name, at10, at100 } of rows) {
      console.log(`| ${name} | ${fmt(at10.perSecond, 0)} | ${fmt(at10.p50Ms)} | ${fmt(at10.p99Ms)} | ${fmt(at100.perSecond, 0)} | ${fmt(at10.perSecond / floor.at10.perSecond)} | ${fmt(at100.perSecond / floor.at100.perSecond)} | ${at10.errors + at100.errors} |`);
    }

    console.log('\nCPU per request at 10 clients, by process (ms; the load generator and Postgres not counted):\n');
    console.log('| path | express | gateway | auth |');
    console.log('|---|---:|---:|---:|');
    const cpuCell = (ms: number | undefined) => (ms === undefined ? '–' : fmt(ms, 3));
    for (const { name, cpu } of rows) console.log(`| ${name} | ${cpuCell(cpu.express)} | ${cpuCell(cpu.gateway)} | ${cpuCell(cpu.auth)} |`);

    const [, ping, viaGateway, viaGrpc] = rows as [typeof floor, typeof floor, typeof floor, typeof floor];
    const hop = viaGateway.at10.p50Ms - viaGrpc.at10.p50Ms;
    const targets = [
      { what: 'ping p99 at 10 clients ≤ 5 ms', value: `${fmt(ping.at10.p99Ms)} ms`, met: ping.at10.p99Ms <= 5 },
      { what: 'logged-in call p99 at 10 clients ≤ 10 ms', value: `${fmt(viaGateway.at10.p99Ms)} ms`, met: viaGateway.at10.p99Ms <= 10 },
      { what: 'gateway + gRPC hop adds ≤ 1.5 ms p50 over direct gRPC', value: `${fmt(hop)} ms`, met: hop <= 1.5 },
      { what: 'ping at 100 clients keeps ≥ 60% of bare Express', value: `${fmt((ping.at100.perSecond / floor.at100.perSecond) * 100, 0)}%`, met: ping.at100.perSecond >= 0.6 * floor.at100.perSecond },
    ];
    console.log('\n| target | measured | met |');
    console.log('|---|---:|:---:|');
    for (const t of targets) console.log(`| ${t.what} | ${t.value} | ${t.met ? 'yes' : 'NO'} |`);
  } finally {
    await stopAll();
    await db.drop();
  }
}

await main();
