// Promotion sold with a plan: PlanActivated and PlanExpired published on the real event log the
// way billing's outbox writes them (topic billing.plan.v1, keyed by employer id) reach the real
// service's consumer; the promoted list and the company list follow, every change of the
// promoted flag is an EmployerUpdated in the outbox, the operator's switch is a fact of its own,
// an older plan's end leaves a newer plan's promotion, and a redelivered event changes nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { create, fromBinary } from '@bufbuild/protobuf';
import { createEventBus, toBusMessage, type BusMessage, type EventBus } from '@darmankar/platform/events/index';
import { testClock } from '@darmankar/platform/testing';
import {
  PlanActivatedSchema,
  PlanEndReason,
  PlanExpiredSchema,
  PlanExpiringSchema,
} from '@darmankar/proto/billing/v1/events_pb';
import { EmployerUpdatedSchema } from '@darmankar/proto/employer/v1/events_pb';
import { setPromotion } from '../src/cli/promote.ts';
import { PROMOTION_GROUP } from '../src/events/billing-consumer.ts';
import { nextPromotion } from '../src/domain/promotion.ts';
import { eventually, newUser, startTestEmployer, type TestEmployer } from './helpers.ts';

const clock = testClock();
const DAY_MS = 24 * 60 * 60 * 1000;
let service: TestEmployer;
let bus: EventBus;

before(async () => {
  service = await startTestEmployer(clock);
  bus = await createEventBus({ eventsDatabaseUrl: service.eventsUrl });
});
after(async () => {
  await bus?.close();
  await service?.stop();
});

const meta = () => ({ eventId: randomUUID(), occurredAtMs: BigInt(clock()) });
const onTopic = (employerId: string) => ({ topic: 'billing.plan.v1', key: employerId });

/** What billing writes when a purchased plan becomes active. */
function activated(employerId: string, purchasedPlanId: string, promotion: boolean): BusMessage {
  const event = create(PlanActivatedSchema, {
    meta: meta(),
    employerId,
    purchasedPlanId,
    planId: randomUUID(),
    planTitle: promotion ? 'سازمانی' : 'حرفه‌ای',
    activatedAtMs: BigInt(clock()),
    expiresAtMs: BigInt(clock() + 90 * DAY_MS),
    promotion,
  });
  return toBusMessage(PlanActivatedSchema, event, onTopic(employerId));
}

/** What billing's plan-time job writes when the plan ends. */
function expired(employerId: string, purchasedPlanId: string, promotion: boolean): BusMessage {
  const event = create(PlanExpiredSchema, {
    meta: meta(),
    employerId,
    purchasedPlanId,
    planTitle: 'سازمانی',
    reason: PlanEndReason.TIME_UP,
    promotion,
    featuredReferenceIds: [],
  });
  return toBusMessage(PlanExpiredSchema, event, onTopic(employerId));
}

function expiring(employerId: string, purchasedPlanId: string): BusMessage {
  const event = create(PlanExpiringSchema, {
    meta: meta(),
    employerId,
    purchasedPlanId,
    planTitle: 'سازمانی',
    expiresAtMs: BigInt(clock() + 3 * DAY_MS),
    daysLeft: 3,
  });
  return toBusMessage(PlanExpiringSchema, event, onTopic(employerId));
}

/** Publishes the messages and waits until the consumer has handled the last of them (one key's events come in order). */
async function deliver(...messages: BusMessage[]): Promise<void> {
  await bus.publish(messages);
  const last = messages.at(-1)!;
  await eventually(async () => {
    const rows = await service.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM processed_events WHERE consumer_group = ${PROMOTION_GROUP} AND event_id = ${last.id}`;
    return rows[0]!.n === 1;
  }, `event ${last.type} to be handled`);
}

async function newEmployer(brand: string) {
  const owner = newUser();
  const employer = (await service.client.createEmployer({ brand, isSelfEmployed: false }, { userId: owner })).employer!;
  clock.advance(1000);
  return employer;
}

const promotedIds = async () => (await service.client.listPromotedEmployers({})).items.map((e) => e.id);

/** The company page's flag. */
async function isPromoted(employer: { slug: string }): Promise<boolean> {
  return (await service.client.getPublicEmployer({ slug: employer.slug })).employer!.isPromoted;
}

/** The isPromoted of each EmployerUpdated the service wrote for the employer, oldest first. */
async function publishedPromotion(employerId: string): Promise<boolean[]> {
  const rows = await service.db.$queryRaw<{ type: string; payload: Uint8Array }[]>`
    SELECT type, payload FROM outbox WHERE key = ${employerId} ORDER BY seq`;
  return rows
    .filter((row) => row.type === EmployerUpdatedSchema.typeName)
    .map((row) => fromBinary(EmployerUpdatedSchema, row.payload).isPromoted);
}

test('a plan with promotion promotes its employer while active; its expiry ends the promotion', async () => {
  const clinic = await newEmployer('کلینیک برگزیده');
  const other = await newEmployer('درمانگاه دیگر');
  const plan = randomUUID();
  assert.deepEqual(await promotedIds(), []);

  await deliver(activated(clinic.id, plan, true));
  assert.deepEqual(await promotedIds(), [clinic.id], 'the home page list follows the plan');
  assert.equal(await isPromoted(clinic), true);
  const listed = await service.client.listEmployers({ page: { page: 1, pageSize: 20, order: 'newest' } });
  assert.deepEqual(
    listed.items.map((e) => e.id),
    [clinic.id, other.id],
    'the company list puts it first although it is older',
  );
  const row = await service.db.employer.findUniqueOrThrow({ where: { id: clinic.id } });
  assert.deepEqual([row.promotedByOperator, row.promotedByPlanId], [false, plan]);
  assert.deepEqual(await publishedPromotion(clinic.id), [true], 'EmployerUpdated(isPromoted) for search and caches');

  await deliver(expired(clinic.id, plan, true));
  assert.deepEqual(await promotedIds(), []);
  assert.equal(await isPromoted(clinic), false);
  assert.deepEqual(await publishedPromotion(clinic.id), [true, false]);
  assert.equal(await isPromoted(other), false, "another employer's plan events never touched this one");
});

test("the operator's switch survives the plan's expiry, and the plan's promotion survives the switch", async () => {
  const clinic = await newEmployer('بیمارستان استثنا');
  const plan = randomUUID();
  const slug = clinic.slug;

  assert.deepEqual(await setPromotion(service.databaseUrl, slug, true, clock), {
    slug,
    isPromoted: true,
    byOperator: true,
    byPlanId: null,
  });
  await deliver(activated(clinic.id, plan, true));
  assert.equal(await isPromoted(clinic), true);
  await deliver(expired(clinic.id, plan, true));
  assert.equal(await isPromoted(clinic), true, "the operator's promotion stays after the plan's ends");
  assert.deepEqual(await promotedIds(), [clinic.id]);
  assert.deepEqual(await publishedPromotion(clinic.id), [true], 'the flag never changed: nothing more published');

  const second = randomUUID();
  await deliver(activated(clinic.id, second, true));
  assert.deepEqual(await setPromotion(service.databaseUrl, slug, false, clock), {
    slug,
    isPromoted: true,
    byOperator: false,
    byPlanId: second,
  });
  assert.equal(await isPromoted(clinic), true, "switching the operator's promotion off leaves the plan's");
  await deliver(expired(clinic.id, second, true));
  assert.equal(await isPromoted(clinic), false);
  assert.deepEqual(await publishedPromotion(clinic.id), [true, false]);
});

test("an older plan's expiry does not clear a newer plan's promotion", async () => {
  const clinic = await newEmployer('مرکز تصویربرداری نو');
  const older = randomUUID();
  const newer = randomUUID();
  // The reservation was activated once the older plan's time ran out, before billing's
  // plan-time job marked the older one expired: PlanActivated(newer) comes first.
  await deliver(activated(clinic.id, older, true), activated(clinic.id, newer, true), expired(clinic.id, older, true));
  assert.equal(await isPromoted(clinic), true);
  assert.equal((await service.db.employer.findUniqueOrThrow({ where: { id: clinic.id } })).promotedByPlanId, newer);
  await deliver(expired(clinic.id, newer, true));
  assert.equal(await isPromoted(clinic), false);
});

test("a newly active plan without promotion ends the previous plan's promotion (one active plan)", async () => {
  const clinic = await newEmployer('داروخانه شبانه‌روزی');
  const promoting = randomUUID();
  await deliver(activated(clinic.id, promoting, true));
  assert.equal(await isPromoted(clinic), true);
  await deliver(activated(clinic.id, randomUUID(), false), expired(clinic.id, promoting, true));
  assert.equal(await isPromoted(clinic), false);
  assert.deepEqual(await publishedPromotion(clinic.id), [true, false], 'one change, one event');
});

test("the operator's switch and a plan's activation at once: both facts kept, one EmployerUpdated", async () => {
  const clinic = await newEmployer('درمانگاه همزمان');
  const plan = randomUUID();
  // The row held by another transaction until both changes wait on it, so they meet head-on.
  const holder = new pg.Client({ connectionString: service.databaseUrl });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM employers WHERE id = $1 FOR UPDATE', [clinic.id]);
    const both = Promise.all([
      deliver(activated(clinic.id, plan, true)),
      setPromotion(service.databaseUrl, clinic.slug, true, clock),
    ]);
    // Asked outside the holder's transaction, which would keep reading one snapshot of the activity.
    await eventually(async () => {
      const rows = await service.db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      return rows[0]!.n >= 2;
    }, 'both changes to wait on the row');
    await holder.query('COMMIT');
    await both;
  } finally {
    await holder.end();
  }
  const row = await service.db.employer.findUniqueOrThrow({ where: { id: clinic.id } });
  assert.deepEqual([row.isPromoted, row.promotedByOperator, row.promotedByPlanId], [true, true, plan]);
  assert.deepEqual(await publishedPromotion(clinic.id), [true], 'promoted once, announced once');
});

test('a redelivered event changes nothing; other plan events, unknown employers and ids that are none are passed over', async () => {
  const clinic = await newEmployer('آزمایشگاه تکرار');
  const plan = randomUUID();
  const activation = activated(clinic.id, plan, true);
  await deliver(activation);
  await deliver(expired(clinic.id, plan, true));
  assert.equal(await isPromoted(clinic), false);
  const updatedAt = (await service.db.employer.findUniqueOrThrow({ where: { id: clinic.id } })).updatedAt;

  // The same activation again (a relay that died before marking it published sends it twice),
  // then an event billing sends that changes no promotion, and events of no employer of ours.
  await deliver(
    activation,
    expiring(clinic.id, plan),
    activated(randomUUID(), randomUUID(), true),
    expired('not-a-uuid', randomUUID(), true),
    activated(clinic.id, 'not-a-plan', true),
    expiring(clinic.id, plan),
  );
  assert.equal(await isPromoted(clinic), false, 'the redelivered activation did not promote again');
  assert.equal((await promotedIds()).includes(clinic.id), false);
  assert.deepEqual(await publishedPromotion(clinic.id), [true, false]);
  assert.deepEqual((await service.db.employer.findUniqueOrThrow({ where: { id: clinic.id } })).updatedAt, updatedAt);
});

test('the rule: the recorded plan is replaced by the active one and ended only by its own expiry', () => {
  const none = { byOperator: false, byPlanId: null };
  assert.deepEqual(nextPromotion(none, { source: 'plan-activated', purchasedPlanId: 'a', promotion: true }), {
    byOperator: false,
    byPlanId: 'a',
  });
  const byA = { byOperator: true, byPlanId: 'a' };
  assert.deepEqual(nextPromotion(byA, { source: 'plan-expired', purchasedPlanId: 'b' }), byA);
  assert.deepEqual(nextPromotion(byA, { source: 'plan-expired', purchasedPlanId: 'a' }), {
    byOperator: true,
    byPlanId: null,
  });
  assert.deepEqual(nextPromotion(byA, { source: 'operator', promoted: false }), { byOperator: false, byPlanId: 'a' });
  assert.deepEqual(nextPromotion(byA, { source: 'plan-activated', purchasedPlanId: 'c', promotion: false }), {
    byOperator: true,
    byPlanId: null,
  });
});
