// The real stack behind the recruitments routes, for gateway/test/recruitments*.test.ts: auth,
// files, resume, employer, billing (sandbox payments) and recruitment, each started through its
// package entry on its own throw-away database and one shared event bus, and the gateway in
// front; with the callers a test needs (owners with a paid plan and a completed profile, agents,
// strangers, visitors), each from an address of its own so no per-IP budget is shared.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { billingConfig, billingService, type RunningBillingService } from '@darmankar/billing';
import { employerConfig, employerService, type RunningEmployerService } from '@darmankar/employer';
import { filesConfig, filesService, type RunningFilesService } from '@darmankar/files';
import { createLogger } from '@darmankar/platform/log';
import { dropDatabase, serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, freePort, testPostgresUrl, type TestDatabase } from '@darmankar/platform/testing';
import { recruitmentConfig, recruitmentService, type RunningRecruitmentService } from '@darmankar/recruitment';
import { resumeConfig, resumeService, type RunningResumeService } from '@darmankar/resume';
import { agentOf, caller, newClientIp, ok, user, visitor, type Client } from './clients.ts';
import { startStack, type Stack } from './helpers.ts';

/** The plan billing's migration puts on sale with 5 postings and 1 featuring. */
export const PROFESSIONAL_PLAN = '0b6f3c2e-6d0a-4c51-9a10-000000000002';
/** Postings a visitor without a session may open a day in these tests. */
export const PUBLIC_VIEW_LIMIT = 3;
const WEB = 'http://127.0.0.1:3999';

/** Real time, moved forward on demand: postings keep their order, and their days can run out. */
export interface ShiftedClock {
  (): number;
  advance(ms: number): void;
}

function shiftedClock(): ShiftedClock {
  let offset = 0;
  return Object.assign(() => Date.now() + offset, {
    advance(ms: number) {
      offset += ms;
    },
  });
}

export interface RecruitmentStack {
  stack: Stack;
  url: string;
  /** The recruitment service's time (auth's and billing's stay real, so sessions and plans live on). */
  recruitmentClock: ShiftedClock;
  /** Runs the recruitment service's closing sweep now. */
  sweep(): Promise<unknown>;
  /** The recruitment service's gRPC address, for a second gateway in front of it. */
  recruitmentAddress: string;
  stop(): Promise<void>;
}

export async function startRecruitmentStack(label: string): Promise<RecruitmentStack> {
  const silent = (name: string) => ({ log: createLogger(name, 'silent') });
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  const eventsUrl = (() => {
    const url = new URL(testPostgresUrl());
    url.pathname = `/dk_test_events_gw_${label}_${randomBytes(4).toString('hex')}`;
    return url.toString();
  })();
  const databases = await Promise.all([
    createTestDatabase(`gw_${label}_files`, serviceMigrationSets(filesService.dir)),
    createTestDatabase(`gw_${label}_resume`, serviceMigrationSets(resumeService.dir)),
    createTestDatabase(`gw_${label}_employer`, serviceMigrationSets(employerService.dir)),
    createTestDatabase(`gw_${label}_billing`, serviceMigrationSets(billingService.dir)),
    createTestDatabase(`gw_${label}_recruitment`, serviceMigrationSets(recruitmentService.dir)),
  ]);
  const [filesDb, resumeDb, employerDb, billingDb, recruitmentDb] = databases as [
    TestDatabase,
    TestDatabase,
    TestDatabase,
    TestDatabase,
    TestDatabase,
  ];
  const filesDir = await mkdtemp(path.join(tmpdir(), `dk-gateway-${label}-`));
  const [employerPort, billingPort, recruitmentPort] = [await freePort(), await freePort(), await freePort()];
  const recruitmentClock = shiftedClock();
  let files: RunningFilesService | undefined;
  let resume: RunningResumeService | undefined;
  let employer: RunningEmployerService | undefined;
  let billing: RunningBillingService | undefined;
  let recruitment: RunningRecruitmentService | undefined;
  let stack: Stack | undefined;
  const stop = async () => {
    await stack?.stop();
    await recruitment?.stop();
    await billing?.stop();
    await employer?.stop();
    await resume?.stop();
    await files?.stop();
    await Promise.all(databases.map((database) => database.drop()));
    await dropDatabase(eventsUrl);
    await rm(filesDir, { recursive: true, force: true });
  };
  try {
    files = await filesService.start(
      filesConfig({ ...base, GRPC_PORT: '0', DATABASE_URL: filesDb.url, FILES_DIR: filesDir }),
      silent('files'),
    );
    resume = await resumeService.start(
      resumeConfig({ ...base, GRPC_PORT: '0', DATABASE_URL: resumeDb.url, FILES_GRPC_URL: `127.0.0.1:${files.port}` }),
      silent('resume'),
    );
    stack = await startStack({
      authEnv: { EVENTS_DATABASE_URL: eventsUrl },
      gatewayEnv: {
        FILES_GRPC_URL: `127.0.0.1:${files.port}`,
        RESUME_GRPC_URL: `127.0.0.1:${resume.port}`,
        EMPLOYER_GRPC_URL: `127.0.0.1:${employerPort}`,
        BILLING_GRPC_URL: `127.0.0.1:${billingPort}`,
        RECRUITMENT_GRPC_URL: `127.0.0.1:${recruitmentPort}`,
      },
    });
    employer = await employerService.start(
      employerConfig({
        ...base,
        GRPC_PORT: String(employerPort),
        DATABASE_URL: employerDb.url,
        EVENTS_DATABASE_URL: eventsUrl,
        AUTH_GRPC_URL: `127.0.0.1:${stack.auth.port}`,
        FILES_GRPC_URL: `127.0.0.1:${files.port}`,
      }),
      silent('employer'),
    );
    billing = await billingService.start(
      billingConfig({
        ...base,
        GRPC_PORT: String(billingPort),
        DATABASE_URL: billingDb.url,
        EVENTS_DATABASE_URL: eventsUrl,
        EMPLOYER_GRPC_URL: `127.0.0.1:${employerPort}`,
        PUBLIC_WEB_URL: WEB,
        PAYMENT_PROVIDER: 'sandbox',
      }),
      silent('billing'),
    );
    recruitment = await recruitmentService.start(
      recruitmentConfig({
        ...base,
        GRPC_PORT: String(recruitmentPort),
        DATABASE_URL: recruitmentDb.url,
        EVENTS_DATABASE_URL: eventsUrl,
        EMPLOYER_GRPC_URL: `127.0.0.1:${employerPort}`,
        BILLING_GRPC_URL: `127.0.0.1:${billingPort}`,
        RESUME_GRPC_URL: `127.0.0.1:${resume.port}`,
        PUBLIC_VIEW_LIMIT: String(PUBLIC_VIEW_LIMIT),
      }),
      { ...silent('recruitment'), clock: recruitmentClock },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const started = recruitment;
  return {
    stack,
    url: stack.url,
    recruitmentAddress: `127.0.0.1:${recruitmentPort}`,
    recruitmentClock,
    sweep: () => started.sweep(),
    stop,
  };
}

// --- Callers ---

export { agentOf, caller, newClientIp, ok, user, visitor, type Client };

/**
 * An employer owned by `owner` with a completed profile (a medical registration number) and
 * the professional plan paid through the sandbox provider: 5 postings to publish, 1 to feature.
 */
export async function employerWithPlan(url: string, owner: Client, brand = 'بیمارستان نمونه'): Promise<string> {
  const call = caller(url);
  const { id } = await ok<{ id: string }>(call(owner, 'POST', 'employers', { brand }));
  await ok(call(owner, 'PUT', `employers/${id}/company`, { brand, medicalRegistrationNumber: '1234567' }));
  const cart = await ok(call(owner, 'POST', 'orders/cart', { employerId: id, planId: PROFESSIONAL_PLAN }));
  const started = await ok(call(owner, 'POST', 'orders/payments', { orderId: cart.id, method: 'gateway' }));
  const authority = decodeURIComponent(new URL(started.redirectUrl).pathname.replace(/^\/payments\/sandbox\//, ''));
  const payer = visitor();
  const { redirectUrl } = await ok(call(payer, 'POST', `finance/sandbox/${authority}`, { approve: true }));
  const status = new URL(redirectUrl).searchParams.get('Status');
  await ok(call(payer, 'POST', 'finance/payments/submit', { authority, status }));
  return id;
}

/** A complete, valid posting body: a nurse in Tehran with a visible salary. */
export function postingFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
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
    ...overrides,
  };
}

/** Polls `probe` until it returns a value (the search index follows the posting's events). */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
