// The hiring tests' stack: the real files, employer, billing, resume and recruitment services,
// each its own process started from its own folder (a service never imports another), and the
// real hiring service in this process with its clock in the test's hands, each on a throw-away
// database of the real Postgres, sharing a throw-away event log; real gRPC clients that vouch
// for users as the gateway does. Nothing of ours is mocked.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createEventBus, type EventBus } from '@darmankar/platform/events/index';
import { createClient, type ServiceClient } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { dropDatabase } from '@darmankar/platform/migrate';
import {
  createServiceTestDatabase,
  testCallerSigner,
  testClock,
  testPostgresUrl,
  type TestClock,
  type TestDatabase,
} from '@darmankar/platform/testing';
import { linkAgent } from '@darmankar/platform/testing/employer-agents';
import { startServiceProcess, type ServiceProcess } from '@darmankar/platform/testing/service-process';
import { BillingService, PaymentMethod } from '@darmankar/proto/billing/v1/billing_pb';
import { EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import { FileCategory, FilesService } from '@darmankar/proto/files/v1/files_pb';
import { HiringService } from '@darmankar/proto/hiring/v1/hiring_pb';
import { RecruitmentService } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import { ResumeService } from '@darmankar/proto/resume/v1/resume_pb';
import { startHiringService, type RunningHiringService } from '../src/app.ts';
import { hiringConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { HIRING_SERVICE_DIR } from '../src/db/migrate.ts';

export { eventually, rejectsWith } from '@darmankar/platform/testing';

const SERVICES_DIR = fileURLToPath(new URL('../../', import.meta.url));
const dirOf = (name: string) => path.join(SERVICES_DIR, name);

/** 5 recruitment units, 1 featured (billing's seeded plans). */
const PROFESSIONAL_PLAN = '0b6f3c2e-6d0a-4c51-9a10-000000000002';
const CALL_TIMEOUT_MS = 30_000;
/** Small pools: six services share the test Postgres's connections with other test runs. */
const POOL = { DATABASE_POOL_MAX: '2' };
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

export interface Stack {
  hiring: ServiceClient<typeof HiringService>;
  recruitment: ServiceClient<typeof RecruitmentService>;
  employer: ServiceClient<typeof EmployerService>;
  billing: ServiceClient<typeof BillingService>;
  resume: ServiceClient<typeof ResumeService>;
  files: ServiceClient<typeof FilesService>;
  service: RunningHiringService;
  /** The hiring database, for what the API does not show (the outbox, the history). */
  db: Database;
  /** The hiring service's clock (the other services keep real time). */
  clock: TestClock;
  /** The hiring service's configuration, for a second instance on the same database and services. */
  hiringEnv: Record<string, string>;
  bus: EventBus;
  stop(): Promise<void>;
}

function eventsDatabaseUrl(): string {
  const url = new URL(testPostgresUrl());
  url.pathname = `/dk_test_events_hiring_${randomBytes(4).toString('hex')}`;
  return url.toString();
}

export async function startStack(start = Date.parse('2026-05-10T06:00:00Z')): Promise<Stack> {
  const eventsUrl = eventsDatabaseUrl();
  const filesDir = await mkdtemp(path.join(tmpdir(), 'dk-hiring-files-'));
  const log = createLogger('hiring-stack', 'silent');
  const databases: TestDatabase[] = [];
  const running: { stop(): Promise<void> }[] = [];
  const clients: { close(): void }[] = [];
  const stop = async () => {
    for (const client of clients) client.close();
    for (const part of running.reverse()) await part.stop();
    for (const database of databases) await database.drop();
    await dropDatabase(eventsUrl);
    await rm(filesDir, { recursive: true, force: true });
  };
  const started = (part: ServiceProcess) => {
    running.push(part);
    return part;
  };
  try {
    const files = started(
      await startServiceProcess({
        serviceDir: dirOf('files'),
        databaseLabel: 'hiring_files',
        env: { ...POOL, FILES_STORAGE: 'folder', FILES_DIR: filesDir },
      }),
    );
    const employer = started(
      await startServiceProcess({
        serviceDir: dirOf('employer'),
        databaseLabel: 'hiring_employer',
        // Agents are linked through auth.user.v1, published by the test.
        env: { ...POOL, EVENTS_DATABASE_URL: eventsUrl, AUTH_GRPC_URL: '127.0.0.1:1', FILES_GRPC_URL: files.address },
      }),
    );
    const [billing, resume] = await Promise.all([
      startServiceProcess({
        serviceDir: dirOf('billing'),
        databaseLabel: 'hiring_billing',
        env: {
          ...POOL,
          EVENTS_DATABASE_URL: eventsUrl,
          EMPLOYER_GRPC_URL: employer.address,
          PUBLIC_WEB_URL: 'http://web.test',
        },
      }).then(started),
      startServiceProcess({
        serviceDir: dirOf('resume'),
        databaseLabel: 'hiring_resume',
        env: { ...POOL, FILES_GRPC_URL: files.address },
      }).then(started),
    ]);
    const recruitment = started(
      await startServiceProcess({
        serviceDir: dirOf('recruitment'),
        databaseLabel: 'hiring_recruitment',
        env: {
          ...POOL,
          EVENTS_DATABASE_URL: eventsUrl,
          EMPLOYER_GRPC_URL: employer.address,
          BILLING_GRPC_URL: billing.address,
          RESUME_GRPC_URL: resume.address,
        },
      }),
    );
    const database = await createServiceTestDatabase('hiring', HIRING_SERVICE_DIR);
    databases.push(database);
    const clock = testClock(start);
    const hiringEnv = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      GRPC_PORT: '0',
      ...POOL,
      EVENTS_DATABASE_URL: eventsUrl,
      EMPLOYER_GRPC_URL: employer.address,
      RECRUITMENT_GRPC_URL: recruitment.address,
      RESUME_GRPC_URL: resume.address,
      FILES_GRPC_URL: files.address,
    };
    const service = await startHiringService(hiringConfig(hiringEnv), { log, clock });
    running.push(service);
    const options = { callerSigner: testCallerSigner(), timeoutMs: CALL_TIMEOUT_MS };
    const stack = {
      hiring: createClient(HiringService, `127.0.0.1:${service.port}`, options),
      recruitment: createClient(RecruitmentService, recruitment.address, options),
      employer: createClient(EmployerService, employer.address, options),
      billing: createClient(BillingService, billing.address, options),
      resume: createClient(ResumeService, resume.address, options),
      files: createClient(FilesService, files.address, options),
    };
    clients.push(...Object.values(stack));
    const db = createDatabase(database.url);
    running.unshift({ stop: () => db.$disconnect() });
    const bus = await createEventBus({ eventsDatabaseUrl: eventsUrl });
    running.unshift({ stop: () => bus.close() });
    return { ...stack, service, db, clock, hiringEnv, bus, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export const newUser = () => randomUUID();
export const as = (userId: string) => ({ userId });

export interface TestEmployer {
  owner: string;
  employerId: string;
  slug: string;
  brand: string;
}

/** A new employer with a completed profile and a plan bought, owned by a new user. */
export async function newEmployer(stack: Stack): Promise<TestEmployer> {
  const owner = newUser();
  const brand = `بیمارستان ${randomBytes(3).toString('hex')}`;
  const created = (await stack.employer.createEmployer({ brand, isSelfEmployed: false }, as(owner))).employer!;
  await stack.employer.updateEmployer(
    { employerId: created.id, isSelfEmployed: false, fields: { brand, medicalRegistrationNumber: '12345' } },
    as(owner),
  );
  const order = (await stack.billing.createCart({ employerId: created.id, planId: PROFESSIONAL_PLAN }, as(owner)))
    .order!;
  const payment = await stack.billing.startPayment({ orderId: order.id, method: PaymentMethod.GATEWAY }, as(owner));
  const authority = new URL(payment.redirectUrl).pathname.split('/').pop()!;
  await stack.billing.decideSandboxPayment({ authority, approve: true });
  await stack.billing.submitPayment({ authority, status: 'OK' });
  return { owner, employerId: created.id, slug: created.slug, brand };
}

let cellphones = 0;

/** An agent of the employer with these permissions (action words), linked to a new user. */
export async function newAgent(stack: Stack, employer: TestEmployer, permissions: string[]): Promise<string> {
  const userId = newUser();
  cellphones++;
  const cellphone = `0913${String(process.pid % 1000).padStart(3, '0')}${String(cellphones).padStart(4, '0')}`;
  await linkAgent(stack, { owner: employer.owner, employerId: employer.employerId, userId, cellphone, permissions });
  return userId;
}

/** A posting that passes every rule, published at once (or a draft); `templateId` picks a hiring template. */
export async function newPosting(
  stack: Stack,
  employer: TestEmployer,
  options: { publish?: boolean; templateId?: string; title?: string } = {},
): Promise<string> {
  const answer = await stack.recruitment.createPosting(
    {
      employerId: employer.employerId,
      publish: options.publish ?? true,
      fields: {
        title: options.title ?? 'پرستار بخش ICU',
        description: 'پرستار با تجربه برای بخش مراقبت‌های ویژه، نوبت‌کاری در گردش.',
        jobCategory: 'nursing',
        employmentType: 'full-time',
        workType: 'on-site',
        gender: 'any',
        province: 'tehran',
        city: 'tehran',
        salaryVisible: true,
        minSalary: { rials: 150_000_000n },
        maxSalary: { rials: 250_000_000n },
        hiringTemplateId: options.templateId ?? '',
      },
    },
    as(employer.owner),
  );
  return answer.posting!.id;
}

/** The employer's default template's steps, in order. */
export async function defaultSteps(stack: Stack, employer: TestEmployer) {
  const { items } = await stack.employer.listTemplates({ employerId: employer.employerId }, as(employer.owner));
  const template = items.find((candidate) => candidate.isDefault)!;
  return { templateId: template.id, steps: [...template.steps].sort((a, b) => a.position - b.position) };
}

/** A minimal valid PDF of `size` bytes. */
export function pdf(size = 600): Buffer {
  const body =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n';
  const tail = '\n%%EOF\n';
  return Buffer.concat([Buffer.from(body), Buffer.alloc(size - body.length - tail.length, ' '), Buffer.from(tail)]);
}

export interface TestApplicant {
  userId: string;
  resumeId: string;
  customFileId?: string;
  document?: Buffer;
}

/** A new user with a resume (a job, and a custom resume PDF when `withFile`). */
export async function newApplicant(
  stack: Stack,
  options: { firstName?: string; lastName?: string; phone?: string; jobTitle?: string; withFile?: boolean } = {},
): Promise<TestApplicant> {
  const userId = newUser();
  const { resume } = await stack.resume.createResume(
    {
      personal: {
        firstName: options.firstName ?? 'مریم',
        lastName: options.lastName ?? 'احمدی',
        ...(options.phone ? { phone: options.phone } : {}),
        province: 'tehran',
        city: 'tehran',
      },
    },
    as(userId),
  );
  const resumeId = resume!.id;
  await stack.resume.addItem(
    {
      resumeId,
      item: {
        item: {
          case: 'job',
          value: {
            jobTitle: options.jobTitle ?? 'پرستار',
            companyName: 'بیمارستان میلاد',
            startDate: '2020-01-01',
            currentlyEmployed: true,
          },
        },
      },
    },
    as(userId),
  );
  if (!options.withFile) return { userId, resumeId };
  const document = pdf(900);
  const uploaded = await stack.files.uploadFile(
    { category: FileCategory.CUSTOM_RESUME, fileName: 'cv.pdf', content: document },
    as(userId),
  );
  await stack.resume.setCustomResume({ resumeId, fileId: uploaded.id, fileName: 'رزومه.pdf' }, as(userId));
  return { userId, resumeId, customFileId: uploaded.id, document };
}

/** Applies and answers the application. */
export async function applyTo(stack: Stack, applicant: TestApplicant, postingId: string) {
  const { application } = await stack.hiring.apply({ postingId, resumeId: applicant.resumeId }, as(applicant.userId));
  return application!;
}
