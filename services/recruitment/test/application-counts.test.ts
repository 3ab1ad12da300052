// A posting card's application counts, from ApplicationChanged events published on the real
// event log to the real recruitment service (with the real employer and billing services):
// members of the employer see applications not cancelled and those unread; anyone else sees
// neither; a repeated or older event changes nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { create } from '@bufbuild/protobuf';
import { toBusMessage } from '@darmankar/platform/events/index';
import { ApplicationChangedSchema } from '@darmankar/proto/hiring/v1/events_pb';
import { ApplicationChange, ApplicationState } from '@darmankar/proto/hiring/v1/hiring_pb';
import { eventually, newAgent, newEmployer, newUser, PLAN, startStack, validInput, type Stack } from './stack.ts';

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.stop();
});

const as = (userId: string) => ({ userId });

interface Change {
  applicationId: string;
  postingId: string;
  employerId: string;
  state: ApplicationState;
  read?: boolean;
  version: number;
}

function applicationChanged(change: Change) {
  const event = create(ApplicationChangedSchema, {
    meta: { eventId: randomUUID(), occurredAtMs: BigInt(Date.now()) },
    applicationId: change.applicationId,
    postingId: change.postingId,
    employerId: change.employerId,
    resumeId: randomUUID(),
    applicantUserId: randomUUID(),
    change: ApplicationChange.APPLIED,
    state: change.state,
    read: change.read ?? false,
    version: BigInt(change.version),
    postingTitle: 'پرستار بخش ICU',
    actorUserId: randomUUID(),
  });
  return toBusMessage(ApplicationChangedSchema, event, { topic: 'hiring.application.v1', key: change.postingId });
}

const publish = (...changes: Change[]) => stack.bus.publish(changes.map(applicationChanged));

async function cardsOf(employerId: string, userId: string) {
  const listed = await stack.recruitment.listEmployerPostings(
    { employerId, page: { page: 1, pageSize: 20 } },
    as(userId),
  );
  return new Map(listed.items.map((card) => [card.id, card]));
}

/** Waits until the owner's card of `postingId` counts `applications` and `unread`. */
async function countsReach(employerId: string, owner: string, postingId: string, applications: number, unread: number) {
  await eventually(async () => {
    const card = (await cardsOf(employerId, owner)).get(postingId);
    return card?.applications === applications && card?.unreadApplications === unread;
  }, `posting ${postingId} to count ${applications} applications, ${unread} unread`);
}

async function publishedPosting() {
  const { owner, employerId } = await newEmployer(stack, { plan: PLAN.professional });
  const posting = (
    await stack.recruitment.createPosting({ employerId, fields: validInput(), publish: true }, as(owner))
  ).posting!;
  return { owner, employerId, postingId: posting.id };
}

test('members see applications not cancelled and the unread among them; anyone else sees neither', async () => {
  const { owner, employerId, postingId } = await publishedPosting();
  const other = (
    await stack.recruitment.createPosting(
      { employerId, fields: validInput({ title: 'ماما' }), publish: true },
      as(owner),
    )
  ).posting!.id;
  const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const on = { postingId, employerId };

  // Before any application: zero, not unset.
  const empty = (await cardsOf(employerId, owner)).get(postingId)!;
  assert.equal(empty.applications, 0);
  assert.equal(empty.unreadApplications, 0);

  await publish(
    { ...on, applicationId: a, state: ApplicationState.IN_PROGRESS, version: 1 },
    { ...on, applicationId: b, state: ApplicationState.IN_PROGRESS, version: 1 },
    { ...on, applicationId: c, state: ApplicationState.IN_PROGRESS, version: 1 },
    { ...on, applicationId: d, state: ApplicationState.IN_PROGRESS, version: 1 },
  );
  await countsReach(employerId, owner, postingId, 4, 4);

  await publish(
    { ...on, applicationId: a, state: ApplicationState.IN_PROGRESS, read: true, version: 2 },
    { ...on, applicationId: b, state: ApplicationState.REJECTED, read: true, version: 3 },
    { ...on, applicationId: c, state: ApplicationState.CANCELLED, version: 2 },
    { ...on, applicationId: d, state: ApplicationState.ACCEPTED, read: false, version: 5 },
  );
  // Rejected and accepted ones still count; the cancelled one does not, read or not.
  await countsReach(employerId, owner, postingId, 3, 1);

  const cards = await cardsOf(employerId, owner);
  assert.equal(cards.get(other)!.applications, 0, "another posting's applications are its own");

  const agent = await newAgent(stack, owner, employerId, ['RecruitmentEdit']);
  const byAgent = (await cardsOf(employerId, agent)).get(postingId)!;
  assert.equal(byAgent.applications, 3, 'an agent is a member');
  assert.equal(byAgent.unreadApplications, 1);

  const byStranger = (await cardsOf(employerId, newUser())).get(postingId)!;
  assert.equal(byStranger.applications, undefined);
  assert.equal(byStranger.unreadApplications, undefined);
  const anonymous = await stack.recruitment.listEmployerPostings({ employerId, page: { page: 1, pageSize: 20 } });
  const card = anonymous.items.find((item) => item.id === postingId)!;
  assert.equal(card.applications, undefined);
  assert.equal(card.unreadApplications, undefined);
});

test('a repeated or older event changes nothing; only a newer version replaces the state', async () => {
  const { owner, employerId, postingId } = await publishedPosting();
  const on = { postingId, employerId };
  const id = randomUUID();
  const marker = randomUUID();

  await publish({ ...on, applicationId: id, state: ApplicationState.IN_PROGRESS, read: true, version: 3 });
  await countsReach(employerId, owner, postingId, 1, 0);

  // An older version (applied, unread) and the same version again, as other events, then a
  // marker application: once the marker counts, the events before it have been handled.
  await publish(
    { ...on, applicationId: id, state: ApplicationState.IN_PROGRESS, read: false, version: 1 },
    { ...on, applicationId: id, state: ApplicationState.CANCELLED, version: 3 },
    { ...on, applicationId: marker, state: ApplicationState.IN_PROGRESS, read: true, version: 1 },
  );
  await countsReach(employerId, owner, postingId, 2, 0);
  const row = await stack.db.postingApplication.findUniqueOrThrow({ where: { applicationId: id } });
  assert.deepEqual(
    { state: row.state, read: row.read, version: row.version },
    { state: 'in_progress', read: true, version: 3n },
  );

  // The very same message delivered twice counts once.
  const cancelled = applicationChanged({ ...on, applicationId: id, state: ApplicationState.CANCELLED, version: 4 });
  await stack.bus.publish([cancelled, cancelled]);
  await countsReach(employerId, owner, postingId, 1, 0);

  await publish({ ...on, applicationId: id, state: ApplicationState.IN_PROGRESS, read: false, version: 5 });
  await countsReach(employerId, owner, postingId, 2, 1);
});
