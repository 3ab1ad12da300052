// Shared test set-up: throw-away databases on the real Postgres, the real employer service
// (a child process started from its own folder, as `make dev` does: a service never imports
// another) answering the access checks, the real billing service on a free port with its clock
// in the test's hands, and real gRPC clients that vouch for users as the gateway does.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEventBus, type EventBus } from '@darmankar/platform/events/index';
import { linkAgent } from '@darmankar/platform/testing/employer-agents';
import { createClient, type ServiceClient } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { dropDatabase } from '@darmankar/platform/migrate';
import {
  eventually,
  createServiceTestDatabase,
  startServiceUnderTest,
  testCallerSigner,
  testClock,
  testPostgresUrl,
  type TestClock,
  type TestDatabase,
} from '@darmankar/platform/testing';
import { startServiceProcess } from '@darmankar/platform/testing/service-process';
import { BillingService, PaymentMethod } from '@darmankar/proto/billing/v1/billing_pb';
import { EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import { startBillingService, type RunningBillingService } from '../src/app.ts';
import { billingConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { BILLING_SERVICE_DIR } from '../src/db/migrate.ts';

export type BillingClient = ServiceClient<typeof BillingService>;
export type EmployerClient = ServiceClient<typeof EmployerService>;

const EMPLOYER_DIR = path.resolve(fileURLToPath(new URL('../../employer/', import.meta.url)));

export const PLAN = {
  basic: '0b6f3c2e-6d0a-4c51-9a10-000000000001',
  professional: '0b6f3c2e-6d0a-4c51-9a10-000000000002',
  enterprise: '0b6f3c2e-6d0a-4c51-9a10-000000000003',
} as const;

export const DAY_MS = 24 * 60 * 60 * 1000;
const CALL_TIMEOUT_MS = 30_000;

function eventsDatabaseUrl(): string {
  const url = new URL(testPostgresUrl());
  url.pathname = `/dk_test_events_billing_${randomBytes(4).toString('hex')}`;
  return url.toString();
}

export interface RunningEmployer {
  client: EmployerClient;
  address: string;
  stop(): Promise<void>;
}

/** The employer service as its own process, on a fresh database, publishing to `eventsUrl`. */
export async function startEmployerProcess(eventsUrl: string): Promise<RunningEmployer> {
  const employer = await startServiceProcess({
    serviceDir: EMPLOYER_DIR,
    databaseLabel: 'billing_employer',
    env: {
      EVENTS_DATABASE_URL: eventsUrl,
      // No auth or files service: agents are linked through auth.user.v1, published by the test.
      AUTH_GRPC_URL: '127.0.0.1:1',
      FILES_GRPC_URL: '127.0.0.1:1',
    },
  });
  const client = createClient(EmployerService, employer.address, {
    callerSigner: testCallerSigner(),
    timeoutMs: CALL_TIMEOUT_MS,
  });
  return {
    client,
    address: employer.address,
    async stop() {
      client.close();
      await employer.stop();
    },
  };
}

export interface Stack {
  billing: BillingClient;
  /** Where the billing service listens (for clients of the test's own). */
  address: string;
  employer: EmployerClient;
  db: Database;
  clock: TestClock;
  bus: EventBus;
  /** Payment reconciliation, run now on the stack's clock (its schedule never fires in tests). */
  reconcile(): ReturnType<RunningBillingService['reconcileOnce']>;
  /** Stops the billing service and starts it again on the same database; `billing` and `address` follow. */
  restart(): Promise<void>;
  /** The plan-time job, run now on the stack's clock (its schedule never fires in tests). */
  sweepPlans(): ReturnType<RunningBillingService['sweepPlansOnce']>;
  stop(): Promise<void>;
}

/** Employer and billing services on fresh databases sharing a fresh event log. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const eventsUrl = eventsDatabaseUrl();
  const employer = await startEmployerProcess(eventsUrl);
  const database: TestDatabase = await createServiceTestDatabase('billing', BILLING_SERVICE_DIR);
  const clock = testClock();
  const config = billingConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    EVENTS_DATABASE_URL: eventsUrl,
    EMPLOYER_GRPC_URL: employer.address,
    PUBLIC_WEB_URL: 'http://web.test',
    // Tests run reconciliation themselves (stack.reconcile) so that its runs are theirs to count.
    RECONCILE_INTERVAL_MS: String(60 * 60 * 1000),
    PLAN_SWEEP_INTERVAL_MS: String(60 * 60 * 1000),
    ...env,
  });
  // A generous deadline: these tests share the machine with other suites, and a slow answer is not what they test.
  const startBilling = () =>
    startServiceUnderTest(
      BillingService,
      () => startBillingService(config, { log: createLogger('billing-test', 'silent'), clock }),
      { timeoutMs: CALL_TIMEOUT_MS },
    );
  let running = await startBilling();
  const db = createDatabase(database.url);
  const bus = await createEventBus({ eventsDatabaseUrl: eventsUrl });
  const stack: Stack = {
    billing: running.client,
    address: `127.0.0.1:${running.service.port}`,
    employer: employer.client,
    db,
    clock,
    bus,
    reconcile: () => running.service.reconcileOnce(),
    sweepPlans: () => running.service.sweepPlansOnce(),
    async restart() {
      await running.stop();
      running = await startBilling();
      stack.billing = running.client;
      stack.address = `127.0.0.1:${running.service.port}`;
    },
    async stop() {
      await bus.close();
      await running.stop();
      await db.$disconnect();
      await database.drop();
      await employer.stop();
      await dropDatabase(eventsUrl);
    },
  };
  return stack;
}

export { eventually, rejectsWith } from '@darmankar/platform/testing';

export const newUser = () => randomUUID();

/** A new employer owned by a new user. */
export async function newEmployer(stack: Stack): Promise<{ owner: string; employerId: string }> {
  const owner = newUser();
  const created = await stack.employer.createEmployer(
    { brand: `کلینیک ${randomBytes(3).toString('hex')}`, isSelfEmployed: false },
    { userId: owner },
  );
  return { owner, employerId: created.employer!.id };
}

let cellphones = 0;
function newCellphone(): string {
  cellphones++;
  return `0913${String(process.pid % 1000).padStart(3, '0')}${String(cellphones).padStart(4, '0')}`;
}

/** An agent of the employer with these permissions, linked to a user the way auth's event links it. */
export async function newAgent(
  stack: Stack,
  owner: string,
  employerId: string,
  permissions: string[],
): Promise<string> {
  const userId = newUser();
  await linkAgent(stack, { owner, employerId, userId, cellphone: newCellphone(), permissions });
  return userId;
}

/** Cart for `planId`, paid through the sandbox provider (start, approve, submit OK). */
export async function buyWithSandbox(stack: Stack, owner: string, employerId: string, planId: string) {
  const order = (await stack.billing.createCart({ employerId, planId }, { userId: owner })).order!;
  const started = await stack.billing.startPayment(
    { orderId: order.id, method: PaymentMethod.GATEWAY },
    { userId: owner },
  );
  const authority = authorityOf(started.redirectUrl);
  await stack.billing.decideSandboxPayment({ authority, approve: true });
  const submitted = await stack.billing.submitPayment({ authority, status: 'OK' });
  return { order, authority, submitted };
}

/** A discount code written straight to the table (codes are made by operators, not by the API). */
export async function addDiscountCode(
  db: Database,
  fields: {
    code: string;
    percent?: number;
    amountRials?: bigint;
    startsAt?: Date;
    endsAt?: Date;
    maxUses?: number;
    planIds?: string[];
  },
): Promise<void> {
  await db.discountCode.create({
    data: {
      id: randomUUID(),
      code: fields.code,
      percent: fields.percent ?? null,
      amountRials: fields.amountRials ?? null,
      startsAt: fields.startsAt ?? null,
      endsAt: fields.endsAt ?? null,
      maxUses: fields.maxUses ?? null,
      planIds: fields.planIds ?? [],
      createdAt: new Date(),
    },
  });
}

export const authorityOf = (redirectUrl: string) => new URL(redirectUrl).pathname.split('/').pop()!;
export { testClock };
