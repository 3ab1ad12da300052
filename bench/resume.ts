// The resume's paths through the gateway, each process started as its own node process:
//   by-slug    GET /api/v1/resumes/by-slug/{slug} (anonymous) at 50 clients, beside the
//              gateway's GET /api/v1/ping at 50 clients in the same run (back to back)
//   builder    create + one item of each of the six sections, 20 users at once, in rounds
//   picture    POST files/upload?category=RESUME_PICTURE of a JPEG just under 2 MiB, then set on the resume
// p50/p95 in ms of each. Environment: BENCH_DURATION_SECONDS (10), BENCH_ROUNDS (3),
// BENCH_WARMUP_SECONDS (3), BENCH_BUILDER_ROUNDS (3), BENCH_BUILDER_USERS (20), BENCH_UPLOADS (30),
// BENCH_UPLOAD_CONCURRENCY (2), TEST_POSTGRES_URL.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { AuthService } from '@darmankar/proto/auth/v1/auth_pb';
import { createClient, createHealthChecker } from '@darmankar/platform/grpc';
import { serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, freePort, type TestDatabase } from '@darmankar/platform/testing';
import { json, percentile, processGroup, ROOT, waitFor } from './processes.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const BUILDER_ROUNDS = Number(process.env.BENCH_BUILDER_ROUNDS ?? 3);
const BUILDER_USERS = Number(process.env.BENCH_BUILDER_USERS ?? 20);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 30);
const UPLOAD_CONCURRENCY = Number(process.env.BENCH_UPLOAD_CONCURRENCY ?? 2);
const processes = processGroup();
const TELEMETRY = { preload: ['@darmankar/platform/telemetry-register'] };

const fmt = (n: number, digits = 2) => n.toFixed(digits);
const summary = (values: number[]) =>
  `p50 ${fmt(percentile(values, 50))} ms, p95 ${fmt(percentile(values, 95))} ms (n=${values.length})`;

async function http(
  url: string,
  connections: number,
  seconds = DURATION_SECONDS,
): Promise<{ perSecond: number; latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({ url, connections, duration: seconds });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 200) latencies.push(responseTime);
    else errors++;
  });
  const result = await instance;
  return { perSecond: latencies.length / seconds, latencies, errors: errors + result.errors + result.timeouts };
}

let phone = 0;
const prefix = String(process.pid % 1000).padStart(3, '0');

async function logIn(
  gateway: string,
  auth: ReturnType<typeof createClient<typeof AuthService>>,
): Promise<Record<string, string>> {
  const cellphone = `0936${prefix}${String(++phone).padStart(4, '0')}`;
  await json(await fetch(`${gateway}/api/v1/authentication/cellphone/${cellphone}`, { method: 'POST' }));
  const { messages } = await auth.listDevOutbox({ to: cellphone });
  const verified = await json(
    await fetch(`${gateway}/api/v1/authentication/cellphone/${cellphone}/verify?next=Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: messages[0]!.code }),
    }),
  );
  return { authorization: `Bearer ${verified.session.accessToken}` };
}

const personal = {
  firstName: 'مریم',
  lastName: 'احمدی',
  email: 'maryam@example.com',
  phone: '09121234567',
  birthday: '1990-05-01',
  jobTitle: 'پرستار',
  city: 'tehran',
  about: 'پرستار بخش مراقبت‌های ویژه',
};
const sections: Record<string, unknown> = {
  educations: {
    university: 'دانشگاه تهران',
    fieldOfStudy: 'پرستاری',
    degreeLevel: 'bachelor',
    gpa: 17.5,
    startYear: 1395,
    endYear: 1399,
  },
  jobs: { jobTitle: 'پرستار', companyName: 'بیمارستان امام', startDate: '2020-01-01', endDate: '2022-01-01' },
  skills: { name: 'تزریقات', level: 'expert' },
  certificates: { title: 'ACLS', issuedBy: 'انجمن قلب', durationHours: 16, completionDate: '2021-06-01' },
  publications: { title: 'مراقبت از بیماران', authors: ['مریم احمدی'], date: '2022-01-01' },
  languages: { name: 'انگلیسی', level: 'advanced' },
};

async function timed<T>(work: () => Promise<T>, into: number[]): Promise<T> {
  const startedAt = performance.now();
  const result = await work();
  into.push(performance.now() - startedAt);
  return result;
}

async function main(): Promise<void> {
  console.log(`Darmankar resume benchmark — ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, node ${process.version}; load average before: ${os
      .loadavg()
      .map((n) => fmt(n))
      .join(' ')}`,
  );
  const databases: TestDatabase[] = [];
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'dk-bench-files-'));
  try {
    for (const service of ['auth', 'files', 'resume'])
      databases.push(
        await createTestDatabase(`bench_${service}`, serviceMigrationSets(path.join(ROOT, 'services', service))),
      );
    const [authDb, filesDb, resumeDb] = databases as [TestDatabase, TestDatabase, TestDatabase];
    const [authPort, filesPort, resumePort, gatewayPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // Auth in development mode only so the benchmark can read one-time codes from its outbox.
    processes.start(
      'auth',
      'services/auth/src/main.ts',
      {
        NODE_ENV: 'development',
        DATABASE_URL: authDb.url,
        GRPC_PORT: String(authPort),
        SMS_PROVIDER: 'outbox',
        ACCESS_TOKEN_TTL_SECONDS: '3600',
        CALLER_ASSERTION_PUBLIC_KEY: publicPem,
      },
      TELEMETRY,
    );
    processes.start(
      'files',
      'services/files/src/main.ts',
      {
        NODE_ENV: 'development',
        DATABASE_URL: filesDb.url,
        GRPC_PORT: String(filesPort),
        FILES_STORAGE: 'folder',
        FILES_DIR: filesDir,
        CALLER_ASSERTION_PUBLIC_KEY: publicPem,
      },
      TELEMETRY,
    );
    processes.start(
      'resume',
      'services/resume/src/main.ts',
      {
        NODE_ENV: 'production',
        DATABASE_URL: resumeDb.url,
        GRPC_PORT: String(resumePort),
        FILES_GRPC_URL: `127.0.0.1:${filesPort}`,
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
        AUTH_GRPC_URL: `127.0.0.1:${authPort}`,
        FILES_GRPC_URL: `127.0.0.1:${filesPort}`,
        RESUME_GRPC_URL: `127.0.0.1:${resumePort}`,
        CALLER_ASSERTION_PRIVATE_KEY: privatePem,
        RATE_LIMIT_API_POINTS: '1000000000',
        RATE_LIMIT_CODE_IP_POINTS: '100000',
        RATE_LIMIT_CODE_CELLPHONE_POINTS: '1000',
        RATE_LIMIT_KEY_PREFIX: `bench-rl-${randomBytes(4).toString('hex')}`,
      },
      TELEMETRY,
    );
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    for (const [name, port] of [
      ['auth', authPort],
      ['files', filesPort],
      ['resume', resumePort],
    ] as const) {
      const health = createHealthChecker(`127.0.0.1:${port}`);
      await waitFor(name, () => health.isServing(1_000));
      health.close();
    }
    await waitFor('gateway', async () => (await fetch(`${gateway}/readyz`)).ok);
    const auth = createClient(AuthService, `127.0.0.1:${authPort}`);

    // A complete resume to read by slug.
    const owner = await logIn(gateway, auth);
    const post = (headers: Record<string, string>, route: string, body: unknown) =>
      fetch(`${gateway}/api/v1/${route}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(json);
    const created = await post(owner, 'resumes', personal);
    for (const [section, body] of Object.entries(sections)) await post(owner, `resumes/${created.id}/${section}`, body);
    const bySlug = `${gateway}/api/v1/resumes/by-slug/${encodeURIComponent(created.slug)}`;

    // by-slug beside ping, back to back in each round after a warm-up.
    await http(bySlug, 50, WARMUP_SECONDS);
    await http(`${gateway}/api/v1/ping`, 50, WARMUP_SECONDS);
    const slugLatencies: number[] = [];
    const pingLatencies: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const ping = await http(`${gateway}/api/v1/ping`, 50);
      const slug = await http(bySlug, 50);
      // One by one: a run has well over 100,000 samples, more arguments than a call can take.
      for (const latency of ping.latencies) pingLatencies.push(latency);
      for (const latency of slug.latencies) slugLatencies.push(latency);
      console.log(
        `round ${round}: ping@50 ${fmt(ping.perSecond, 0)} req/s (errors ${ping.errors}); by-slug@50 ${fmt(slug.perSecond, 0)} req/s (errors ${slug.errors}); load ${fmt(os.loadavg()[0]!)}`,
      );
    }
    console.log(`ping@50:    ${summary(pingLatencies)}`);
    console.log(`by-slug@50: ${summary(slugLatencies)}`);

    // The builder flow: 20 people (BUILDER_USERS) at once each create a resume and add one item per section.
    const flows: number[] = [];
    const requests: number[] = [];
    for (let round = 1; round <= BUILDER_ROUNDS; round++) {
      // Logged in one after another: the flow measured is the builder, not twenty logins at once.
      const users: Array<Record<string, string>> = [];
      for (let i = 0; i < BUILDER_USERS; i++) users.push(await logIn(gateway, auth));
      await Promise.all(
        users.map((headers) =>
          timed(async () => {
            const resume = await timed(() => post(headers, 'resumes', personal), requests);
            for (const [section, body] of Object.entries(sections))
              await timed(() => post(headers, `resumes/${resume.id}/${section}`, body), requests);
          }, flows),
        ),
      );
    }
    console.log(
      `builder flow (create + 6 sections) × ${BUILDER_USERS} users at once: whole flow ${summary(flows)}; each request ${summary(requests)}`,
    );

    // Pictures just under the category's 2 MiB limit (noise compresses badly, so the JPEG's size
    // follows its pixel count), 5 at a time.
    let jpeg = Buffer.alloc(0);
    for (let side = 1500; side > 0; side -= 20) {
      jpeg = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();
      if (jpeg.byteLength <= 2 * 2 ** 20 - 1024) break;
    }
    const uploads: number[] = [];
    const sets: number[] = [];
    const uploader = owner;
    const queue = Array.from({ length: UPLOADS }, (_, i) => i);
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
        while (queue.shift() !== undefined) {
          const form = new FormData();
          form.append('file', new Blob([jpeg]), 'photo.jpg');
          const startedAt = performance.now();
          const answer = await fetch(`${gateway}/api/v1/files/upload?category=RESUME_PICTURE`, {
            method: 'POST',
            headers: uploader,
            body: form,
          });
          const body = (await answer.json()) as { id?: string; exc?: string[] };
          // A refused upload is counted, not timed: the percentiles are of stored pictures.
          if (!answer.ok) {
            failures.push(String(body.exc));
            continue;
          }
          uploads.push(performance.now() - startedAt);
          await timed(() => post(uploader, `resumes/${created.id}/picture`, { fileId: body.id }), sets);
        }
      }),
    );
    console.log(
      `picture upload of ${fmt(jpeg.byteLength / 2 ** 20)} MiB, ${UPLOAD_CONCURRENCY} at a time: ${summary(uploads)}; failed ${failures.length}${failures.length ? ` (${[...new Set(failures)].join(', ')})` : ''}; setting it on the resume: ${summary(sets)}`,
    );
    auth.close();
  } finally {
    await processes.stopAll();
    for (const database of databases) await database.drop();
    rmSync(filesDir, { recursive: true, force: true });
  }
}

main().catch(async (error) => {
  console.error(error);
  process.exitCode = 1;
  await processes.stopAll();
});
