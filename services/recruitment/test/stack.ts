// The postings tests' stack: the real employer and billing services, each its own process started
// from its own folder (a service never imports another), the real recruitment service in this
// process with its clock in the test's hands, each on a throw-away database of the real Postgres,
// sharing a throw-away event log; real gRPC clients that vouch for users as the gateway does.
// Nothing of ours is mocked.
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createEventBus, type EventBus } from '@darmankar/platform/events/index';
import { linkAgent } from '@darmankar/platform/testing/employer-agents';
import { createClient, type ServiceClient } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { dropDatabase } from '@darmankar/platform/migrate';
import {
  eventually,
  createServiceTestDatabase,
  testCallerSigner,
  testClock,
  testPostgresUrl,
  type TestClock,
  type TestDatabase,
} from '@darmankar/platform/testing';
import { startServiceProcess } from '@darmankar/platform/testing/service-process';
import { BillingService, PaymentMethod, ResourceKind } from '@darmankar/proto/billing/v1/billing_pb';
import { EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import { RecruitmentService, type PostingInput } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { PostingInputSchema } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import { startRecruitmentService, type RunningRecruitmentService } from '../src/app.ts';
import { recruitmentConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { RECRUITMENT_SERVICE_DIR } from '../src/db/migrate.ts';

export { eventually, rejectsWith } from '@darmankar/platform/testing';

const EMPLOYER_DIR = fileURLToPath(new URL('../../employer/', import.meta.url));
const BILLING_DIR = fileURLToPath(new URL('../../billing/', import.meta.url));

export const PLAN = {
  basic: '0b6f3c2e-6d0a-4c51-9a10-000000000001', // 1 recruitment, 0 featured
  professional: '0b6f3c2e-6d0a-4c51-9a10-000000000002', // 5 recruitment, 1 featured
} as const;

export const DAY_MS = 24 * 60 * 60 * 1000;
const CALL_TIMEOUT_MS = 30_000;

export interface Stack {
  recruitment: ServiceClient<typeof RecruitmentService>;
  employer: ServiceClient<typeof EmployerService>;
  billing: ServiceClient<typeof BillingService>;
  service: RunningRecruitmentService;
  /** The recruitment database, for what the API does not show (the outbox, rows left unchanged). */
  db: Database;
  databaseUrl: string;
  /** The recruitment service's clock (billing and employer keep real time). */
  clock: TestClock;
  bus: EventBus;
  stop(): Promise<void>;
}

function eventsDatabaseUrl(): string {
  const url = new URL(testPostgresUrl());
  url.pathname = `/dk_test_events_recruitment_${randomBytes(4).toString('hex')}`;
  return url.toString();
}

export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const eventsUrl = eventsDatabaseUrl();
  const log = createLogger('recruitment-stack', 'silent');
  const databases: TestDatabase[] = [];
  const running: { stop(): Promise<void> }[] = [];
  const clients: { close(): void }[] = [];
  const stop = async () => {
    for (const client of clients) client.close();
    for (const service of running.reverse()) await service.stop();
    for (const database of databases) await database.drop();
    await dropDatabase(eventsUrl);
  };
  try {
    const employer = await startServiceProcess({
      serviceDir: EMPLOYER_DIR,
      databaseLabel: 'recruitment_employer',
      env: {
        EVENTS_DATABASE_URL: eventsUrl,
        // No auth or files service: agents are linked through auth.user.v1, published by the test.
        AUTH_GRPC_URL: '127.0.0.1:1',
        FILES_GRPC_URL: '127.0.0.1:1',
      },
    });
    running.push(employer);
    const employerAddress = employer.address;
    const billing = await startServiceProcess({
      serviceDir: BILLING_DIR,
      databaseLabel: 'recruitment_billing',
      env: { EVENTS_DATABASE_URL: eventsUrl, EMPLOYER_GRPC_URL: employerAddress, PUBLIC_WEB_URL: 'http://web.test' },
    });
    running.push(billing);
    const database = await createServiceTestDatabase('recruitment', RECRUITMENT_SERVICE_DIR);
    databases.push(database);
    const clock = testClock();
    const service = await startRecruitmentService(
      recruitmentConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url,
        GRPC_PORT: '0',
        EVENTS_DATABASE_URL: eventsUrl,
        EMPLOYER_GRPC_URL: employerAddress,
        BILLING_GRPC_URL: billing.address,
        PUBLIC_WEB_URL: 'https://darmankar.test',
        ...env,
      }),
      { log, clock },
    );
    running.push(service);
    const signer = testCallerSigner();
    const options = { callerSigner: signer, timeoutMs: CALL_TIMEOUT_MS };
    const recruitment = createClient(RecruitmentService, `127.0.0.1:${service.port}`, options);
    const employerClient = createClient(EmployerService, employerAddress, options);
    const billingClient = createClient(BillingService, billing.address, options);
    clients.push(recruitment, employerClient, billingClient);
    const db = createDatabase(database.url);
    running.unshift({ stop: () => db.$disconnect() });
    const bus = await createEventBus({ eventsDatabaseUrl: eventsUrl });
    running.unshift({ stop: () => bus.close() });
    return {
      recruitment,
      employer: employerClient,
      billing: billingClient,
      service,
      db,
      databaseUrl: database.url,
      clock,
      bus,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export const newUser = () => randomUUID();

/** A new employer owned by a new user; `completed` fills the medical registration number (a completed profile). */
export async function newEmployer(
  stack: Stack,
  options: { completed?: boolean; plan?: string } = {},
): Promise<{ owner: string; employerId: string; slug: string }> {
  const owner = newUser();
  const brand = `بیمارستان ${randomBytes(3).toString('hex')}`;
  const created = (await stack.employer.createEmployer({ brand, isSelfEmployed: false }, { userId: owner })).employer!;
  if (options.completed ?? true)
    await stack.employer.updateEmployer(
      { employerId: created.id, isSelfEmployed: false, fields: { brand, medicalRegistrationNumber: '12345' } },
      { userId: owner },
    );
  if (options.plan) await buyPlan(stack, owner, created.id, options.plan);
  return { owner, employerId: created.id, slug: created.slug };
}

/** A plan bought through the sandbox provider (cart, payment approved). */
export async function buyPlan(stack: Stack, owner: string, employerId: string, planId: string): Promise<void> {
  const order = (await stack.billing.createCart({ employerId, planId }, { userId: owner })).order!;
  const started = await stack.billing.startPayment(
    { orderId: order.id, method: PaymentMethod.GATEWAY },
    { userId: owner },
  );
  const authority = new URL(started.redirectUrl).pathname.split('/').pop()!;
  await stack.billing.decideSandboxPayment({ authority, approve: true });
  await stack.billing.submitPayment({ authority, status: 'OK' });
}

/** Units of `kind` the employer's active plan has left. */
export async function unitsLeft(stack: Stack, owner: string, employerId: string, kind: 'recruitment' | 'featured') {
  const answer = await stack.billing.getResources({ employerId }, { userId: owner });
  const want = kind === 'recruitment' ? ResourceKind.RECRUITMENT : ResourceKind.FEATURED;
  return answer.active?.remaining.find((resource) => resource.kind === want)?.quantity ?? 0;
}

let cellphones = 0;

/** An agent of the employer with these permissions, linked to a user the way auth's event links it. */
export async function newAgent(stack: Stack, owner: string, employerId: string, permissions: string[]) {
  const userId = newUser();
  cellphones++;
  const cellphone = `0912${String(process.pid % 1000).padStart(3, '0')}${String(cellphones).padStart(4, '0')}`;
  await linkAgent(stack, { owner, employerId, userId, cellphone, permissions });
  return userId;
}

/** The init form (not a built message) of PostingInput: plain fields. */
export type PostingInputInit = Exclude<MessageInitShape<typeof PostingInputSchema>, PostingInput>;

/** A posting that passes every rule; `fields` overrides. */
export function validInput(fields: Partial<PostingInputInit> = {}): PostingInputInit {
  return {
    title: 'پرستار بخش ICU',
    description: 'پرستار با تجربه برای بخش مراقبت‌های ویژه، نوبت‌کاری در گردش.',
    jobCategory: 'nursing',
    employmentType: 'full-time',
    workType: 'on-site',
    gender: 'any',
    minAge: 22,
    maxAge: 45,
    minSalary: { rials: 150_000_000n },
    maxSalary: { rials: 250_000_000n },
    salaryVisible: true,
    experienceYears: 2,
    province: 'tehran',
    city: 'tehran',
    region: 'ونک',
    languages: [{ id: 'english', level: 'intermediate' }],
    skills: [{ name: 'مراقبت ویژه', level: 'advanced' }],
    educations: [{ degreeLevel: 'bachelor', fieldOfStudy: 'nursing' }],
    workingHours: [
      { weekday: 0, from: '07:00', to: '14:00' },
      { weekday: 1, from: '07:00', to: '14:00' },
    ],
    benefits: ['social-insurance'],
    shiftPatterns: ['rotating', 'night'],
    facilityType: '',
    medicalSpecialty: '',
    ...fields,
  };
}

export type { PostingInput };
