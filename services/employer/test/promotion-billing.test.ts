// Promotion sold and ended by the real billing service: billing in its own process (as in
// production, sharing the test's event log) sells the enterprise plan through its sandbox
// provider; its PlanActivated, relayed from its outbox, promotes the employer here. The plan
// ends when every unit it granted is used (billing's ConsumeResource, as the recruitment
// service calls it): billing's plan-time job, on its schedule, marks it expired and its
// PlanExpired ends the promotion. A plan without promotion promotes nobody.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createClient, type ServiceClient } from '@darmankar/platform/grpc';
import { testCallerSigner, testClock } from '@darmankar/platform/testing';
import { startServiceProcess, type ServiceProcess } from '@darmankar/platform/testing/service-process';
import {
  BillingService,
  PaymentMethod,
  PurchasedPlanStatus,
  ResourceKind,
} from '@darmankar/proto/billing/v1/billing_pb';
import { eventually, newUser, startTestEmployer, type TestEmployer } from './helpers.ts';

const BILLING_DIR = fileURLToPath(new URL('../../billing/', import.meta.url));
const PLAN = {
  professional: '0b6f3c2e-6d0a-4c51-9a10-000000000002', // 5 recruitment, 1 featured, no promotion
  enterprise: '0b6f3c2e-6d0a-4c51-9a10-000000000003', // 20 recruitment, 5 featured, promotion
} as const;

let service: TestEmployer;
let billingProcess: ServiceProcess;
let billing: ServiceClient<typeof BillingService>;

before(async () => {
  service = await startTestEmployer(testClock());
  billingProcess = await startServiceProcess({
    serviceDir: BILLING_DIR,
    databaseLabel: 'employer_billing',
    env: {
      EVENTS_DATABASE_URL: service.eventsUrl,
      EMPLOYER_GRPC_URL: `127.0.0.1:${service.port}`,
      PUBLIC_WEB_URL: 'http://web.test',
      // The plan-time job on a short schedule: an ended plan is expired within a fraction of a second.
      PLAN_SWEEP_INTERVAL_MS: '200',
    },
  });
  billing = createClient(BillingService, billingProcess.address, {
    callerSigner: testCallerSigner(),
    timeoutMs: 30_000,
  });
});
after(async () => {
  billing?.close();
  await billingProcess?.stop();
  await service?.stop();
});

async function newEmployer(brand: string) {
  const owner = newUser();
  const employer = (await service.client.createEmployer({ brand, isSelfEmployed: false }, { userId: owner })).employer!;
  return { owner, employer };
}

/** The plan bought through billing's sandbox provider: cart, payment approved on its page, the callback. */
async function buy(owner: string, employerId: string, planId: string): Promise<void> {
  const order = (await billing.createCart({ employerId, planId }, { userId: owner })).order!;
  const started = await billing.startPayment({ orderId: order.id, method: PaymentMethod.GATEWAY }, { userId: owner });
  const authority = new URL(started.redirectUrl).pathname.split('/').pop()!;
  await billing.decideSandboxPayment({ authority, approve: true });
  await billing.submitPayment({ authority, status: 'OK' });
}

const promotedIds = async () => (await service.client.listPromotedEmployers({})).items.map((e) => e.id);

test('an enterprise plan bought through the sandbox promotes its employer; its end (every unit used) ends the promotion', async () => {
  const { owner, employer } = await newEmployer('بیمارستان سازمانی');
  const plain = await newEmployer('کلینیک حرفه‌ای');

  await buy(owner, employer.id, PLAN.enterprise);
  await buy(plain.owner, plain.employer.id, PLAN.professional);
  const active = (await billing.getResources({ employerId: employer.id }, { userId: owner })).active!;
  await eventually(async () => (await promotedIds()).includes(employer.id), 'the plan to promote its employer');
  assert.equal(
    (await service.db.employer.findUniqueOrThrow({ where: { id: employer.id } })).promotedByPlanId,
    active.id,
    'promoted by that purchased plan',
  );
  assert.deepEqual(await promotedIds(), [employer.id], 'a plan without promotion promotes nobody');

  // Every unit the plan granted, used the way the recruitment service uses them.
  for (const [kind, count, name] of [
    [ResourceKind.RECRUITMENT, 20, 'posting'],
    [ResourceKind.FEATURED, 5, 'featured'],
  ] as const)
    for (let i = 0; i < count; i++)
      await billing.consumeResource({ employerId: employer.id, kind, referenceId: `${name}-${i}` }, { userId: owner });

  await eventually(async () => !(await promotedIds()).includes(employer.id), "the plan's end to end the promotion");
  const row = await service.db.employer.findUniqueOrThrow({ where: { id: employer.id } });
  assert.deepEqual([row.isPromoted, row.promotedByPlanId], [false, null]);
  const ended = (await billing.getPurchasedPlan({ employerId: employer.id, id: active.id }, { userId: owner }))
    .purchasedPlan!;
  assert.equal(ended.status, PurchasedPlanStatus.EXPIRED, "billing's plan-time job expired it");
});
