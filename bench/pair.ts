// Two builds of the gateway side by side: A (another commit, copied to bench/.baseline) and B
// (this checkout), in front of one auth service, loaded at the same time by two load
// generators, each process's CPU per answered request taken over the same seconds. On a machine
// shared with other work the ratio B/A holds where two runs one after the other do not: both
// builds see the same background load. Production settings as in `make bench`.
//
//   mkdir -p bench/.baseline && git archive <commit> gateway/src | tar -x -C bench/.baseline
//   ln -s ../../../gateway/node_modules bench/.baseline/gateway/node_modules
//   node --import tsx bench/pair.ts ping|logged-in [seconds per round, 8] [rounds, 4]
//
// PAIR_A / PAIR_B: the entry points (default bench/.baseline/gateway/src/main.ts and
// gateway/src/main.ts). Ping uses 50 clients per gateway, logged-in 5 (100 and 10 together).
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { AuthService } from '@darmankar/proto/auth/v1/auth_pb';
import { createClient, createHealthChecker } from '@darmankar/platform/grpc';
import { serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, freePort } from '@darmankar/platform/testing';
import { processGroup, ROOT, waitFor, type StartOptions } from './processes.ts';

const which = process.argv[2] ?? 'ping';
if (which !== 'ping' && which !== 'logged-in')
  throw new Error('usage: bench/pair.ts ping|logged-in [seconds] [rounds]');
const seconds = Number(process.argv[3] ?? 10);
const rounds = Number(process.argv[4] ?? 3);
const A = process.env.PAIR_A ?? 'bench/.baseline/gateway/src/main.ts';
const B = process.env.PAIR_B ?? 'gateway/src/main.ts';
const processes = processGroup();
const TELEMETRY: StartOptions = { preload: ['@darmankar/platform/telemetry-register'], stderr: 'inherit' };
const cpu = (pid: number) => {
  const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const db = await createTestDatabase('pair', serviceMigrationSets(path.join(ROOT, 'services', 'auth')));
try {
  const [grpcPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const auth = processes.start(
    'auth',
    'services/auth/src/main.ts',
    {
      NODE_ENV: 'development',
      DATABASE_URL: db.url,
      GRPC_PORT: String(grpcPort),
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      SMS_PROVIDER: 'outbox',
      CALLER_ASSERTION_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    },
    TELEMETRY,
  );
  const gw = (entry: string, port: number) =>
    processes.start(
      entry,
      entry,
      {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_WEB_URL: 'https://darmankar.ir',
        AUTH_GRPC_URL: `127.0.0.1:${grpcPort}`,
        CALLER_ASSERTION_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        REDIS_URL: undefined,
        RATE_LIMIT_API_POINTS: '1000000000',
        RATE_LIMIT_CODE_IP_POINTS: '1000',
        RATE_LIMIT_CODE_CELLPHONE_POINTS: '1000',
      },
      TELEMETRY,
    );
  const health = createHealthChecker(`127.0.0.1:${grpcPort}`);
  await waitFor('auth', () => health.isServing(1000));
  health.close();
  const gA = gw(A, portA);
  const gB = gw(B, portB);
  for (const port of [portA, portB])
    await waitFor(`gateway on ${port}`, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok);
  const client = createClient(AuthService, `127.0.0.1:${grpcPort}`);
  const cellphone = '09120000001';
  await fetch(`http://127.0.0.1:${portB}/api/v1/authentication/cellphone/${cellphone}`, { method: 'POST' });
  const code = (await client.listDevOutbox({ to: cellphone })).messages[0]!.code;
  const verified = (await (
    await fetch(`http://127.0.0.1:${portB}/api/v1/authentication/cellphone/${cellphone}/verify?next=Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    })
  ).json()) as any;
  client.close();
  const headers: Record<string, string> =
    which === 'ping' ? {} : { authorization: `Bearer ${verified.session.accessToken}` };
  const route = which === 'ping' ? '/api/v1/ping' : '/api/v1/authentication/cellphone';
  const connections = which === 'ping' ? 50 : 5;
  const run = (port: number, s: number) =>
    autocannon({ url: `http://127.0.0.1:${port}${route}`, connections, duration: s, headers });
  await Promise.all([run(portA, 3), run(portB, 3)]);
  const ratios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const before = [cpu(gA.pid!), cpu(gB.pid!), cpu(auth.pid!)];
    const [rA, rB] = await Promise.all([run(portA, seconds), run(portB, seconds)]);
    const after = [cpu(gA.pid!), cpu(gB.pid!), cpu(auth.pid!)];
    const nA = rA.requests.total,
      nB = rB.requests.total;
    const perA = (after[0]! - before[0]!) / nA,
      perB = (after[1]! - before[1]!) / nB;
    ratios.push(perB / perA);
    console.log(
      `${which} round ${i + 1} load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}: A ${nA} req ${perA.toFixed(3)} ms/req (non2xx ${rA.non2xx}) | B ${nB} req ${perB.toFixed(3)} ms/req (non2xx ${rB.non2xx}) | B/A CPU ${(perB / perA).toFixed(3)}, auth ${((after[2]! - before[2]!) / (nA + nB)).toFixed(3)} ms/req`,
    );
  }
  ratios.sort((x, y) => x - y);
  console.log(`median B/A CPU per request: ${ratios[Math.floor(ratios.length / 2)]!.toFixed(3)}`);
} finally {
  await processes.stopAll();
  await db.drop();
}
