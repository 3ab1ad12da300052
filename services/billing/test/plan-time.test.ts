// Plan time on the test's clock: PlanActivated wherever a plan starts, PlanExpiring once a few
// days before the end, PlanExpired (time up or resources used, with the promotion and the
// postings the plan featured) when the sweep or a purchase writes the plan expired, ResourcesLow
// once per plan and kind; sweeps that overlap announce each change once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fromBinary, type DescMessage } from '@bufbuild/protobuf';
import { PurchasedPlanStatus, ResourceKind } from '@darmankar/proto/billing/v1/billing_pb';
import {
  PlanActivatedSchema,
  PlanEndReason,
  PlanExpiredSchema,
  PlanExpiringSchema,
  ResourcesLowSchema,
} from '@darmankar/proto/billing/v1/events_pb';
import { PlanTime } from '../src/domain/plan-time.ts';
import { buyWithSandbox, DAY_MS, newEmployer, PLAN, startStack, type Stack } from './helpers.ts';

let stack: Stack;
before(async () => {
  stack = await startStack({ PLAN_EXPIRING_DAYS: '3', RESOURCES_LOW_THRESHOLD: '1' });
});
after(async () => {
  await stack?.stop();
});

/** The employer's plan facts of one type, in the order they were written, from billing.plan.v1. */
async function planFacts<Desc extends DescMessage>(employerId: string, schema: Desc) {
  const rows = await stack.db.$queryRawUnsafe<{ payload: Buffer; topic: string }[]>(
    `SELECT payload, topic FROM outbox WHERE key = $1 AND type = $2 ORDER BY seq`,
    employerId,
    schema.typeName,
  );
  for (const row of rows) assert.equal(row.topic, 'billing.plan.v1');
  return rows.map((row) => fromBinary(schema, row.payload));
}

const consume = (owner: string, employerId: string, kind: ResourceKind, referenceId: string) =>
  stack.billing.consumeResource({ employerId, kind, referenceId }, { userId: owner });
const release = (owner: string, employerId: string, kind: ResourceKind, referenceId: string) =>
  stack.billing.releaseResource({ employerId, kind, referenceId }, { userId: owner });

test('a plan bought with none active is announced active, with its promotion', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await buyWithSandbox(stack, owner, employerId, PLAN.enterprise);
  const [activated, ...more] = await planFacts(employerId, PlanActivatedSchema);
  assert.equal(more.length, 0);
  assert.equal(activated!.planId, PLAN.enterprise);
  assert.equal(activated!.planTitle, 'سازمانی');
  assert.equal(activated!.promotion, true, 'the enterprise plan promotes');
  assert.equal(activated!.activatedAtMs, BigInt(stack.clock()));
  assert.equal(activated!.expiresAtMs, BigInt(stack.clock() + 90 * DAY_MS));
  const plans = (await stack.billing.listPlans({})).items;
  assert.deepEqual(
    plans.map((plan) => [plan.slug, plan.promotion]),
    [
      ['basic', false],
      ['professional', false],
      ['enterprise', true],
    ],
  );
});

test('time: PlanExpiring once within the configured days, then PlanExpired (time up) with the postings still featured', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await buyWithSandbox(stack, owner, employerId, PLAN.enterprise); // 90 days, 5 featured
  const purchased = (await stack.billing.getResources({ employerId }, { userId: owner })).active!;
  await consume(owner, employerId, ResourceKind.FEATURED, 'posting-kept');
  await consume(owner, employerId, ResourceKind.FEATURED, 'posting-released');
  await release(owner, employerId, ResourceKind.FEATURED, 'posting-released');
  await consume(owner, employerId, ResourceKind.RECRUITMENT, 'posting-kept');

  stack.clock.advance(Number(purchased.expiresAtMs) - 4 * DAY_MS - stack.clock());
  await stack.sweepPlans();
  assert.equal((await planFacts(employerId, PlanExpiringSchema)).length, 0, 'four days left: not yet');

  stack.clock.advance(2 * DAY_MS - 60_000);
  await stack.sweepPlans();
  await stack.sweepPlans();
  const expiring = await planFacts(employerId, PlanExpiringSchema);
  assert.equal(expiring.length, 1, 'once, however many sweeps');
  assert.equal(expiring[0]!.purchasedPlanId, purchased.id);
  assert.equal(expiring[0]!.daysLeft, 3, 'two days and a minute: the third day has begun');
  assert.equal(expiring[0]!.expiresAtMs, purchased.expiresAtMs);

  stack.clock.advance(2 * DAY_MS + 60_000);
  const swept = await stack.sweepPlans();
  assert.ok(swept.expired >= 1);
  const row = await stack.db.purchasedPlan.findUniqueOrThrow({ where: { id: purchased.id } });
  assert.equal(row.status, 'expired');
  const [expired, ...more] = await planFacts(employerId, PlanExpiredSchema);
  assert.equal(more.length, 0);
  assert.equal(expired!.reason, PlanEndReason.TIME_UP);
  assert.equal(expired!.promotion, true);
  assert.equal(expired!.planTitle, 'سازمانی');
  assert.deepEqual(expired!.featuredReferenceIds, ['posting-kept'], 'the released unit no longer features anything');

  await stack.sweepPlans();
  assert.equal((await planFacts(employerId, PlanExpiredSchema)).length, 1, 'an expired plan is not expired again');
});

test('resources: ResourcesLow once per kind at the threshold; a plan with everything used expires as RESOURCES_USED', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await buyWithSandbox(stack, owner, employerId, PLAN.professional); // 5 recruitment, 1 featured
  for (const reference of ['r1', 'r2', 'r3']) await consume(owner, employerId, ResourceKind.RECRUITMENT, reference);
  assert.equal((await planFacts(employerId, ResourcesLowSchema)).length, 0, 'two left: above the threshold');
  assert.equal((await consume(owner, employerId, ResourceKind.RECRUITMENT, 'r4')).remaining, 1);
  await release(owner, employerId, ResourceKind.RECRUITMENT, 'r4');
  await consume(owner, employerId, ResourceKind.RECRUITMENT, 'r4');
  await consume(owner, employerId, ResourceKind.RECRUITMENT, 'r5');
  await consume(owner, employerId, ResourceKind.FEATURED, 'f1');
  const low = await planFacts(employerId, ResourcesLowSchema);
  assert.deepEqual(
    low.map((fact) => [fact.kind, fact.remaining]),
    [
      [ResourceKind.RECRUITMENT, 1],
      [ResourceKind.FEATURED, 0],
    ],
    'once per kind: not again at 1 after a release, nor at 0',
  );

  await stack.sweepPlans();
  const [expired] = await planFacts(employerId, PlanExpiredSchema);
  assert.equal(expired!.reason, PlanEndReason.RESOURCES_USED);
  assert.equal(expired!.promotion, false);
  assert.deepEqual(expired!.featuredReferenceIds, ['f1']);
});

test('a purchase that finds the active plan ended writes it expired with PlanExpired; activating the reservation announces it', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const first = await buyWithSandbox(stack, owner, employerId, PLAN.basic); // 30 days
  await buyWithSandbox(stack, owner, employerId, PLAN.professional); // reserved
  assert.equal((await planFacts(employerId, PlanActivatedSchema)).length, 1, 'a reservation is not active');

  stack.clock.advance(30 * DAY_MS);
  const activated = (await stack.billing.activateReservedPlan({ employerId }, { userId: owner })).purchasedPlan!;
  assert.equal(activated.status, PurchasedPlanStatus.ACTIVE);
  const facts = await planFacts(employerId, PlanActivatedSchema);
  assert.deepEqual(
    facts.map((fact) => fact.purchasedPlanId),
    [(await stack.db.purchasedPlan.findUniqueOrThrow({ where: { orderId: first.order.id } })).id, activated.id],
  );
  const [expired, ...more] = await planFacts(employerId, PlanExpiredSchema);
  assert.equal(more.length, 0);
  assert.equal(expired!.reason, PlanEndReason.TIME_UP, 'the basic plan, settled by the activation');

  // The professional plan runs out; buying again finds it ended and writes it so.
  stack.clock.advance(30 * DAY_MS);
  await buyWithSandbox(stack, owner, employerId, PLAN.basic);
  const ended = await planFacts(employerId, PlanExpiredSchema);
  assert.deepEqual(
    ended.map((fact) => fact.purchasedPlanId),
    [expired!.purchasedPlanId, activated.id],
  );
  assert.equal((await planFacts(employerId, PlanActivatedSchema)).length, 3);
  await stack.sweepPlans();
  assert.equal((await planFacts(employerId, PlanExpiredSchema)).length, 2, 'the sweep finds nothing more to expire');
});

test('overlapping sweeps (the service and another instance at once) expire and announce each plan once', async () => {
  const employers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newEmployer(stack)));
  for (const { owner, employerId } of employers) await buyWithSandbox(stack, owner, employerId, PLAN.basic);
  const other = new PlanTime(stack.db, stack.clock, { expiringDays: 3 });

  stack.clock.advance(28 * DAY_MS);
  const expiringRuns = await Promise.all([stack.sweepPlans(), other.sweep(), stack.sweepPlans(), other.sweep()]);
  stack.clock.advance(3 * DAY_MS);
  const expiredRuns = await Promise.all([stack.sweepPlans(), other.sweep(), stack.sweepPlans(), other.sweep()]);

  for (const { employerId } of employers) {
    assert.equal((await planFacts(employerId, PlanExpiringSchema)).length, 1, `one PlanExpiring for ${employerId}`);
    assert.equal((await planFacts(employerId, PlanExpiredSchema)).length, 1, `one PlanExpired for ${employerId}`);
    const rows = await stack.db.purchasedPlan.findMany({ where: { employerId } });
    assert.deepEqual(
      rows.map((row) => row.status),
      ['expired'],
    );
  }
  const sum = (runs: { expired: number; expiring: number }[], key: 'expired' | 'expiring') =>
    runs.reduce((total, run) => total + run[key], 0);
  assert.ok(sum(expiringRuns, 'expiring') >= employers.length, 'the runs together announced every plan');
  assert.ok(sum(expiredRuns, 'expired') >= employers.length, 'and expired every plan');
  // Each run counts only what it changed itself: the totals over the four runs are each plan once
  // (other tests' plans may be among them, so at most once per plan in the database).
  const total = await stack.db.purchasedPlan.count();
  assert.ok(sum(expiredRuns, 'expired') <= total);
});
