// The employer service's hot paths, each process started as its own node process:
//   list        GET /api/v1/employers/list?text=… through the gateway over 20,000 employers
//               (LIKE over the normalised, lower-cased brand with a trigram index), one client, sequential
//   has-access  what another service pays per employer-scoped call: the access client
//               (@darmankar/platform/employer-access) with its cache warm, beside an uncached
//               HasAccess call and a bare gRPC health-check ping to the same service
// p50/p95 of each. Environment: BENCH_EMPLOYERS (20000), BENCH_REQUESTS (300), TEST_POSTGRES_URL.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { createCallerSigner } from '@darmankar/platform/caller-identity';
import { createEmployerAccess } from '@darmankar/platform/employer-access';
import { createEventBus } from '@darmankar/platform/events/index';
import { createClient, createHealthChecker } from '@darmankar/platform/grpc';
import { dropDatabase, serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, freePort, testPostgresUrl } from '@darmankar/platform/testing';
import { EmployerAction, EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import { percentile, processGroup, ROOT, waitFor } from './processes.ts';

const EMPLOYERS = Number(process.env.BENCH_EMPLOYERS ?? 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const processes = processGroup();
const TELEMETRY = { preload: ['@darmankar/platform/telemetry-register'] };

const summary = (values: number[], digits = 2) =>
  `p50 ${percentile(values, 50).toFixed(digits)} ms, p95 ${percentile(values, 95).toFixed(digits)} ms (n=${values.length})`;

async function measure(times: number, work: () => Promise<unknown>): Promise<number[]> {
  const into: number[] = [];
  for (let i = 0; i < times; i++) {
    const startedAt = performance.now();
    await work();
    into.push(performance.now() - startedAt);
  }
  return into;
}

/** 20,000 employers straight into the table: brand words × names × a number, as the service normalises them. */
async function seed(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `
      INSERT INTO employers (id, slug, owner_user_id, is_self_employed, brand, province, city, industry, medical_document_file_ids, benefits, is_promoted, search_text, created_at, updated_at)
      SELECT gen_random_uuid(), 'bench-' || i, gen_random_uuid(), false, b.brand, (ARRAY['tehran','isfahan','fars','khorasan-razavi','gilan'])[1 + i % 5],
             (ARRAY['tehran','isfahan','shiraz','mashhad','rasht'])[1 + i % 5], 'healthcare', '{}', '{}', i % 500 = 0, lower(b.brand),
             now() - (i || ' minutes')::interval, now()
        FROM generate_series(1, $1::int) AS i,
             LATERAL (SELECT (ARRAY['بیمارستان','کلینیک','درمانگاه','داروخانه','آزمایشگاه','مطب','مرکز توانبخشی'])[1 + i % 7] || ' ' ||
                             (ARRAY['آرمان','یاس','سینا','پارس','مهر','امید','نور','البرز','رازی','شفا','ابن سینا'])[1 + (i / 7) % 11] || ' ' || i AS brand) AS b`,
      [EMPLOYERS],
    );
    await client.query('ANALYZE employers');
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  console.log(`Darmankar employer benchmark — ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, node ${process.version}; load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const database = await createTestDatabase('bench_employer', serviceMigrationSets(`${ROOT}services/employer`));
  const events = new URL(testPostgresUrl());
  events.pathname = `/dk_bench_events_${randomBytes(4).toString('hex')}`;
  const eventsUrl = events.toString();
  try {
    await seed(database.url);
    const [employerPort, gatewayPort] = [await freePort(), await freePort()];
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    processes.start(
      'employer',
      'services/employer/src/main.ts',
      {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        GRPC_PORT: String(employerPort),
        EVENTS_DATABASE_URL: eventsUrl,
        CALLER_ASSERTION_PUBLIC_KEY: publicPem,
        CALLER_ASSERTION_PRIVATE_KEY: privatePem,
      },
      TELEMETRY,
    );
    processes.start(
      'gateway',
      'gateway/src/main.ts',
      {
        NODE_ENV: 'production',
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        PUBLIC_WEB_URL: 'https://darmankar.ir',
        REDIS_URL: undefined,
        EMPLOYER_GRPC_URL: `127.0.0.1:${employerPort}`,
        CALLER_ASSERTION_PRIVATE_KEY: privatePem,
        RATE_LIMIT_API_POINTS: '1000000000',
        RATE_LIMIT_KEY_PREFIX: `bench-rl-${randomBytes(4).toString('hex')}`,
      },
      TELEMETRY,
    );
    const health = createHealthChecker(`127.0.0.1:${employerPort}`);
    await waitFor('employer', () => health.isServing(1000));
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    await waitFor('gateway', async () => (await fetch(`${gateway}/healthz`)).ok);

    console.log(`\nemployers/list through the gateway over ${EMPLOYERS} employers, one client:`);
    for (const text of ['كلينيك ياس', 'شفا', '12345', 'درمانگاه']) {
      const url = `${gateway}/api/v1/employers/list?text=${encodeURIComponent(text)}&pageSize=20`;
      const first = (await (await fetch(url)).json()) as { total: number };
      await measure(20, () => fetch(url).then((r) => r.arrayBuffer()));
      const times = await measure(REQUESTS, () =>
        fetch(url).then((r) => {
          if (!r.ok) throw new Error(String(r.status));
          return r.arrayBuffer();
        }),
      );
      console.log(`  text=${text.padEnd(12)} ${String(first.total).padStart(5)} matches  ${summary(times)}`);
    }
    const plain = `${gateway}/api/v1/employers/list?pageSize=20`;
    console.log(
      `  no filter (promoted first)       ${summary(await measure(REQUESTS, () => fetch(plain).then((r) => r.arrayBuffer())))}`,
    );

    const signer = createCallerSigner({ privateKey: privatePem });
    const client = createClient(EmployerService, `127.0.0.1:${employerPort}`, { callerSigner: signer });
    const owner = randomUUID();
    const employer = (await client.createEmployer({ brand: 'بنچمارک', isSelfEmployed: false }, { userId: owner }))
      .employer!;
    const bus = await createEventBus({ eventsDatabaseUrl: eventsUrl });
    const access = await createEmployerAccess({ address: `127.0.0.1:${employerPort}`, callerSigner: signer, bus });
    try {
      console.log('\nhas-access as another service sees it:');
      await measure(200, () => health.isServing(1000));
      const ping = await measure(2000, () => health.isServing(1000));
      await measure(200, () =>
        client.hasAccess({ employerId: employer.id, action: EmployerAction.EMPLOYER_EDIT }, { userId: owner }),
      );
      const uncached = await measure(2000, () =>
        client.hasAccess({ employerId: employer.id, action: EmployerAction.EMPLOYER_EDIT }, { userId: owner }),
      );
      await access.check(owner, employer.id, 'EmployerEdit');
      const warm = await measure(100_000, () => access.check(owner, employer.id, 'EmployerEdit'));
      console.log(`  gRPC health-check ping            ${summary(ping, 3)}`);
      console.log(`  HasAccess over gRPC, no cache     ${summary(uncached, 3)}`);
      console.log(`  access client, cache warm         ${summary(warm, 4)}  (gRPC calls made: ${access.stats.calls})`);
    } finally {
      await access.close();
      await bus.close();
      client.close();
      health.close();
    }
  } finally {
    await processes.stopAll();
    await database.drop();
    await dropDatabase(eventsUrl);
  }
}

await main();
