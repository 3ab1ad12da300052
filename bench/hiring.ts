// The employer's hiring board over one busy posting, each part started as its own node process
// (auth, files, resume, employer, billing, recruitment, hiring, gateway), the services as deployed
// (NODE_ENV=production, LOG_LEVEL=warn) except auth (its outbox gives the login codes), files and
// billing (the sandbox payment):
//   setup   an employer with a paid plan and a published posting on its default template;
//           BENCH_API_APPLICATIONS applicants log in, write a resume and apply through the gateway,
//           then the posting gets BENCH_APPLICATIONS in all, the rest written straight into the
//           hiring service's tables as copies of an application the service wrote (every column
//           as it wrote it, with their own ids, applicants, names, steps, read marks and times,
//           and the history rows of an apply and a move), spread over the template's steps
//   board   through the gateway at 10 clients, as the employer's owner: GET /hiring/{id}/flow
//           (every step's total and unread) and GET /hiring/{id}/applies?stepId=<busiest>&page=1
//           (the first page of the busiest step), each beside the logged-in ping
//           (GET /api/v1/authentication/cellphone with a bearer token) in the same round, back to
//           back; p50/p95 of each and the ratio of each to the ping
//   parts   one client, sequential (BENCH_SEQUENTIAL calls each): the same three through the
//           gateway, then the hiring service's GetFlow and ListApplications over gRPC directly, and
//           the two calls it makes to other services on each (recruitment's GetPosting, the
//           employer's ListTemplates): where a board call's time goes
// Environment: BENCH_APPLICATIONS (5000), BENCH_API_APPLICATIONS (5), BENCH_DURATION_SECONDS (10, at least 3),
// BENCH_ROUNDS (3), BENCH_WARMUP_SECONDS (3), BENCH_SEQUENTIAL (50), TEST_POSTGRES_URL.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createCallerSigner } from '@darmankar/platform/caller-identity';
import { createClient, createHealthChecker } from '@darmankar/platform/grpc';
import { dropDatabase, serviceMigrationSets } from '@darmankar/platform/migrate';
import { normalizeForSearch } from '@darmankar/platform/persian';
import { createTestDatabase, freePort, testPostgresUrl, type TestDatabase } from '@darmankar/platform/testing';
import { AuthService } from '@darmankar/proto/auth/v1/auth_pb';
import { BillingService, PaymentMethod } from '@darmankar/proto/billing/v1/billing_pb';
import { EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import { HiringService } from '@darmankar/proto/hiring/v1/hiring_pb';
import { RecruitmentService } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import { json, percentile, processGroup, ROOT, waitFor } from './processes.ts';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 5_000);
const API_APPLICATIONS = Math.max(1, Math.min(APPLICATIONS, Number(process.env.BENCH_API_APPLICATIONS ?? 5)));
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 50);
const CLIENTS = 10;
// A board call takes far longer than the ping on a loaded machine: each run lasts at least 3 s, so
// even a tiny run completes calls to count.
const RUN_SECONDS = Math.max(DURATION_SECONDS, 3);
/** The professional plan: postings to publish (the demo plans billing ships). */
const PROFESSIONAL_PLAN = '0b6f3c2e-6d0a-4c51-9a10-000000000002';
const processes = processGroup();
const TELEMETRY = { preload: ['@darmankar/platform/telemetry-register'] };

const fmt = (n: number, digits = 2) => n.toFixed(digits);
const summary = (values: number[]) =>
  `p50 ${fmt(percentile(values, 50))} ms, p95 ${fmt(percentile(values, 95))} ms (n=${values.length})`;

interface Step {
  id: string;
  name: string;
  kind: string;
}

/** `times` calls one after another; each one's milliseconds. */
async function sequential(times: number, work: () => Promise<unknown>): Promise<number[]> {
  const into: number[] = [];
  for (let i = 0; i < times; i++) {
    const startedAt = performance.now();
    await work();
    into.push(performance.now() - startedAt);
  }
  return into;
}

async function http(url: string, headers: Record<string, string>, seconds: number) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const instance = autocannon({ url, connections: CLIENTS, duration: seconds, headers });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 200) latencies.push(responseTime);
    else statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
  const refused = [...statuses.values()].reduce((sum, n) => sum + n, 0);
  const errors = refused + result.errors + result.timeouts;
  // Which answers, so a failed run says what failed.
  if (errors > 0)
    console.log(
      `  ${new URL(url).pathname}: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ') || 'no other answers'}; ${result.errors} socket errors, ${result.timeouts} timeouts`,
    );
  return { perSecond: latencies.length / seconds, latencies, errors };
}

let phones = 0;
const phonePrefix = String(process.pid % 1000).padStart(3, '0');

/** A new user logged in through the gateway (the code read from auth's development outbox). */
async function logIn(gateway: string, auth: ReturnType<typeof createClient<typeof AuthService>>) {
  const cellphone = `0937${phonePrefix}${String(++phones).padStart(4, '0')}`;
  await json(await fetch(`${gateway}/api/v1/authentication/cellphone/${cellphone}`, { method: 'POST' }));
  const { messages } = await auth.listDevOutbox({ to: cellphone });
  const verified = await json(
    await fetch(`${gateway}/api/v1/authentication/cellphone/${cellphone}/verify?next=Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: messages.at(-1)!.code }),
    }),
  );
  return { userId: verified.user.id as string, headers: { authorization: `Bearer ${verified.session.accessToken}` } };
}

type Session = Awaited<ReturnType<typeof logIn>>;

/**
 * A setup call through the gateway. On a machine shared with other work a call can outlive a
 * deadline between the services and answer 5xx: setup tries again (up to twice, said on the
 * console), and on a retry takes `doneOnRetry` (e.g. 409 for an apply the first try made) as
 * done. The measured calls are never retried: their errors are counted.
 */
function call(gateway: string) {
  return async (who: Session, method: string, route: string, body?: unknown, doneOnRetry?: number): Promise<any> => {
    for (let attempt = 1; ; attempt++) {
      const answer = await fetch(`${gateway}/api/v1/${route}`, {
        method,
        headers: { ...who.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (attempt > 1 && answer.status === doneOnRetry) return undefined;
      if (answer.status < 500 || attempt === 3) return json(answer);
      console.log(
        `setup: ${method} ${route} answered ${answer.status} (${(await answer.text()).slice(0, 120)}); trying again`,
      );
    }
  };
}

const FIRST_NAMES = ['مریم', 'زهرا', 'علی', 'محمد', 'فاطمه', 'رضا', 'سارا', 'حسین', 'نرگس', 'مهدی', 'الهام', 'امیر'];
const LAST_NAMES = ['احمدی', 'محمدی', 'رضایی', 'حسینی', 'کریمی', 'موسوی', 'جعفری', 'صادقی', 'رحیمی', 'نوری'];
const JOB_TITLES = ['پرستار بخش', 'کارشناس پرستاری', 'ماما', 'تکنسین اتاق عمل', 'کارشناس آزمایشگاه'];

/**
 * Which step each bulk application stands on: half on the first step (the busiest, as a fresh
 * posting's inbox is), the rest spread over the others.
 */
function stepFor(index: number, steps: Step[]): Step {
  if (index % 2 === 0 || steps.length === 1) return steps[0]!;
  return steps[1 + ((index >> 1) % (steps.length - 1))]!;
}

const stateOf = (kind: string) => (kind === 'accepted' ? 'accepted' : kind === 'rejected' ? 'rejected' : 'in_progress');

/**
 * The rest of the posting's applications, copied from one the service wrote: every column of
 * the copy is the service's own unless named here, so the rows are the service's shape.
 */
async function writeApplications(
  databaseUrl: string,
  postingId: string,
  steps: Step[],
  count: number,
): Promise<{ seconds: number; busiest: Step; perStep: Map<string, number> }> {
  const startedAt = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const template = (
      await client.query(`SELECT id::text AS id, applied_at FROM applications WHERE posting_id = $1 LIMIT 1`, [
        postingId,
      ])
    ).rows[0];
    if (!template) throw new Error('no application written through the service to copy');
    const columnsOf = async (table: string) =>
      (
        await client.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema()
            ORDER BY ordinal_position`,
          [table],
        )
      ).rows.map((row) => row.column_name);
    const applicationColumns = await columnsOf('applications');
    const historyColumns = (await columnsOf('application_history')).filter((column) => column !== 'id');

    const perStep = new Map<string, number>();
    const rows = {
      id: [] as string[],
      applicant: [] as string[],
      resume: [] as string[],
      stepId: [] as string[],
      stepName: [] as string[],
      stepKind: [] as string[],
      state: [] as string[],
      read: [] as boolean[],
      version: [] as number[],
      firstName: [] as string[],
      lastName: [] as string[],
      jobTitle: [] as string[],
      searchText: [] as string[],
      phoneKey: [] as string[],
      appliedAt: [] as Date[],
      updatedAt: [] as Date[],
      reason: [] as (string | null)[],
    };
    const now = Date.now();
    for (let i = 0; i < count; i++) {
      const step = stepFor(i, steps);
      const moved = step.id !== steps[0]!.id;
      const firstName = FIRST_NAMES[i % FIRST_NAMES.length]!;
      const lastName = LAST_NAMES[(i >> 2) % LAST_NAMES.length]!;
      const jobTitle = JOB_TITLES[i % JOB_TITLES.length]!;
      // Newest first in the list: spread over the last 30 days.
      const appliedAt = new Date(now - 60_000 - Math.floor(((count - i) / count) * 30 * 86_400_000));
      perStep.set(step.id, (perStep.get(step.id) ?? 0) + 1);
      rows.id.push(randomUUID());
      rows.applicant.push(randomUUID());
      rows.resume.push(randomUUID());
      rows.stepId.push(step.id);
      rows.stepName.push(step.name);
      rows.stepKind.push(step.kind);
      rows.state.push(stateOf(step.kind));
      rows.read.push(moved || i % 3 === 0);
      rows.version.push(moved ? 3 : i % 3 === 0 ? 2 : 1);
      rows.firstName.push(firstName);
      rows.lastName.push(lastName);
      rows.jobTitle.push(jobTitle);
      rows.searchText.push(normalizeForSearch(`${firstName} ${lastName} ${jobTitle}`));
      rows.phoneKey.push(`bench-${i}`);
      rows.appliedAt.push(appliedAt);
      rows.updatedAt.push(new Date(appliedAt.getTime() + (moved ? 3_600_000 : 0)));
      rows.reason.push(step.kind === 'rejected' ? 'other' : null);
    }
    const overrides: Record<string, string> = {
      id: 'v.id',
      applicant_user_id: 'v.applicant',
      resume_id: 'v.resume',
      step_id: 'v.step_id',
      step_name: 'v.step_name',
      step_kind: 'v.step_kind',
      state: 'v.state',
      read: 'v.read',
      first_read_at: 'CASE WHEN v.read THEN v.applied_at ELSE NULL END',
      version: 'v.version',
      first_name: 'v.first_name',
      last_name: 'v.last_name',
      latest_job_title: 'v.job_title',
      search_text: 'v.search_text',
      phone_key: 'v.phone_key',
      email_key: 'NULL',
      picture_file_id: 'NULL',
      custom_file_id: 'NULL',
      custom_file_name: 'NULL',
      rejection_reason: 'v.reason',
      rejection_description: 'NULL',
      applied_at: 'v.applied_at',
      updated_at: 'v.updated_at',
    };
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO applications (${applicationColumns.map((c) => `"${c}"`).join(', ')})
       SELECT ${applicationColumns.map((c) => overrides[c] ?? `t."${c}"`).join(', ')}
         FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::bool[],
                     $9::bigint[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[],
                     $15::timestamptz[], $16::timestamptz[], $17::text[])
           AS v(id, applicant, resume, step_id, step_name, step_kind, state, read, version, first_name, last_name,
                job_title, search_text, phone_key, applied_at, updated_at, reason)
        CROSS JOIN (SELECT * FROM applications WHERE id = $18) AS t`,
      [
        rows.id,
        rows.applicant,
        rows.resume,
        rows.stepId,
        rows.stepName,
        rows.stepKind,
        rows.state,
        rows.read,
        rows.version,
        rows.firstName,
        rows.lastName,
        rows.jobTitle,
        rows.searchText,
        rows.phoneKey,
        rows.appliedAt,
        rows.updatedAt,
        rows.reason,
        template.id,
      ],
    );
    // Each copy's history: its apply (the service's own first row, copied) and, off the first
    // step, a move to where it stands.
    const historyOverrides = (change: string): Record<string, string> => ({
      application_id: 'a.id',
      change: `'${change}'`,
      step_id: change === 'applied' ? 'h.step_id' : 'a.step_id',
      step_name: change === 'applied' ? 'h.step_name' : 'a.step_name',
      step_kind: change === 'applied' ? 'h.step_kind' : 'a.step_kind',
      actor_user_id: change === 'applied' ? 'a.applicant_user_id' : 'h.actor_user_id',
      at: change === 'applied' ? 'a.applied_at' : 'a.updated_at',
    });
    for (const change of ['applied', 'moved'])
      await client.query(
        `INSERT INTO application_history (${historyColumns.map((c) => `"${c}"`).join(', ')})
         SELECT ${historyColumns.map((c) => historyOverrides(change)[c] ?? `h."${c}"`).join(', ')}
           FROM applications a
          CROSS JOIN (SELECT * FROM application_history WHERE application_id = $1 ORDER BY id LIMIT 1) AS h
          WHERE a.id = ANY($2::uuid[]) ${change === 'moved' ? 'AND a.step_id <> h.step_id' : ''}
          ORDER BY a.applied_at`,
        [template.id, rows.id],
      );
    await client.query('COMMIT');
    await client.query('ANALYZE applications');
    await client.query('ANALYZE application_history');
    const [busiestId] = [...perStep.entries()].sort((a, b) => b[1] - a[1])[0] ?? [steps[0]!.id];
    return {
      seconds: (performance.now() - startedAt) / 1000,
      busiest: steps.find((step) => step.id === busiestId)!,
      perStep,
    };
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  console.log(`Darmankar hiring benchmark — ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, node ${process.version}; load average before: ${os
      .loadavg()
      .map((n) => fmt(n))
      .join(' ')}`,
  );
  const services = ['auth', 'files', 'resume', 'employer', 'billing', 'recruitment', 'hiring'] as const;
  const databases: TestDatabase[] = [];
  const events = new URL(testPostgresUrl());
  events.pathname = `/dk_bench_events_${randomBytes(4).toString('hex')}`;
  const eventsUrl = events.toString();
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'dk-bench-hiring-files-'));
  try {
    for (const service of services)
      databases.push(
        await createTestDatabase(`bench_${service}`, serviceMigrationSets(path.join(ROOT, 'services', service))),
      );
    const db = Object.fromEntries(services.map((service, i) => [service, databases[i]!.url])) as Record<
      (typeof services)[number],
      string
    >;
    const ports = Object.fromEntries(
      await Promise.all([...services, 'gateway'].map(async (name) => [name, await freePort()] as const)),
    ) as Record<(typeof services)[number] | 'gateway', number>;
    const at = (name: (typeof services)[number]) => `127.0.0.1:${ports[name]}`;
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const keys = { CALLER_ASSERTION_PUBLIC_KEY: publicPem, CALLER_ASSERTION_PRIVATE_KEY: privatePem };
    const ready = async (name: (typeof services)[number]) => {
      const health = createHealthChecker(at(name));
      try {
        await waitFor(name, () => health.isServing(1_000), 120_000);
      } finally {
        health.close();
      }
    };

    // The Postgres server is shared (100 connections on this machine): the parts off the measured
    // path keep pools of 2.
    // Auth in development mode only so the benchmark can read one-time codes from its outbox.
    processes.start(
      'auth',
      'services/auth/src/main.ts',
      {
        NODE_ENV: 'development',
        DATABASE_URL: db.auth,
        GRPC_PORT: String(ports.auth),
        SMS_PROVIDER: 'outbox',
        ACCESS_TOKEN_TTL_SECONDS: '3600',
        EVENTS_DATABASE_URL: eventsUrl,
        CALLER_ASSERTION_PUBLIC_KEY: publicPem,
      },
      TELEMETRY,
    );
    await ready('auth'); // first: it creates the shared events database
    processes.start(
      'files',
      'services/files/src/main.ts',
      {
        NODE_ENV: 'development',
        DATABASE_URL: db.files,
        DATABASE_POOL_MAX: '2',
        GRPC_PORT: String(ports.files),
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
        DATABASE_URL: db.resume,
        DATABASE_POOL_MAX: '2',
        GRPC_PORT: String(ports.resume),
        FILES_GRPC_URL: at('files'),
        ...keys,
      },
      TELEMETRY,
    );
    processes.start(
      'employer',
      'services/employer/src/main.ts',
      {
        NODE_ENV: 'production',
        DATABASE_URL: db.employer,
        GRPC_PORT: String(ports.employer),
        EVENTS_DATABASE_URL: eventsUrl,
        AUTH_GRPC_URL: at('auth'),
        FILES_GRPC_URL: at('files'),
        ...keys,
      },
      TELEMETRY,
    );
    for (const name of ['files', 'resume', 'employer'] as const) await ready(name);
    // The sandbox payment is refused in production: billing runs as in development.
    processes.start(
      'billing',
      'services/billing/src/main.ts',
      {
        NODE_ENV: 'development',
        DATABASE_URL: db.billing,
        DATABASE_POOL_MAX: '2',
        GRPC_PORT: String(ports.billing),
        EVENTS_DATABASE_URL: eventsUrl,
        EMPLOYER_GRPC_URL: at('employer'),
        PAYMENT_PROVIDER: 'sandbox',
        PUBLIC_WEB_URL: 'https://darmankar.ir',
        ...keys,
      },
      TELEMETRY,
    );
    processes.start(
      'recruitment',
      'services/recruitment/src/main.ts',
      {
        NODE_ENV: 'production',
        DATABASE_URL: db.recruitment,
        GRPC_PORT: String(ports.recruitment),
        EVENTS_DATABASE_URL: eventsUrl,
        EMPLOYER_GRPC_URL: at('employer'),
        BILLING_GRPC_URL: at('billing'),
        RESUME_GRPC_URL: at('resume'),
        ...keys,
      },
      TELEMETRY,
    );
    processes.start(
      'hiring',
      'services/hiring/src/main.ts',
      {
        NODE_ENV: 'production',
        DATABASE_URL: db.hiring,
        GRPC_PORT: String(ports.hiring),
        EVENTS_DATABASE_URL: eventsUrl,
        EMPLOYER_GRPC_URL: at('employer'),
        RECRUITMENT_GRPC_URL: at('recruitment'),
        RESUME_GRPC_URL: at('resume'),
        FILES_GRPC_URL: at('files'),
        ...keys,
      },
      TELEMETRY,
    );
    processes.start(
      'gateway',
      'gateway/src/main.ts',
      {
        NODE_ENV: 'production',
        PORT: String(ports.gateway),
        HOST: '127.0.0.1',
        PUBLIC_WEB_URL: 'https://darmankar.ir',
        REDIS_URL: undefined,
        AUTH_GRPC_URL: at('auth'),
        FILES_GRPC_URL: at('files'),
        RESUME_GRPC_URL: at('resume'),
        EMPLOYER_GRPC_URL: at('employer'),
        BILLING_GRPC_URL: at('billing'),
        RECRUITMENT_GRPC_URL: at('recruitment'),
        HIRING_GRPC_URL: at('hiring'),
        CALLER_ASSERTION_PRIVATE_KEY: privatePem,
        RATE_LIMIT_API_POINTS: '1000000000',
        RATE_LIMIT_CODE_IP_POINTS: '100000',
        RATE_LIMIT_CODE_CELLPHONE_POINTS: '1000',
        RATE_LIMIT_KEY_PREFIX: `bench-rl-${randomBytes(4).toString('hex')}`,
      },
      TELEMETRY,
    );
    for (const name of ['billing', 'recruitment', 'hiring'] as const) await ready(name);
    const gateway = `http://127.0.0.1:${ports.gateway}`;
    await waitFor('gateway', async () => (await fetch(`${gateway}/readyz`)).ok);

    // --- The employer, its paid plan and its posting ---
    const setupStarted = performance.now();
    const auth = createClient(AuthService, at('auth'));
    const billing = createClient(BillingService, at('billing'), {
      callerSigner: createCallerSigner({ privateKey: privatePem }),
    });
    const rest = call(gateway);
    try {
      const owner = await logIn(gateway, auth);
      const brand = 'بیمارستان بنچمارک';
      const employer = await rest(owner, 'POST', 'employers', { brand });
      await rest(owner, 'PUT', `employers/${employer.id}/company`, { brand, medicalRegistrationNumber: '1234567' });
      const order = (
        await billing.createCart({ employerId: employer.id, planId: PROFESSIONAL_PLAN }, { userId: owner.userId })
      ).order!;
      const started = await billing.startPayment(
        { orderId: order.id, method: PaymentMethod.GATEWAY },
        { userId: owner.userId },
      );
      const authority = new URL(started.redirectUrl).pathname.split('/').pop()!;
      await billing.decideSandboxPayment({ authority, approve: true });
      await billing.submitPayment({ authority, status: 'OK' });
      const { items: templates } = await rest(owner, 'GET', `employers/${employer.id}/templates`);
      const template = templates.find((each: { isDefault?: boolean }) => each.isDefault) ?? templates[0];
      const { items: stepItems } = await rest(owner, 'GET', `employers/${employer.id}/templates/${template.id}/steps`);
      const steps: Step[] = stepItems.map(({ id, name, kind }: Step) => ({ id, name, kind }));
      const posting = await rest(owner, 'POST', 'recruitments', {
        employerId: employer.id,
        publish: true,
        title: 'پرستار بخش مراقبت‌های ویژه',
        description: 'پرستار با تجربه برای بخش ICU، شیفت در گردش.',
        jobCategory: 'nursing',
        employmentType: 'full-time',
        workType: 'on-site',
        gender: 'any',
        minAge: 22,
        maxAge: 45,
        minSalaryRials: 250_000_000,
        maxSalaryRials: 400_000_000,
        salaryVisible: true,
        experienceYears: 2,
        province: 'tehran',
        city: 'tehran',
        region: 'ونک',
        skills: [{ name: 'تزریقات', level: 'advanced' }],
        workingHours: [{ weekday: 0, from: '07:30', to: '14:00' }],
        shiftPatterns: ['morning', 'rotating'],
        facilityType: 'hospital',
      });

      // --- A few applications through the gateway, as applicants make them ---
      for (let i = 0; i < API_APPLICATIONS; i++) {
        const applicant = await logIn(gateway, auth);
        const resume = await rest(applicant, 'POST', 'resumes', {
          firstName: FIRST_NAMES[i % FIRST_NAMES.length],
          lastName: LAST_NAMES[i % LAST_NAMES.length],
          hasDisability: false,
          isForeigner: false,
          province: 'tehran',
          city: 'tehran',
        });
        await rest(applicant, 'POST', `resumes/${resume.id}/jobs`, {
          jobTitle: 'پرستار بخش',
          companyName: 'بیمارستان امید',
          startDate: '2020-01-01',
          currentlyEmployed: true,
        });
        await rest(applicant, 'POST', `hiring/${posting.id}/applies?resumeId=${resume.id}`, undefined, 409);
      }
      console.log(
        `\nsetup: an employer, its plan, a posting on a template of ${steps.length} steps (${steps.map((s) => s.kind).join(', ')}) and ${API_APPLICATIONS} applications through the gateway in ${fmt((performance.now() - setupStarted) / 1000, 1)} s`,
      );

      // --- The rest straight into the hiring service's tables ---
      const bulk = await writeApplications(db.hiring, posting.id, steps, APPLICATIONS - API_APPLICATIONS);
      console.log(
        `${APPLICATIONS - API_APPLICATIONS} more applications copied into the hiring database in ${fmt(bulk.seconds, 1)} s; per step: ${steps
          .map(
            (step) =>
              `${step.name} ${(bulk.perStep.get(step.id) ?? 0) + (step.id === steps[0]!.id ? API_APPLICATIONS : 0)}`,
          )
          .join(', ')}`,
      );

      const flowUrl = `${gateway}/api/v1/hiring/${posting.id}/flow`;
      const pageUrl = `${gateway}/api/v1/hiring/${posting.id}/applies?${new URLSearchParams({ stepId: bulk.busiest.id, page: '1' })}`;
      const pingUrl = `${gateway}/api/v1/authentication/cellphone`;
      const flow = await json(await fetch(flowUrl, { headers: owner.headers }));
      const total = flow.steps.reduce((sum: number, step: { total: number }) => sum + step.total, 0);
      console.log(
        `flow: ${flow.steps.map((s: { step: Step; total: number; unread: number }) => `${s.step.name} ${s.total} (${s.unread} unread)`).join(', ')}; ${total} in all`,
      );
      if (total !== APPLICATIONS) throw new Error(`the flow counts ${total} applications, not ${APPLICATIONS}`);
      const firstPage = await json(await fetch(pageUrl, { headers: owner.headers }));
      console.log(
        `first page of ${bulk.busiest.name}: ${firstPage.items.length} of ${firstPage.page.total} cards, the first ${firstPage.items[0]?.applicant.firstName} ${firstPage.items[0]?.applicant.lastName}`,
      );

      await http(pingUrl, owner.headers, WARMUP_SECONDS);
      await http(flowUrl, owner.headers, WARMUP_SECONDS);
      await http(pageUrl, owner.headers, WARMUP_SECONDS);
      const all = { ping: [] as number[], flow: [] as number[], page: [] as number[] };
      const ratios = { flow: [] as number[], page: [] as number[] };
      let errors = 0;
      console.log(`\nat ${CLIENTS} clients, ${RUN_SECONDS} s each, ${ROUNDS} rounds:`);
      for (let round = 1; round <= ROUNDS; round++) {
        const load = os.loadavg()[0]!;
        const ping = await http(pingUrl, owner.headers, RUN_SECONDS);
        const flowRun = await http(flowUrl, owner.headers, RUN_SECONDS);
        const pageRun = await http(pageUrl, owner.headers, RUN_SECONDS);
        for (const [into, run] of [
          [all.ping, ping],
          [all.flow, flowRun],
          [all.page, pageRun],
        ] as const)
          for (const latency of run.latencies) into.push(latency);
        errors += ping.errors + flowRun.errors + pageRun.errors;
        ratios.flow.push(flowRun.perSecond / ping.perSecond);
        ratios.page.push(pageRun.perSecond / ping.perSecond);
        console.log(
          `round ${round}: logged-in ping ${fmt(ping.perSecond, 0)} req/s; flow ${fmt(flowRun.perSecond, 0)} req/s (${fmt(flowRun.perSecond / ping.perSecond)}); first page ${fmt(pageRun.perSecond, 0)} req/s (${fmt(pageRun.perSecond / ping.perSecond)}); load ${fmt(load)} → ${fmt(os.loadavg()[0]!)}`,
        );
      }
      const median = (values: number[]) => percentile(values, 50);
      console.log(`logged-in ping @${CLIENTS}: ${summary(all.ping)}`);
      console.log(`flow @${CLIENTS}: ${summary(all.flow)}`);
      console.log(`first page of a step @${CLIENTS}: ${summary(all.page)}`);
      console.log(`| flow ÷ logged-in ping @${CLIENTS} | ${fmt(median(ratios.flow))} |`);
      console.log(`| first page of a step ÷ logged-in ping @${CLIENTS} | ${fmt(median(ratios.page))} |`);
      console.log(`non-200 answers and socket errors: ${errors}`);
      if (errors > 0) process.exitCode = 1;

      // Where a board call's time goes, one call at a time.
      const signer = createCallerSigner({ privateKey: privatePem });
      const hiring = createClient(HiringService, at('hiring'), { callerSigner: signer });
      const recruitment = createClient(RecruitmentService, at('recruitment'), { callerSigner: signer });
      const employers = createClient(EmployerService, at('employer'), { callerSigner: signer });
      try {
        const as = { userId: owner.userId };
        const get = (url: string) => async () => {
          const answer = await fetch(url, { headers: owner.headers });
          await answer.arrayBuffer();
          if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
        };
        const parts: [string, () => Promise<unknown>][] = [
          ['gateway: logged-in ping', get(pingUrl)],
          ['gateway: flow', get(flowUrl)],
          ['gateway: first page of a step', get(pageUrl)],
          ['hiring GetFlow (gRPC)', () => hiring.getFlow({ postingId: posting.id }, as)],
          [
            'hiring ListApplications (gRPC)',
            () =>
              hiring.listApplications(
                { postingId: posting.id, filter: { stepId: bulk.busiest.id }, page: { page: 1, pageSize: 20 } },
                as,
              ),
          ],
          ['its call: recruitment GetPosting', () => recruitment.getPosting({ postingId: posting.id }, as)],
          ['its call: employer ListTemplates', () => employers.listTemplates({ employerId: employer.id }, as)],
        ];
        console.log(`\none client, sequential, ${SEQUENTIAL} calls each:`);
        for (const [name, work] of parts) {
          await sequential(Math.min(5, SEQUENTIAL), work);
          console.log(`  ${name}: ${summary(await sequential(SEQUENTIAL, work))}`);
        }
      } finally {
        hiring.close();
        recruitment.close();
        employers.close();
      }
    } finally {
      auth.close();
      billing.close();
    }
  } finally {
    await processes.stopAll();
    for (const database of databases) await database.drop();
    await dropDatabase(eventsUrl).catch(() => undefined);
    rmSync(filesDir, { recursive: true, force: true });
  }
}

main().catch(async (error) => {
  console.error(error);
  process.exitCode = 1;
  await processes.stopAll();
});
