// Agents and the access check as another service sees it: invited agents linked through real
// auth events on the bus, permissions by action, and the cached HasAccess client whose answers
// a removal or a permission change drops at once (no clock moved, so no expiry is involved).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { create, fromBinary } from '@bufbuild/protobuf';
import { createEmployerAccess, type EmployerAccess } from '@darmankar/platform/employer-access';
import { EmployerAction, actionValue, actionWord } from '@darmankar/platform/employer-actions';
import { createEventBus, toBusMessage, type EventBus } from '@darmankar/platform/events/index';
import { testCallerSigner, testClock } from '@darmankar/platform/testing';
import { UserCellphoneChangedSchema, UserRegisteredSchema } from '@darmankar/proto/auth/v1/events_pb';
import { AgentInvitedSchema } from '@darmankar/proto/employer/v1/events_pb';
import { eventually, newCellphone, newUser, rejectsWith, startTestEmployer, type TestEmployer } from './helpers.ts';

const clock = testClock();
let service: TestEmployer;
let bus: EventBus;
let access: EmployerAccess;

before(async () => {
  service = await startTestEmployer(clock);
  bus = await createEventBus({ eventsDatabaseUrl: service.eventsUrl });
  // Acting as another service: its own client, its own cache, listening on the bus.
  access = await createEmployerAccess({
    address: `127.0.0.1:${service.port}`,
    callerSigner: testCallerSigner(),
    bus,
    clock,
  });
});
after(async () => {
  await access.close();
  await bus.close();
  await service.stop();
});

/** What the auth service publishes when someone logs in for the first time. */
async function registered(userId: string, cellphone: string): Promise<void> {
  await bus.publish([
    toBusMessage(UserRegisteredSchema, create(UserRegisteredSchema, { userId, cellphone }), {
      topic: 'auth.user.v1',
      key: userId,
    }),
  ]);
}

async function linked(agentId: string): Promise<void> {
  await eventually(
    async () => (await service.db.agent.findUniqueOrThrow({ where: { id: agentId } })).userId !== null,
    'the agent to be linked',
  );
}

async function organisation(owner: string) {
  return (await service.client.createEmployer({ brand: 'کلینیک دسترسی', isSelfEmployed: false }, { userId: owner }))
    .employer!;
}

const invite = (owner: string, employerId: string, cellphone: string, permissions: string[]) =>
  service.client.inviteAgent(
    {
      employerId,
      fields: { firstName: 'سارا', lastName: 'احمدی', cellphone, permissions: permissions.map(actionValue) },
    },
    { userId: owner },
  );

test('an invited cellphone is linked when its user registers, or changes to it; an invitation event names the brand', async () => {
  const owner = newUser();
  const employer = await organisation(owner);
  const cellphone = newCellphone();
  const agent = (await invite(owner, employer.id, `+98${cellphone.slice(1)}`, ['RecruitmentCreate'])).agent!;
  assert.equal(agent.cellphone, cellphone, 'stored as 09XXXXXXXXX');
  assert.equal(agent.userId, undefined, 'not linked until the cellphone is a user');
  const rows = await service.db.$queryRawUnsafe<{ type: string; topic: string; payload: Buffer }[]>(
    `SELECT type, topic, payload FROM outbox WHERE key = $1 ORDER BY seq`,
    employer.id,
  );
  const invitation = rows.find((row) => row.type === AgentInvitedSchema.typeName)!;
  assert.equal(invitation.topic, 'employer.agent.v1');
  const event = fromBinary(AgentInvitedSchema, invitation.payload);
  assert.deepEqual([event.cellphone, event.employerBrand, event.agentId], [cellphone, 'کلینیک دسترسی', agent.id]);

  const userId = newUser();
  await registered(userId, cellphone);
  await linked(agent.id);
  const mine = await service.client.listMyEmployers({}, { userId });
  assert.deepEqual(
    mine.items.map((item) => [item.id, item.permissions.map(actionWord)]),
    [[employer.id, ['RecruitmentCreate']]],
  );

  // Someone registered with another number who later takes the invited one.
  const later = newCellphone();
  const secondAgent = (await invite(owner, employer.id, later, [])).agent!;
  const mover = newUser();
  await registered(mover, newCellphone());
  await bus.publish([
    toBusMessage(
      UserCellphoneChangedSchema,
      create(UserCellphoneChangedSchema, { userId: mover, oldCellphone: '09000000000', newCellphone: later }),
      { topic: 'auth.user.v1', key: mover },
    ),
  ]);
  await linked(secondAgent.id);
  assert.equal((await service.db.agent.findUniqueOrThrow({ where: { id: secondAgent.id } })).userId, mover);

  // Invited once a cellphone is known: linked at once.
  const knownCellphone = newCellphone();
  const known = newUser();
  await registered(known, knownCellphone);
  await eventually(
    async () => (await service.db.knownUser.count({ where: { userId: known } })) === 1,
    'the user to be known',
  );
  assert.equal((await invite(owner, employer.id, knownCellphone, [])).agent!.userId, known);
});

test('agent rules: names required, cellphone valid, permissions known, no duplicate, not the owner', async () => {
  const owner = newUser();
  const employer = await organisation(owner);
  await rejectsWith(
    service.client.inviteAgent(
      {
        employerId: employer.id,
        fields: { firstName: '', lastName: '', cellphone: '123', permissions: [EmployerAction.UNSPECIFIED] },
      },
      { userId: owner },
    ),
    'EXC_EMPLOYERS_AGENT_FIRST_NAME_IS_REQUIRED',
    'EXC_EMPLOYERS_AGENT_LAST_NAME_IS_REQUIRED',
    'EXC_EMPLOYERS_AGENT_CELLPHONE_IS_INVALID',
    'EXC_EMPLOYERS_AGENT_PERMISSIONS_ARE_INVALID',
  );
  const cellphone = newCellphone();
  await invite(owner, employer.id, cellphone, []);
  await rejectsWith(
    invite(owner, employer.id, `۰${cellphone.slice(1).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)}`, []),
    'EXC_EMPLOYERS_AGENT_IS_DUPLICATE',
  );
  const ownerCellphone = newCellphone();
  await registered(owner, ownerCellphone);
  await eventually(
    async () => (await service.db.knownUser.count({ where: { userId: owner } })) === 1,
    'the owner to be known',
  );
  await rejectsWith(invite(owner, employer.id, ownerCellphone, []), 'EXC_EMPLOYERS_AGENT_IS_OWNER');
  assert.equal(await service.db.agent.count({ where: { employerId: employer.id } }), 1, 'nothing stored on refusal');
});

test('the access client: one call, then the cache; a removal or a permission change denies at once', async () => {
  const owner = newUser();
  const employer = await organisation(owner);
  const cellphone = newCellphone();
  const agent = (await invite(owner, employer.id, cellphone, ['EmployerEdit', 'RecruitmentCreate'])).agent!;
  const agentUser = newUser();
  await registered(agentUser, cellphone);
  await linked(agent.id);
  // The invitation and the link are changes too: let the client apply them before measuring.
  await eventually(async () => {
    const published = await service.db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM outbox WHERE key = $1 AND topic = 'employer.agent.v1' AND status = 'published'`,
      employer.id,
    );
    return Number(published[0]!.n) === 2 && access.changesSeen(employer.id) === 2;
  }, 'the agent events to reach the access client');

  const start = { ...access.stats };
  assert.deepEqual(await access.check(agentUser, employer.id, 'EmployerEdit'), { hasAccess: true, outcome: 'granted' });
  assert.deepEqual(await access.check(agentUser, employer.id, 'Billing'), {
    hasAccess: false,
    outcome: 'agent_denied',
  });
  await access.require(agentUser, employer.id, 'RecruitmentCreate');
  await rejectsWith(access.require(agentUser, employer.id, 'AgentManage'), 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED');
  assert.equal(access.stats.calls - start.calls, 1, 'one gRPC call for every action of this employer and user');
  assert.equal(access.stats.hits - start.hits, 3, 'the rest from the warm cache');

  // Permission withdrawn: the next check is refused without any time passing.
  let changed = access.invalidated(employer.id);
  await service.client.updateAgent(
    {
      employerId: employer.id,
      agentId: agent.id,
      fields: { firstName: 'سارا', lastName: 'احمدی', cellphone, permissions: [EmployerAction.RECRUITMENT_CREATE] },
    },
    { userId: owner },
  );
  await changed;
  await rejectsWith(access.require(agentUser, employer.id, 'EmployerEdit'), 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED');
  await access.require(agentUser, employer.id, 'RecruitmentCreate');

  // Removed: refused as a stranger at once.
  changed = access.invalidated(employer.id);
  await service.client.removeAgent({ employerId: employer.id, agentId: agent.id }, { userId: owner });
  await changed;
  await rejectsWith(access.require(agentUser, employer.id, 'RecruitmentCreate'), 'EXC_AUTHORIZATION_FORBIDDEN');
  assert.deepEqual(
    await service.client
      .hasAccess({ employerId: employer.id, action: EmployerAction.RECRUITMENT_CREATE }, { userId: agentUser })
      .then((a) => a.hasAccess),
    false,
  );

  // The owner may do everything; strangers and unknown employers have their codes; no caller is refused.
  await access.require(owner, employer.id, 'Billing');
  await rejectsWith(access.require(newUser(), employer.id, 'EmployerEdit'), 'EXC_AUTHORIZATION_FORBIDDEN');
  await rejectsWith(
    access.require(owner, '00000000-0000-4000-8000-000000000000', 'EmployerEdit'),
    'EXC_EMPLOYERS_NOT_FOUND',
  );
  await rejectsWith(access.require(undefined, employer.id, 'EmployerEdit'), 'EXC_AUTHENTICATION_REQUIRED');
  await rejectsWith(
    service.client.hasAccess({ employerId: employer.id, action: EmployerAction.UNSPECIFIED }, { userId: owner }),
    'EXC_EMPLOYERS_ACTION_IS_INVALID',
  );
  await rejectsWith(
    service.client.hasAccess({ employerId: employer.id, action: 99 as EmployerAction }, { userId: owner }),
    'EXC_EMPLOYERS_ACTION_IS_INVALID',
  );

  // Without any change an answer is kept 30 s, then asked again.
  const calls = access.stats.calls;
  await access.check(owner, employer.id, 'Billing');
  clock.advance(30_001);
  await access.check(owner, employer.id, 'Billing');
  assert.equal(access.stats.calls - calls, 1);
});

test('a call claiming a user without a caller assertion is refused', async () => {
  const grpc = await import('@grpc/grpc-js');
  const { grpcServiceDefinition } = await import('@darmankar/platform/grpc');
  const { EmployerService } = await import('@darmankar/proto/employer/v1/employer_pb');
  const Client = grpc.makeGenericClientConstructor(grpcServiceDefinition(EmployerService), 'EmployerService');
  const raw = new Client(`127.0.0.1:${service.port}`, grpc.credentials.createInsecure()) as unknown as Record<
    string,
    Function
  > & { close(): void };
  try {
    const metadata = new grpc.Metadata();
    metadata.set('x-user-id', newUser());
    const code = await new Promise<number>((resolve) =>
      raw.listMyEmployers!({}, metadata, (error: { code: number } | null) => resolve(error?.code ?? 0)),
    );
    assert.equal(code, grpc.status.UNAUTHENTICATED);
  } finally {
    raw.close();
  }
  await rejectsWith(service.client.listMyEmployers({}), 'EXC_AUTHENTICATION_REQUIRED');
});
