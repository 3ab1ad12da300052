// Every event the service turns into a notification, delivered twice (and once more as a new
// event about the same cause), tells each person once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import {
  OrderPaidSchema,
  PlanExpiredSchema,
  PlanExpiringSchema,
  ResourcesLowSchema,
  WalletToppedUpSchema,
} from '@darmankar/proto/billing/v1/events_pb';
import { ResourceKind } from '@darmankar/proto/billing/v1/billing_pb';
import {
  UserCellphoneChangedSchema,
  UserEmailVerifiedSchema,
  UserRegisteredSchema,
} from '@darmankar/proto/auth/v1/events_pb';
import {
  AgentInvitedSchema,
  AgentLinkedSchema,
  AgentPermissionsChangedSchema,
  AgentRemovedSchema,
  EmployerCreatedSchema,
  EmployerUpdatedSchema,
} from '@darmankar/proto/employer/v1/events_pb';
import { ResumeCreatedSchema } from '@darmankar/proto/resume/v1/events_pb';
import { ApplicationChangedSchema } from '@darmankar/proto/hiring/v1/events_pb';
import { ApplicationChange, ApplicationState } from '@darmankar/proto/hiring/v1/hiring_pb';
import { JobAlertSchema } from '@darmankar/proto/recruitment/v1/events_pb';
import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import {
  deliveriesOf,
  newCellphone,
  newEmployer,
  newResume,
  newUser,
  notificationsOf,
  startStack,
  type Stack,
} from './helpers.ts';

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(() => stack.stop());

/** Publishes the event, the same event again, and a new event with the same facts. */
async function thrice<D extends DescMessage>(schema: D, fields: () => MessageInitShape<D>, topic: string, key: string) {
  const message = await stack.publish(schema, fields(), topic, key);
  await stack.republish(message);
  await stack.publish(schema, fields(), topic, key);
  await stack.settled();
}

test('a job alert tells the filter owner once, linking to the posting page', async () => {
  const applicant = await newUser(stack);
  const filterId = randomUUID();
  const postingId = randomUUID();
  await thrice(
    JobAlertSchema,
    () => ({
      userId: applicant.userId,
      filterId,
      filterName: 'پرستار تهران',
      postingId,
      postingSlug: 'nurse-123',
      postingTitle: 'پرستار بخش',
      jobCategory: 'nursing',
    }),
    'recruitment.job-alert.v1',
    applicant.userId,
  );
  const rows = await notificationsOf(stack, applicant.userId);
  assert.equal(rows.length, 1);
  assert.equal(rows[0]!.kind, 'job_alert');
  assert.equal(rows[0]!.cause_key, `job-alert:${filterId}:${postingId}`);
  assert.equal(rows[0]!.link, '/applicants/recruitments/nursing/nurse-123');
  // daily by default: email waits for the digest, SMS is off for job alerts.
  const deliveries = await deliveriesOf(stack, rows[0]!.id);
  assert.deepEqual(
    deliveries.map((d) => [d.channel, d.status]),
    [['email', 'digest']],
  );
});

for (const [change, state, kind] of [
  [ApplicationChange.MOVED, ApplicationState.IN_PROGRESS, 'application_moved'],
  [ApplicationChange.REJECTED, ApplicationState.REJECTED, 'application_rejected'],
  [ApplicationChange.MOVED, ApplicationState.ACCEPTED, 'application_accepted'],
] as const) {
  test(`an application's change (${kind}) tells the applicant once, linking to their applications`, async () => {
    const applicant = await newUser(stack);
    const resume = await newResume(stack, applicant.userId);
    const { employerId } = await newEmployer(stack);
    const applicationId = randomUUID();
    await thrice(
      ApplicationChangedSchema,
      () => ({
        applicationId,
        postingId: randomUUID(),
        employerId,
        resumeId: resume.resumeId,
        applicantUserId: applicant.userId,
        change,
        state,
        step: { id: 's1', name: 'مصاحبه' },
        version: 3n,
        postingTitle: 'ماما',
      }),
      'hiring.application.v1',
      applicationId,
    );
    const rows = await notificationsOf(stack, applicant.userId);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.kind, kind);
    assert.equal(rows[0]!.link, `/applicants/resumes/${resume.slug}/recruitments`);
    const deliveries = await deliveriesOf(stack, rows[0]!.id);
    assert.deepEqual(
      deliveries.map((d) => [d.channel, d.recipient, d.status]),
      [
        ['email', applicant.email, 'pending'],
        ['sms', applicant.cellphone, 'pending'],
      ],
    );
  });
}

test('an application tells the owner and the agents who manage applications, not the others', async () => {
  const employer = await newEmployer(stack, [['ApplyManage'], ['Billing']]);
  const postingId = randomUUID();
  const applied = () => ({
    applicationId: randomUUID(),
    postingId,
    employerId: employer.employerId,
    resumeId: randomUUID(),
    applicantUserId: randomUUID(),
    change: ApplicationChange.APPLIED,
    state: ApplicationState.IN_PROGRESS,
    version: 1n,
    postingTitle: 'پزشک عمومی',
  });
  const fields = applied();
  const first = await stack.publish(ApplicationChangedSchema, fields, 'hiring.application.v1', postingId);
  await stack.republish(first);
  // The same application's fact again, as a new event: still counted once.
  await stack.publish(ApplicationChangedSchema, fields, 'hiring.application.v1', postingId);
  await stack.settled();
  for (const user of [employer.owner, employer.agents[0]!]) {
    const rows = await notificationsOf(stack, user.userId);
    assert.equal(rows.length, 1, 'one notification');
    assert.equal(rows[0]!.params.count, 1, 'the repeated event counts once');
    assert.equal(rows[0]!.link, `/recruitments/${postingId}/apply-management`);
  }
  assert.equal((await notificationsOf(stack, employer.agents[1]!.userId)).length, 0);
});

test('billing news tells the owner and the agents with Billing once each', async () => {
  const employer = await newEmployer(stack, [['Billing'], ['ApplyManage']]);
  const key = employer.employerId;
  const orderId = randomUUID();
  const planId = randomUUID();
  await thrice(
    OrderPaidSchema,
    () => ({
      employerId: key,
      orderId,
      orderNumber: 1042n,
      total: { rials: 29_000_000n },
      planId,
      purchasedPlanId: planId,
    }),
    'billing.order.v1',
    key,
  );
  await thrice(
    WalletToppedUpSchema,
    () => ({ employerId: key, paymentNumber: 77n, amount: { rials: 5_000_000n }, balance: { rials: 9_000_000n } }),
    'billing.order.v1',
    key,
  );
  await thrice(
    PlanExpiringSchema,
    () => ({ employerId: key, purchasedPlanId: planId, planTitle: 'حرفه‌ای', daysLeft: 3 }),
    'billing.plan.v1',
    key,
  );
  await thrice(
    PlanExpiredSchema,
    () => ({ employerId: key, purchasedPlanId: planId, planTitle: 'حرفه‌ای' }),
    'billing.plan.v1',
    key,
  );
  await thrice(
    ResourcesLowSchema,
    () => ({ employerId: key, purchasedPlanId: planId, kind: ResourceKind.FEATURED, remaining: 1 }),
    'billing.plan.v1',
    key,
  );
  for (const user of [employer.owner, employer.agents[0]!]) {
    const rows = await notificationsOf(stack, user.userId);
    assert.deepEqual(rows.map((r) => r.kind).sort(), [
      'order_paid',
      'plan_expired',
      'plan_expiring',
      'resources_low',
      'wallet_topped_up',
    ]);
    const links = Object.fromEntries(rows.map((r) => [r.kind, r.link]));
    assert.equal(links.order_paid, `/employers/${employer.slug}/orders`);
    assert.equal(links.wallet_topped_up, `/employers/${employer.slug}/wallet`);
  }
  assert.equal((await notificationsOf(stack, employer.agents[1]!.userId)).length, 0);
});

test('an agent invite texts the invited cellphone once, even without an account', async () => {
  const employerId = randomUUID();
  const agentId = randomUUID();
  const cellphone = newCellphone();
  await thrice(
    AgentInvitedSchema,
    () => ({
      employerId,
      agentId,
      cellphone,
      employerBrand: 'بیمارستان آزمون',
      firstName: 'علی',
      permissions: ['Billing'],
    }),
    'employer.agent.v1',
    employerId,
  );
  const { rows } = await stack.db.query<{ id: string; user_id: string | null; link: string }>(
    `SELECT id, user_id, link FROM notifications WHERE cause_key = $1`,
    [`agent-invited:${agentId}`],
  );
  assert.equal(rows.length, 1);
  assert.equal(rows[0]!.user_id, null);
  assert.equal(rows[0]!.link, '/login');
  const deliveries = await deliveriesOf(stack, rows[0]!.id);
  assert.deepEqual(
    deliveries.map((d) => [d.channel, d.recipient]),
    [['sms', cellphone]],
  );
});

test('the facts it keeps copies of, each delivered twice, leave one copy with the latest state', async () => {
  const userId = randomUUID();
  const first = newCellphone();
  const second = newCellphone();
  const twice = async <D extends DescMessage>(schema: D, fields: MessageInitShape<D>, topic: string, key: string) => {
    const message = await stack.publish(schema, fields, topic, key);
    await stack.republish(message);
    await stack.settled();
  };
  await twice(UserRegisteredSchema, { userId, cellphone: first }, 'auth.user.v1', userId);
  await twice(
    UserCellphoneChangedSchema,
    { userId, oldCellphone: first, newCellphone: second },
    'auth.user.v1',
    userId,
  );
  await twice(UserEmailVerifiedSchema, { userId, email: 'a@example.com' }, 'auth.user.v1', userId);
  const contacts = await stack.db.query(`SELECT cellphone, email FROM contacts WHERE user_id = $1`, [userId]);
  assert.deepEqual(contacts.rows, [{ cellphone: second, email: 'a@example.com' }]);

  const employerId = randomUUID();
  await twice(
    EmployerCreatedSchema,
    { employerId, ownerUserId: userId, slug: 'old-slug', brand: 'Old', isSelfEmployed: false },
    'employer.employer.v1',
    employerId,
  );
  await twice(
    EmployerUpdatedSchema,
    { employerId, slug: 'new-slug', brand: 'New' },
    'employer.employer.v1',
    employerId,
  );
  const employers = await stack.db.query(`SELECT slug, brand, owner_user_id FROM employers WHERE id = $1`, [
    employerId,
  ]);
  assert.deepEqual(employers.rows, [{ slug: 'new-slug', brand: 'New', owner_user_id: userId }]);

  const agentId = randomUUID();
  const agentUser = randomUUID();
  await twice(
    AgentInvitedSchema,
    { employerId, agentId, cellphone: newCellphone(), employerBrand: 'New', firstName: 'x', permissions: ['Billing'] },
    'employer.agent.v1',
    employerId,
  );
  await twice(AgentLinkedSchema, { employerId, agentId, userId: agentUser }, 'employer.agent.v1', employerId);
  await twice(
    AgentPermissionsChangedSchema,
    { employerId, agentId, userId: agentUser, permissions: ['ApplyManage'] },
    'employer.agent.v1',
    employerId,
  );
  const agents = await stack.db.query(`SELECT user_id, permissions FROM agents WHERE id = $1`, [agentId]);
  assert.deepEqual(agents.rows, [{ user_id: agentUser, permissions: ['ApplyManage'] }]);
  await twice(AgentRemovedSchema, { employerId, agentId, userId: agentUser }, 'employer.agent.v1', employerId);
  assert.equal((await stack.db.query(`SELECT 1 FROM agents WHERE id = $1`, [agentId])).rows.length, 0);

  const resumeId = randomUUID();
  await twice(ResumeCreatedSchema, { resumeId, ownerUserId: userId, slug: 'r-1' }, 'resume.resume.v1', resumeId);
  const resumes = await stack.db.query(`SELECT slug, owner_user_id FROM resumes WHERE id = $1`, [resumeId]);
  assert.deepEqual(resumes.rows, [{ slug: 'r-1', owner_user_id: userId }]);
});
