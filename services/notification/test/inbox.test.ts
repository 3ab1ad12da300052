// A person's notifications through the real gRPC service: the list in their language, read
// marks (never on another person's), preferences (locked and not-offered channels refused),
// the click record's redirect target and the payment receipt's page.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { create } from '@bufbuild/protobuf';
import { grpcServiceDefinition } from '@darmankar/platform/grpc';
import { rejectsWith } from '@darmankar/platform/testing';
import { CountUnreadRequestSchema, NotificationService } from '@darmankar/proto/notification/v1/notification_pb';
import { OrderPaidSchema } from '@darmankar/proto/billing/v1/events_pb';
import { ApplicationChangedSchema } from '@darmankar/proto/hiring/v1/events_pb';
import { ApplicationChange, ApplicationState } from '@darmankar/proto/hiring/v1/hiring_pb';
import { deliveriesOf, newEmployer, newResume, newUser, notificationsOf, startStack, type Stack } from './helpers.ts';

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(() => stack.stop());

async function rejected(userId: string) {
  const resume = await newResume(stack, userId);
  const applicationId = randomUUID();
  await stack.publish(
    ApplicationChangedSchema,
    {
      applicationId,
      postingId: randomUUID(),
      employerId: randomUUID(),
      resumeId: resume.resumeId,
      applicantUserId: userId,
      change: ApplicationChange.REJECTED,
      state: ApplicationState.REJECTED,
      version: 2n,
      postingTitle: 'Nurse',
    },
    'hiring.application.v1',
    applicationId,
  );
  await stack.settled();
  return resume;
}

test('the list is rendered in the asked language, with unread counts, and read marks are the owner’s only', async () => {
  const me = await newUser(stack);
  const other = await newUser(stack);
  await rejected(me.userId);
  const fa = await stack.client.listNotifications({ page: { page: 1, pageSize: 20 } }, { userId: me.userId });
  assert.equal(fa.items.length, 1);
  assert.equal(fa.unread, 1);
  assert.match(fa.items[0]!.body, /Nurse/);
  assert.match(fa.items[0]!.title, /درخواست/);
  const en = await stack.client.listNotifications(
    { page: { page: 1, pageSize: 20 }, locale: 'en' },
    { userId: me.userId },
  );
  assert.equal(en.items[0]!.title, 'About your application');
  const id = fa.items[0]!.id;
  await rejectsWith(stack.client.markRead({ id }, { userId: other.userId }), 'EXC_NOTIFICATIONS_NOT_FOUND');
  await rejectsWith(stack.client.markRead({ id: 'nope' }, { userId: me.userId }), 'EXC_NOTIFICATIONS_NOT_FOUND');
  await rejectsWith(stack.client.markRead({ id }), 'EXC_AUTHENTICATION_REQUIRED');
  assert.equal((await stack.client.countUnread({}, { userId: me.userId })).unread, 1);
  await stack.client.markRead({ id }, { userId: me.userId });
  assert.equal((await stack.client.countUnread({}, { userId: me.userId })).unread, 0);
  await rejected(me.userId);
  assert.equal((await stack.client.markAllRead({}, { userId: me.userId })).updated, 1);
  assert.equal((await stack.client.countUnread({}, { userId: me.userId })).unread, 0);
  await rejectsWith(
    stack.client.listNotifications({ page: { page: 1, pageSize: 500 } }, { userId: me.userId }),
    'EXC_PAGINATION_PAGE_SIZE_IS_INVALID',
  );
});

test('preferences: defaults, a channel turned off writes no delivery, locked and not-offered channels are refused', async () => {
  const me = await newUser(stack);
  const initial = (await stack.client.getPreferences({}, { userId: me.userId })).preferences!;
  assert.equal(initial.jobAlertFrequency, 'daily');
  assert.equal(initial.emailVerified, true);
  const security = initial.categories.find((c) => c.category === 'security')!;
  assert.deepEqual([security.locked, security.sms?.on, security.email?.offered], [true, true, false]);
  const changed = await stack.client.updatePreferences(
    { changes: [{ category: 'application_status', sms: false }], jobAlertFrequency: 'immediate' },
    { userId: me.userId },
  );
  const status = changed.preferences!.categories.find((c) => c.category === 'application_status')!;
  assert.deepEqual([status.sms?.on, status.email?.on, status.inApp?.on], [false, true, true]);
  assert.equal(changed.preferences!.jobAlertFrequency, 'immediate');
  await rejected(me.userId);
  const [notification] = await notificationsOf(stack, me.userId);
  assert.deepEqual(
    (await deliveriesOf(stack, notification!.id)).map((d) => d.channel),
    ['email'],
  );
  await rejectsWith(
    stack.client.updatePreferences({ changes: [{ category: 'security', sms: false }] }, { userId: me.userId }),
    'EXC_NOTIFICATIONS_PREFERENCE_IS_INVALID',
  );
  await rejectsWith(
    stack.client.updatePreferences({ changes: [{ category: 'new_application', sms: true }] }, { userId: me.userId }),
    'EXC_NOTIFICATIONS_PREFERENCE_IS_INVALID',
  );
  await rejectsWith(
    stack.client.updatePreferences({ changes: [], jobAlertFrequency: 'weekly' }, { userId: me.userId }),
    'EXC_NOTIFICATIONS_PREFERENCE_IS_INVALID',
  );
  await rejectsWith(stack.client.getPreferences({}), 'EXC_AUTHENTICATION_REQUIRED');
});

test('an engagement is recorded and answers a path of the site only', async () => {
  const me = await newUser(stack);
  const resume = await rejected(me.userId);
  const [notification] = await notificationsOf(stack, me.userId);
  const id = notification!.id;
  for (const to of [
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\tx',
    'evil',
  ]) {
    await rejectsWith(stack.client.recordEngagement({ id, to }), 'EXC_NOTIFICATIONS_LINK_IS_INVALID');
  }
  await rejectsWith(stack.client.recordEngagement({ id: randomUUID(), to: '' }), 'EXC_NOTIFICATIONS_NOT_FOUND');
  assert.equal(
    (await stack.client.recordEngagement({ id, to: '' })).path,
    `/applicants/resumes/${resume.slug}/recruitments`,
  );
  assert.equal((await stack.client.recordEngagement({ id, to: '/notifications?x=1' })).path, '/notifications?x=1');
  const { rows } = await stack.db.query<{ clicks: number; read_at: Date | null }>(
    `SELECT clicks, read_at FROM notifications WHERE id = $1`,
    [id],
  );
  assert.equal(rows[0]!.clicks, 2);
  assert.ok(rows[0]!.read_at, 'a click reads it');
  await rejectsWith(stack.client.getReceiptTarget({ id }), 'EXC_NOTIFICATIONS_NOT_FOUND');
});

test('a payment receipt leads to the order’s result page', async () => {
  const employer = await newEmployer(stack);
  const orderId = randomUUID();
  await stack.publish(
    OrderPaidSchema,
    { employerId: employer.employerId, orderId, orderNumber: 1001n, total: { rials: 100_000n } },
    'billing.order.v1',
    employer.employerId,
  );
  await stack.settled();
  const [receipt] = await notificationsOf(stack, employer.owner.userId);
  assert.equal(
    (await stack.client.getReceiptTarget({ id: receipt!.id })).path,
    `/orders/successorder?orderId=${orderId}`,
  );
  await rejectsWith(stack.client.getReceiptTarget({ id: randomUUID() }), 'EXC_NOTIFICATIONS_NOT_FOUND');
  const listed = await stack.client.listNotifications({}, { userId: employer.owner.userId });
  assert.match(listed.items[0]!.body, /۱۰٬۰۰۰ تومان/);
  assert.match(listed.items[0]!.title, /۱۰۰۱/);
});

test('a call claiming a user without a caller assertion is refused', async () => {
  const grpc = await import('@grpc/grpc-js');
  const Client = grpc.makeGenericClientConstructor(grpcServiceDefinition(NotificationService), 'NotificationService');
  const raw = new Client(stack.address, grpc.credentials.createInsecure()) as unknown as Record<string, Function> & {
    close(): void;
  };
  try {
    const metadata = new grpc.Metadata();
    metadata.set('x-user-id', randomUUID());
    const code = await new Promise<number>((resolve) =>
      raw.countUnread!(create(CountUnreadRequestSchema, {}), metadata, (error: { code: number } | null) =>
        resolve(error?.code ?? 0),
      ),
    );
    assert.equal(code, grpc.status.UNAUTHENTICATED);
  } finally {
    raw.close();
  }
});

test('the development outbox is read through the service, newest first', async () => {
  const me = await newUser(stack);
  await rejected(me.userId);
  await stack.service.deliverOnce();
  const { messages } = await stack.client.listDevOutbox({ recipient: me.cellphone });
  assert.equal(messages.length, 1);
  assert.equal(messages[0]!.channel, 'sms');
  assert.match(messages[0]!.text, /http:\/\/web\.test\/api\/v1\/notifications\/[0-9a-f-]+\/engagements\?to=/);
  await rejectsWith(stack.client.listDevOutbox({ recipient: 'nobody' }), 'EXC_BAD_REQUEST');
});
