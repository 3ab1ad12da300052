// Featuring ends with the plan that paid for it: postings featured with real billing units (real
// employer and billing services), then PlanExpired published on the real event log the way
// billing's outbox writes it (billing.plan.v1, keyed by employer id, naming the references its
// featured units were taken by). The named rounds stop being featured in the search answer; a
// posting featured by another round, or of another employer, is untouched; a redelivered event
// changes nothing. Last, billing's own PlanExpired, written when a used-up plan gives way to the
// next one bought.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { create, fromBinary } from '@bufbuild/protobuf';
import { toBusMessage, type BusMessage } from '@darmankar/platform/events/index';
import { ResourceKind } from '@darmankar/proto/billing/v1/billing_pb';
import { PlanEndReason, PlanExpiredSchema } from '@darmankar/proto/billing/v1/events_pb';
import { PostingChangedSchema } from '@darmankar/proto/recruitment/v1/events_pb';
import { matchingOf } from '../src/domain/plan-featuring.ts';
import { PLAN_FEATURING_GROUP } from '../src/events/billing-consumer.ts';
import {
  buyPlan,
  DAY_MS,
  eventually,
  newEmployer,
  PLAN,
  startStack,
  unitsLeft,
  validInput,
  type Stack,
} from './stack.ts';

/** 20 recruitment and 5 featured units. */
const ENTERPRISE = '0b6f3c2e-6d0a-4c51-9a10-000000000003';

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.stop();
});

const as = (userId: string) => ({ userId });

function planExpired(employerId: string, featuredReferenceIds: string[]): BusMessage {
  const event = create(PlanExpiredSchema, {
    meta: { eventId: randomUUID(), occurredAtMs: BigInt(stack.clock()) },
    employerId,
    purchasedPlanId: randomUUID(),
    planTitle: 'سازمانی',
    reason: PlanEndReason.TIME_UP,
    promotion: true,
    featuredReferenceIds,
  });
  return toBusMessage(PlanExpiredSchema, event, { topic: 'billing.plan.v1', key: employerId });
}

/** Publishes the messages and waits until the consumer has handled the last one (the topic is read in order). */
async function deliver(...messages: BusMessage[]): Promise<void> {
  await stack.bus.publish(messages);
  const last = messages.at(-1)!;
  await eventually(async () => {
    const rows = await stack.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM processed_events WHERE consumer_group = ${PLAN_FEATURING_GROUP} AND event_id = ${last.id}`;
    return rows[0]!.n === 1;
  }, `PlanExpired ${last.id} to be handled`);
}

async function publish(owner: string, employerId: string, title: string): Promise<string> {
  return (
    await stack.recruitment.createPosting({ employerId, fields: validInput({ title }), publish: true }, as(owner))
  ).posting!.id;
}

/** Features the posting with a real unit; answers the reference the unit was taken by. */
async function feature(owner: string, postingId: string): Promise<string> {
  const featured = (await stack.recruitment.featurePosting({ postingId }, as(owner))).posting!;
  assert.equal(featured.featured, true);
  const row = await stack.db.posting.findUniqueOrThrow({ where: { id: postingId } });
  assert.equal(row.featuredReference, `${postingId}:featured:${row.version - 1n}`, 'the round names the unit taken');
  return row.featuredReference!;
}

/** The employer's postings that search answers as featured. */
async function featuredInSearch(employerId: string): Promise<string[]> {
  const found = await stack.recruitment.searchPostings({ query: { employerId, featuredOnly: true }, page: {} });
  assert.ok(found.items.every((card) => card.featured));
  return found.items.map((card) => card.id).sort();
}

const sorted = (...ids: string[]) => [...ids].sort();

async function changesOf(postingId: string): Promise<bigint[]> {
  const rows = await stack.db.$queryRaw<{ type: string; payload: Uint8Array }[]>`
    SELECT type, payload FROM outbox WHERE key = ${postingId} ORDER BY seq`;
  return rows
    .filter((row) => row.type === PostingChangedSchema.typeName)
    .map((row) => fromBinary(PostingChangedSchema, row.payload).version);
}

test("an expired plan's featuring ends in search; another round's, and another employer's, stays; redelivery is harmless", async () => {
  const { owner, employerId } = await newEmployer(stack, { plan: ENTERPRISE });
  const ended = await publish(owner, employerId, 'پرستار اورژانس');
  const kept = await publish(owner, employerId, 'ماما');
  const again = await publish(owner, employerId, 'کارشناس آزمایشگاه');
  const other = await newEmployer(stack, { plan: PLAN.professional });
  const theirs = await publish(other.owner, other.employerId, 'پرستار بخش کودکان');

  // `again` was featured once, its days ran out (the sweep), and it was featured again: the
  // ended plan paid for its first round only.
  const firstRound = await feature(owner, again);
  stack.clock.advance(7 * DAY_MS + 1);
  assert.ok((await stack.service.sweep()).unfeatured >= 1);
  assert.equal((await stack.db.posting.findUniqueOrThrow({ where: { id: again } })).featuredReference, null);
  const secondRound = await feature(owner, again);
  assert.notEqual(secondRound, firstRound);
  const endedRound = await feature(owner, ended);
  await feature(owner, kept);
  const theirRound = await feature(other.owner, theirs);
  await eventually(
    async () => (await featuredInSearch(employerId)).join() === sorted(ended, kept, again).join(),
    'the three featured postings to be featured in search',
  );
  const before = await stack.db.posting.findMany({ where: { id: { in: [ended, kept, again, theirs] } } });
  const version = (id: string) => before.find((row) => row.id === id)!.version;

  const expiry = planExpired(employerId, [endedRound, firstRound, theirRound]);
  await deliver(expiry);
  await eventually(
    async () => (await featuredInSearch(employerId)).join() === sorted(kept, again).join(),
    "the ended plan's posting to leave the featured search answer",
  );
  const card = (await stack.recruitment.searchPostings({ query: { employerId }, page: {} })).items.find(
    (item) => item.id === ended,
  );
  assert.equal(card?.featured, false, 'still found, no longer featured');
  const row = await stack.db.posting.findUniqueOrThrow({ where: { id: ended } });
  assert.deepEqual(
    [row.status, row.featuredUntil, row.featuredReference, row.version],
    ['published', null, null, version(ended) + 1n],
    'unfeatured, still open, one new version',
  );
  assert.deepEqual((await changesOf(ended)).at(-1), version(ended) + 1n, 'PostingChanged of the new version');
  for (const id of [kept, again, theirs]) {
    const untouched = await stack.db.posting.findUniqueOrThrow({ where: { id } });
    assert.equal(untouched.version, version(id), `${id} untouched`);
    assert.ok(untouched.featuredUntil && untouched.featuredUntil.getTime() > stack.clock());
  }
  assert.deepEqual(await featuredInSearch(other.employerId), [theirs], "another employer's posting is never ended");

  // The same event again, as a relay that died before marking it published sends it.
  const changes = await changesOf(ended);
  await deliver(expiry, planExpired(employerId, []));
  assert.equal((await stack.db.posting.findUniqueOrThrow({ where: { id: ended } })).version, version(ended) + 1n);
  assert.deepEqual(await changesOf(ended), changes, 'no second PostingChanged');
  assert.deepEqual(await featuredInSearch(employerId), sorted(kept, again));
});

test('featuring begun before postings kept their round ends by its posting; a bare posting id ends it too', async () => {
  const { owner, employerId } = await newEmployer(stack, { plan: ENTERPRISE });
  const older = await publish(owner, employerId, 'تکنسین رادیولوژی');
  const bare = await publish(owner, employerId, 'فیزیوتراپ');
  const round = await feature(owner, older);
  await feature(owner, bare);
  await stack.db.posting.update({ where: { id: older }, data: { featuredReference: null } });

  await deliver(planExpired(employerId, [round, bare, 'not-a-reference']));
  for (const id of [older, bare])
    assert.equal((await stack.db.posting.findUniqueOrThrow({ where: { id } })).featuredUntil, null, id);
  await eventually(async () => (await featuredInSearch(employerId)).length === 0, 'both to leave the featured answer');
});

test("with the real billing service: a plan ended by its last unit ends its posting's featuring; the next plan features it again", async () => {
  const { owner, employerId } = await newEmployer(stack, { plan: ENTERPRISE });
  const posting = await publish(owner, employerId, 'مسئول فنی داروخانه');
  await feature(owner, posting);
  // Every other unit of the plan used, as other postings would.
  for (const [kind, count] of [
    ['recruitment', await unitsLeft(stack, owner, employerId, 'recruitment')],
    ['featured', await unitsLeft(stack, owner, employerId, 'featured')],
  ] as const)
    for (let i = 0; i < count; i++)
      await stack.billing.consumeResource(
        {
          employerId,
          kind: kind === 'recruitment' ? ResourceKind.RECRUITMENT : ResourceKind.FEATURED,
          referenceId: `${randomUUID()}:${kind}`,
        },
        as(owner),
      );
  assert.deepEqual(await featuredInSearch(employerId), [posting], 'still featured: billing has not ended the plan yet');

  // Buying the next plan writes the used-up one down as expired: billing's PlanExpired names the posting's round.
  await buyPlan(stack, owner, employerId, PLAN.professional);
  await eventually(
    async () => (await stack.db.posting.findUniqueOrThrow({ where: { id: posting } })).featuredUntil === null,
    "billing's PlanExpired to end the featuring",
  );
  await eventually(async () => (await featuredInSearch(employerId)).length === 0, 'search to follow');
  await feature(owner, posting);
  await eventually(
    async () => (await featuredInSearch(employerId)).join() === posting,
    'the next plan to feature it again',
  );
});

test('references are read as rounds, bare posting ids, or nothing', () => {
  const posting = randomUUID();
  assert.deepEqual(matchingOf([`${posting}:featured:7`, posting.toUpperCase(), `${posting}:recruitment`, 'x']), {
    rounds: [`${posting}:featured:7`],
    roundPostings: [posting],
    postings: [posting],
  });
});
