// `make bench`: what the gateway's road costs against the floor, bare Express 5, measured in
// the same run so both see the same machine. It reports two ratios (docs/performance.md):
//   ping       = gateway GET /api/v1/ping at 100 clients ÷ bare Express at 100 clients
//   logged-in  = gateway GET /api/v1/authentication/cellphone (access token → gRPC with a
//                caller assertion → auth → Postgres) at 10 clients ÷ bare Express at 10 clients
// Each round measures the four runs back to back (floor@100, ping@100, floor@10,
// logged-in@10), so a ratio never compares runs made under different background load; the
// rounds are repeated and the medians reported, with the load average of every round.
//
// The gateway runs as a deployed pod does (see docs/performance.md, "How the gateway runs"):
// NODE_ENV=production, LOG_LEVEL=warn, the telemetry register file loaded as the image's
// command loads it, its own caller-assertion key pair (production refuses the development one).
//
// Environment: BENCH_DURATION_SECONDS (10 per run), BENCH_ROUNDS (3), BENCH_WARMUP_SECONDS (3
// per path), BENCH_LOG_LEVEL (warn),
// BENCH_TRACING (`off`; `export`: every span to a local OTLP endpoint; `sampled`: the same
// with a parent-based trace-id ratio sampler, BENCH_TRACE_RATIO of the traces, default 0.1),
// BENCH_REDIS_URL (rate limits and revocations in Redis, as production keeps them; unset:
// in process), TEST_POSTGRES_URL, BENCH_NODE_FLAGS (node flags for the measured processes
// only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), BENCH_PROFILE (`ping` or `logged-in`:
// load only that path, no floor and no ratios, so a profile shows that path alone),
// BENCH_GATEWAY_ENTRY (the gateway's entry point, default gateway/src/main.ts: another build,
// e.g. a copy at an earlier commit in bench/.baseline, as bench/pair.ts explains).
import type { ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { AuthService } from '@darmankar/proto/auth/v1/auth_pb';
import { createClient, createHealthChecker } from '@darmankar/platform/grpc';
import { serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, freePort } from '@darmankar/platform/testing';
import { json, processGroup, ROOT, waitFor } from './processes.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const TRACING = process.env.BENCH_TRACING ?? 'off';
if (!['off', 'export', 'sampled'].includes(TRACING)) throw new Error('BENCH_TRACING is off, export or sampled');
/** The share of traces kept with BENCH_TRACING=sampled. */
const TRACE_RATIO = process.env.BENCH_TRACE_RATIO ?? '0.1';
const REDIS_URL = process.env.BENCH_REDIS_URL;
/** `ping` or `logged-in`: load that one path only, ROUNDS runs, and report its CPU (for profiling). */
const PROFILE = process.env.BENCH_PROFILE as 'ping' | 'logged-in' | undefined;
if (PROFILE !== undefined && PROFILE !== 'ping' && PROFILE !== 'logged-in')
  throw new Error('BENCH_PROFILE is ping or logged-in');
const CELLPHONE = '09120000001';

const TARGETS = { ping: 0.85, loggedIn: 0.3 } as const;

const processes = processGroup();
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

/** BENCH_NODE_FLAGS reach the measured processes only, e.g. `--cpu-prof` to profile them. */
function start(
  name: string,
  entry: string,
  env: Record<string, string | undefined>,
  preload: string[] = [],
  measured = true,
): ChildProcess {
  return processes.start(name, entry, { LOG_LEVEL, ...env }, { preload, nodeFlags: measured ? NODE_FLAGS : [] });
}

/**
 * Logs in through the gateway as a person would. A production gateway serves no development
 * outbox, so the code is read from the auth service's outbox directly over gRPC.
 */
async function logIn(gateway: string, auth: ReturnType<typeof createClient<typeof AuthService>>): Promise<string> {
  await json(await fetch(`${gateway}/api/v1/authentication/cellphone/${CELLPHONE}`, { method: 'POST' }));
  const { messages } = await auth.listDevOutbox({ to: CELLPHONE });
  const code = messages[0]?.code;
  if (!code) throw new Error("no code in the auth service's development outbox");
  const verified = await json(
    await fetch(`${gateway}/api/v1/authentication/cellphone/${CELLPHONE}/verify?next=Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    }),
  );
  return verified.session.accessToken;
}

interface Measured {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * autocannon's own percentiles are whole milliseconds; each response's time is recorded
 * here instead (fractional ms from its 'response' event) so sub-millisecond hops show.
 */
async function http(
  url: string,
  connections: number,
  headers: Record<string, string> = {},
  seconds = DURATION_SECONDS,
): Promise<Measured> {
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

/**
 * CPU time a process has used so far, in ms (Linux /proc; undefined elsewhere). Throughput
 * on two shared cores depends on what else runs; CPU per request much less so, so every run
 * also reports the CPU each measured process spent per answered request.
 */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The Postgres backends serving one database: their process titles name it
 * (`postgres: 15/main: postgres dk_test_bench_… 127.0.0.1(…) idle`).
 */
function postgresBackendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres:') && title.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return pids;
}

/** What a run's CPU is counted over: processes by pid, or this process (the load generator). */
type CpuSource = ChildProcess | (() => number[]) | 'self';
type Cpu = Record<string, number>;

function cpuOfSource(source: CpuSource): Map<number | 'self', number> {
  const readings = new Map<number | 'self', number>();
  if (source === 'self') {
    const { user, system } = process.cpuUsage();
    readings.set('self', (user + system) / 1000);
    return readings;
  }
  for (const pid of typeof source === 'function' ? source() : [source.pid]) {
    const ms = cpuMsOf(pid);
    if (pid !== undefined && ms !== undefined) readings.set(pid, ms);
  }
  return readings;
}

/** Runs `measure`; also returns, per named source, the CPU ms it spent per answered request. */
async function withCpu(sources: Record<string, CpuSource>, measure: () => Promise<Measured>): Promise<[Measured, Cpu]> {
  const before = Object.fromEntries(Object.entries(sources).map(([name, source]) => [name, cpuOfSource(source)]));
  const result = await measure();
  const perRequest: Cpu = {};
  for (const [name, source] of Object.entries(sources)) {
    let spent = 0;
    // A backend that started during the run counts from zero.
    for (const [pid, ms] of cpuOfSource(source)) spent += ms - (before[name]!.get(pid) ?? 0);
    // Backends may all have been closed as idle before the run and opened during it.
    if (before[name]!.size > 0 || typeof source === 'function')
      perRequest[name] = spent / (result.perSecond * DURATION_SECONDS);
  }
  return [result, perRequest];
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const loadNow = () => os.loadavg()[0]!;

interface Round {
  loadBefore: number;
  loadAfter: number;
  floor100: Measured;
  ping100: Measured;
  floor10: Measured;
  loggedIn10: Measured;
  cpu: {
    floor: number;
    ping: number;
    loggedInGateway: number;
    loggedInAuth: number;
    loggedInPostgres: number;
    loggedInClient: number;
  };
}

async function main(): Promise<void> {
  console.log(`Darmankar benchmark — ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, ${os.platform()} ${os.release()}`,
  );
  console.log(
    `load average before: ${os
      .loadavg()
      .map((n) => fmt(n))
      .join(' ')}${loadNow() > 1.5 ? ' — other work is running: the ratios will be noisy' : ''}`,
  );
  console.log(`${ROUNDS} rounds; each run ${DURATION_SECONDS} s after a ${WARMUP_SECONDS} s warm-up per path`);
  console.log(
    `gateway: NODE_ENV=production LOG_LEVEL=${LOG_LEVEL}, telemetry register loaded, tracing ${TRACING === 'export' ? 'exporting every span over OTLP/HTTP' : TRACING === 'sampled' ? `exporting a parent-based ${TRACE_RATIO} ratio of traces over OTLP/HTTP` : 'off (no OTEL_EXPORTER_OTLP_ENDPOINT)'}, rate limits and revocations ${REDIS_URL ? `in Redis (${REDIS_URL})` : 'in process'}\n`,
  );

  const authDir = path.join(ROOT, 'services', 'auth');
  const db = await createTestDatabase('bench', serviceMigrationSets(authDir));
  try {
    const [barePort, grpcPort, gatewayPort, sinkPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    // A sampler inherited from the shell would change what is measured, as would an endpoint.
    const tracingEnv: Record<string, string | undefined> = {
      OTEL_TRACES_SAMPLER: undefined,
      OTEL_TRACES_SAMPLER_ARG: undefined,
    };
    if (TRACING === 'export' || TRACING === 'sampled') {
      start('otlp sink', 'bench/otlp-sink.ts', { PORT: String(sinkPort) }, [], false);
      tracingEnv.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${sinkPort}`;
      if (TRACING === 'sampled') {
        tracingEnv.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
        tracingEnv.OTEL_TRACES_SAMPLER_ARG = TRACE_RATIO;
      }
    } else {
      // An endpoint inherited from the shell would turn tracing on behind the report's back.
      tracingEnv.OTEL_EXPORTER_OTLP_ENDPOINT = undefined;
    }
    const bareProcess = start('bare express', 'bench/bare-express.ts', {
      NODE_ENV: 'production',
      PORT: String(barePort),
    });
    // Auth runs as in development only so the benchmark can read its one-time code from the
    // outbox; NODE_ENV changes nothing on its read path. It traces when the gateway does.
    const authProcess = start(
      'auth',
      'services/auth/src/main.ts',
      {
        NODE_ENV: 'development',
        DATABASE_URL: db.url,
        GRPC_PORT: String(grpcPort),
        ACCESS_TOKEN_TTL_SECONDS: '3600',
        SMS_PROVIDER: 'outbox',
        CALLER_ASSERTION_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        OTEL_SERVICE_NAME: 'darmankar-auth',
        ...tracingEnv,
      },
      ['@darmankar/platform/telemetry-register'],
    );
    const gatewayProcess = start(
      'gateway',
      process.env.BENCH_GATEWAY_ENTRY ?? 'gateway/src/main.ts',
      {
        NODE_ENV: 'production',
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        PUBLIC_WEB_URL: 'https://darmankar.ir',
        AUTH_GRPC_URL: `127.0.0.1:${grpcPort}`,
        CALLER_ASSERTION_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        OTEL_SERVICE_NAME: 'darmankar-gateway',
        ...tracingEnv,
        ...(REDIS_URL
          ? {
              REDIS_URL,
              RATE_LIMIT_KEY_PREFIX: `bench-rl-${randomBytes(4).toString('hex')}`,
              REVOKED_SESSIONS_KEY_PREFIX: `bench-revoked-${randomBytes(4).toString('hex')}`,
            }
          : { REDIS_URL: undefined }),
        // The benchmark is one client hammering from one IP: lift the per-IP limit out of the way
        // (the limiter still runs on every request).
        RATE_LIMIT_API_POINTS: '1000000000',
        RATE_LIMIT_CODE_IP_POINTS: '1000',
        RATE_LIMIT_CODE_CELLPHONE_POINTS: '1000',
      },
      ['@darmankar/platform/telemetry-register'],
    );

    const bare = `http://127.0.0.1:${barePort}/ping`;
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    await waitFor('bare express', async () => (await fetch(bare)).ok);
    const authHealth = createHealthChecker(`127.0.0.1:${grpcPort}`);
    await waitFor('auth', () => authHealth.isServing(1_000));
    authHealth.close();
    await waitFor('gateway', async () => (await fetch(`${gateway}/readyz`)).ok);

    const auth = createClient(AuthService, `127.0.0.1:${grpcPort}`);
    const accessToken = await logIn(gateway, auth);
    auth.close();
    const bearer = { authorization: `Bearer ${accessToken}` };
    const ping = `${gateway}/api/v1/ping`;
    const loggedIn = `${gateway}/api/v1/authentication/cellphone`;
    const check = await json(await fetch(loggedIn, { headers: bearer }));
    if (check.cellphone !== CELLPHONE) throw new Error(`logged-in call answered ${JSON.stringify(check)}`);

    // Warm-up: JIT, connection pools and caches of every path at both concurrencies.
    const paths = [
      [bare, 100, {}],
      [ping, 100, {}],
      [bare, 10, {}],
      [loggedIn, 10, bearer],
    ] as const;
    for (const [url, connections, headers] of paths) {
      if (PROFILE && url !== (PROFILE === 'ping' ? ping : loggedIn)) continue;
      await http(url, connections, headers, WARMUP_SECONDS);
    }

    // The logged-in call's whole chain on these two cores: what the servers, Postgres (the
    // benchmark database's backends) and the load generator spend per answer.
    const database = new URL(db.url).pathname.slice(1);
    const loggedInSources: Record<string, CpuSource> = {
      gateway: gatewayProcess,
      auth: authProcess,
      postgres: () => postgresBackendsOf(database),
      client: 'self',
    };

    if (PROFILE) {
      // One path only, so a --cpu-prof profile of the gateway shows that path alone.
      const [url, connections, headers, sources] =
        PROFILE === 'ping'
          ? [ping, 100, {}, { gateway: gatewayProcess, client: 'self' as const }]
          : [loggedIn, 10, bearer, loggedInSources];
      for (let i = 1; i <= ROUNDS; i++) {
        const loadBefore = loadNow();
        const [measured, cpu] = await withCpu(sources, () => http(url, connections, headers));
        console.log(
          `${PROFILE} @${connections}, run ${i}: load ${fmt(loadBefore)} → ${fmt(loadNow())}; ${fmt(measured.perSecond, 0)} req/s, p50 ${fmt(measured.p50Ms)} ms, p99 ${fmt(measured.p99Ms)} ms, errors ${measured.errors}; CPU ms per request: ${Object.entries(
            cpu,
          )
            .map(([name, ms]) => `${name} ${fmt(ms, 3)}`)
            .join(', ')}`,
        );
      }
      return;
    }

    const rounds: Round[] = [];
    for (let i = 1; i <= ROUNDS; i++) {
      const loadBefore = loadNow();
      const [floor100] = await withCpu({}, () => http(bare, 100));
      const [ping100, pingCpu] = await withCpu({ gateway: gatewayProcess }, () => http(ping, 100));
      const [floor10, floorCpu] = await withCpu({ express: bareProcess }, () => http(bare, 10));
      const [loggedIn10, loggedInCpu] = await withCpu(loggedInSources, () => http(loggedIn, 10, bearer));
      const round: Round = {
        loadBefore,
        loadAfter: loadNow(),
        floor100,
        ping100,
        floor10,
        loggedIn10,
        cpu: {
          floor: floorCpu.express ?? NaN,
          ping: pingCpu.gateway ?? NaN,
          loggedInGateway: loggedInCpu.gateway ?? NaN,
          loggedInAuth: loggedInCpu.auth ?? NaN,
          loggedInPostgres: loggedInCpu.postgres ?? NaN,
          loggedInClient: loggedInCpu.client ?? NaN,
        },
      };
      rounds.push(round);
      console.log(
        `round ${i}: load ${fmt(loadBefore)} → ${fmt(round.loadAfter)}; ping ${fmt(ping100.perSecond / floor100.perSecond)}×, logged-in ${fmt(loggedIn10.perSecond / floor10.perSecond)}×`,
      );
    }

    const errors = rounds.reduce(
      (sum, r) => sum + r.floor100.errors + r.ping100.errors + r.floor10.errors + r.loggedIn10.errors,
      0,
    );
    console.log(
      '\n| round | load (1 min) | floor req/s @100 | ping req/s @100 | **ping ×floor** | floor req/s @10 | logged-in req/s @10 | **logged-in ×floor** | logged-in p50 / p99 ms @10 |',
    );
    console.log('|---:|---|---:|---:|---:|---:|---:|---:|---|');
    rounds.forEach((r, index) => {
      console.log(
        `| ${index + 1} | ${fmt(r.loadBefore)} → ${fmt(r.loadAfter)} | ${fmt(r.floor100.perSecond, 0)} | ${fmt(r.ping100.perSecond, 0)} | ${fmt(r.ping100.perSecond / r.floor100.perSecond)} | ${fmt(r.floor10.perSecond, 0)} | ${fmt(r.loggedIn10.perSecond, 0)} | ${fmt(r.loggedIn10.perSecond / r.floor10.perSecond)} | ${fmt(r.loggedIn10.p50Ms)} / ${fmt(r.loggedIn10.p99Ms)} |`,
      );
    });
    const pingRatio = median(rounds.map((r) => r.ping100.perSecond / r.floor100.perSecond));
    const loggedInRatio = median(rounds.map((r) => r.loggedIn10.perSecond / r.floor10.perSecond));
    const cpuMedian = (pick: (cpu: Round['cpu']) => number) => median(rounds.map((r) => pick(r.cpu)));
    const chain = cpuMedian((c) => c.loggedInGateway + c.loggedInAuth + c.loggedInPostgres + c.loggedInClient);
    console.log(
      `\nCPU per request, median of the rounds (ms): bare Express @10 ${fmt(
        cpuMedian((c) => c.floor),
        3,
      )}, gateway ping @100 ${fmt(
        cpuMedian((c) => c.ping),
        3,
      )}, logged-in @10 gateway ${fmt(
        cpuMedian((c) => c.loggedInGateway),
        3,
      )} + auth ${fmt(
        cpuMedian((c) => c.loggedInAuth),
        3,
      )} + Postgres ${fmt(
        cpuMedian((c) => c.loggedInPostgres),
        3,
      )} + load generator ${fmt(
        cpuMedian((c) => c.loggedInClient),
        3,
      )} = ${fmt(chain, 3)} (two cores: at most ${fmt(2000 / chain, 0)} logged-in req/s)`,
    );
    console.log(`non-200 answers and socket errors: ${errors}\n`);
    console.log('| ratio (median of the rounds) | measured | target | met |');
    console.log('|---|---:|---:|:---:|');
    console.log(
      `| gateway ping @100 ÷ bare Express @100 | ${fmt(pingRatio)} | ≥ ${TARGETS.ping} | ${pingRatio >= TARGETS.ping ? 'yes' : 'NO'} |`,
    );
    console.log(
      `| logged-in call @10 ÷ bare Express @10 | ${fmt(loggedInRatio)} | ≥ ${TARGETS.loggedIn} | ${loggedInRatio >= TARGETS.loggedIn ? 'yes' : 'NO'} |`,
    );
    console.log(
      `\nload average after: ${os
        .loadavg()
        .map((n) => fmt(n))
        .join(' ')}`,
    );
    if (errors > 0) process.exitCode = 1;
  } finally {
    await processes.stopAll();
    await db.drop();
  }
}

await main();
