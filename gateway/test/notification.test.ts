// The notification routes over HTTP with a real stack: auth, the notification service (started
// through its package entry) and the gateway on one clock, sharing a throw-away event log the
// test publishes other services' facts on.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { notificationConfig, notificationService, type RunningNotificationService } from '@darmankar/notification';
import { createEventBus, toBusMessage, type EventBus } from '@darmankar/platform/events/index';
import { createLogger } from '@darmankar/platform/log';
import { dropDatabase, serviceMigrationSets } from '@darmankar/platform/migrate';
import {
  createTestDatabase,
  eventually,
  freePort,
  testPostgresUrl,
  type TestDatabase,
} from '@darmankar/platform/testing';
import { OrderPaidSchema } from '@darmankar/proto/billing/v1/events_pb';
import { EmployerCreatedSchema } from '@darmankar/proto/employer/v1/events_pb';
import { ApplicationChangedSchema } from '@darmankar/proto/hiring/v1/events_pb';
import { ApplicationChange, ApplicationState } from '@darmankar/proto/hiring/v1/hiring_pb';
import { ResumeCreatedSchema } from '@darmankar/proto/resume/v1/events_pb';
import { user, visitor, type Client } from './clients.ts';
import { assertError, json, startStack, type Stack } from './helpers.ts';

const WEB = 'http://web.test';

describe('notifications over HTTP', () => {
  let stack: Stack;
  let database: TestDatabase;
  let notifications: RunningNotificationService | undefined;
  let bus: EventBus;
  let eventsUrl: string;
  let me: Client & { id: string; cellphone: string };
  let other: Client & { id: string };
  let resumeSlug: string;

  const publish = <D extends DescMessage>(schema: D, fields: MessageInitShape<D>, topic: string, key: string) =>
    bus.publish([toBusMessage(schema, create(schema, fields), { topic, key })]);
  const call = (path: string, client: Client = visitor(), init: RequestInit = {}) =>
    fetch(`${stack.url}/api/v1${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...client.headers, ...(init.headers as Record<string, string>) },
    });
  const list = async (client: Client, headers: Record<string, string> = {}) =>
    (await call('/notifications', client, { headers })).json() as Promise<{
      items: Array<{ id: string; kind: string; title: string; link: string | null; read: boolean }>;
      unread: number;
      page: { total: number };
    }>;

  before(async () => {
    const url = new URL(testPostgresUrl());
    url.pathname = `/dk_test_events_gw_notification_${randomBytes(4).toString('hex')}`;
    eventsUrl = url.toString();
    database = await createTestDatabase('gateway_notification', serviceMigrationSets(notificationService.dir));
    const port = await freePort();
    stack = await startStack({
      authEnv: { EVENTS_DATABASE_URL: eventsUrl },
      gatewayEnv: { NOTIFICATION_GRPC_URL: `127.0.0.1:${port}`, PUBLIC_WEB_URL: WEB },
    });
    notifications = await notificationService.start(
      notificationConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url,
        GRPC_PORT: String(port),
        EVENTS_DATABASE_URL: eventsUrl,
        PUBLIC_WEB_URL: WEB,
        // The stack's clock is the wall clock's now, which may be night in Tehran.
        QUIET_HOURS: '0-0',
        DELIVERY_INTERVAL_MS: String(24 * 60 * 60 * 1000),
        DIGEST_INTERVAL_MS: String(24 * 60 * 60 * 1000),
      }),
      { log: createLogger('notification-test', 'silent'), clock: stack.clock },
    );
    bus = await createEventBus({ eventsDatabaseUrl: eventsUrl });
    me = (await user(stack.url)) as Client & { id: string; cellphone: string };
    other = (await user(stack.url)) as Client & { id: string };
    resumeSlug = `resume-${randomBytes(3).toString('hex')}`;
    const resumeId = randomUUID();
    await publish(
      ResumeCreatedSchema,
      { resumeId, ownerUserId: me.id, slug: resumeSlug },
      'resume.resume.v1',
      resumeId,
    );
    const applicationId = randomUUID();
    await publish(
      ApplicationChangedSchema,
      {
        applicationId,
        postingId: randomUUID(),
        employerId: randomUUID(),
        resumeId,
        applicantUserId: me.id,
        change: ApplicationChange.REJECTED,
        state: ApplicationState.REJECTED,
        version: 2n,
        postingTitle: 'Nurse',
      },
      'hiring.application.v1',
      applicationId,
    );
    await eventually(async () => (await list(me)).items.length === 1, 'the notification');
  });

  after(async () => {
    await bus?.close();
    await notifications?.stop();
    await stack?.stop();
    await database?.drop();
    await dropDatabase(eventsUrl);
  });

  test('the list: rendered in the reader’s language, links through the engagement route', async () => {
    const fa = await list(me);
    assert.equal(fa.unread, 1);
    assert.equal(fa.page.total, 1);
    const [item] = fa.items;
    assert.equal(item!.kind, 'application_rejected');
    assert.match(item!.title, /درخواست/);
    assert.equal(
      item!.link,
      `/api/v1/notifications/${item!.id}/engagements?to=${encodeURIComponent(`/applicants/resumes/${resumeSlug}/recruitments`)}`,
    );
    assert.equal((await list(me, { 'accept-language': 'en-US,en;q=0.9' })).items[0]!.title, 'About your application');
    assert.equal((await list(other)).items.length, 0);
    await assertError(await call('/notifications'), 401, 'EXC_AUTHENTICATION_REQUIRED');
    await assertError(await call('/notifications?pageSize=500', me), 400, 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID');
  });

  test('read marks: the owner’s only', async () => {
    const [item] = (await list(me)).items;
    const unread = await call('/notifications/unread-count', me);
    assert.deepEqual(await unread.json(), { unread: 1 });
    await assertError(
      await call(`/notifications/${item!.id}/read`, other, { method: 'PUT' }),
      404,
      'EXC_NOTIFICATIONS_NOT_FOUND',
    );
    await assertError(
      await call(`/notifications/${randomUUID()}/read`, me, { method: 'PUT' }),
      404,
      'EXC_NOTIFICATIONS_NOT_FOUND',
    );
    assert.equal((await call(`/notifications/${item!.id}/read`, me, { method: 'PUT' })).status, 204);
    assert.deepEqual(await (await call('/notifications/unread-count', me)).json(), { unread: 0 });
    assert.deepEqual(await (await call('/notifications/read-all', me, { method: 'PUT' })).json(), { updated: 0 });
  });

  test('preferences: read, changed, a locked or not offered channel refused', async () => {
    const initial = await json(await call('/notifications/preferences', me));
    assert.equal(initial.jobAlertFrequency, 'daily');
    assert.equal(initial.emailVerified, false);
    assert.deepEqual(
      initial.preferences.find((p: { category: string }) => p.category === 'security'),
      {
        category: 'security',
        channels: { sms: true, email: null, inApp: null },
        locked: true,
      },
    );
    const put = (body: unknown) =>
      call('/notifications/preferences', me, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const changed = await put({
      preferences: [{ category: 'billing', channels: { sms: false } }],
      jobAlertFrequency: 'immediate',
    });
    assert.equal(changed.status, 200);
    const body = await json(changed);
    assert.equal(body.jobAlertFrequency, 'immediate');
    assert.deepEqual(body.preferences.find((p: { category: string }) => p.category === 'billing').channels, {
      sms: false,
      email: true,
      inApp: true,
    });
    await assertError(
      await put({ preferences: [{ category: 'security', channels: { sms: false } }] }),
      422,
      'EXC_NOTIFICATIONS_PREFERENCE_IS_INVALID',
    );
    await assertError(
      await put({ preferences: [{ category: 'new_application', channels: { sms: true } }] }),
      422,
      'EXC_NOTIFICATIONS_PREFERENCE_IS_INVALID',
    );
    await assertError(
      await put({ preferences: [], jobAlertFrequency: 'weekly' }),
      422,
      'EXC_NOTIFICATIONS_PREFERENCE_IS_INVALID',
    );
    await assertError(await put({ preferences: 'all' }), 400, 'EXC_BAD_REQUEST');
  });

  test('the engagement link: a path of the site only, 302 for a browser', async () => {
    const [item] = (await list(me)).items;
    const engage = (to: string | null, accept = 'application/json') =>
      call(`/notifications/${item!.id}/engagements${to === null ? '' : `?to=${encodeURIComponent(to)}`}`, undefined, {
        headers: { accept },
      });
    for (const evil of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      await assertError(await engage(evil), 400, 'EXC_NOTIFICATIONS_LINK_IS_INVALID');
      const browser = await engage(evil, 'text/html');
      assert.equal(browser.status, 303);
      assert.equal(
        browser.headers.get('location'),
        `${WEB}/something-went-wrong?code=EXC_NOTIFICATIONS_LINK_IS_INVALID`,
      );
    }
    const own = await engage(null, 'text/html');
    assert.equal(own.status, 302);
    assert.equal(own.headers.get('location'), `${WEB}/applicants/resumes/${resumeSlug}/recruitments`);
    const there = await engage('/notifications', 'text/html');
    assert.equal(there.status, 302);
    assert.equal(there.headers.get('location'), `${WEB}/notifications`);
    assert.deepEqual(await (await engage('/notifications')).json(), { location: `${WEB}/notifications` });
    await assertError(await call(`/notifications/${randomUUID()}/engagements`), 404, 'EXC_NOTIFICATIONS_NOT_FOUND');
  });

  test('the receipt link leads to the order’s result page; other kinds have none', async () => {
    const employerId = randomUUID();
    await publish(
      EmployerCreatedSchema,
      {
        employerId,
        ownerUserId: other.id,
        slug: `c-${randomBytes(3).toString('hex')}`,
        brand: 'Clinic',
        isSelfEmployed: false,
      },
      'employer.employer.v1',
      employerId,
    );
    const orderId = randomUUID();
    await publish(
      OrderPaidSchema,
      { employerId, orderId, orderNumber: 1200n, total: { rials: 290_000n } },
      'billing.order.v1',
      employerId,
    );
    await eventually(async () => (await list(other)).items.length === 1, 'the receipt');
    const [receipt] = (await list(other)).items;
    const answer = await call(`/notifications/${receipt!.id}/rrn`, undefined, { headers: { accept: 'text/html' } });
    assert.equal(answer.status, 302);
    assert.equal(answer.headers.get('location'), `${WEB}/orders/successorder?orderId=${orderId}`);
    const [rejection] = (await list(me)).items;
    await assertError(await call(`/notifications/${rejection!.id}/rrn`), 404, 'EXC_NOTIFICATIONS_NOT_FOUND');
  });

  test('the development outbox answers auth’s codes and the notifications’ messages, newest first', async () => {
    await notifications!.deliverOnce();
    const answer = await fetch(`${stack.url}/api/dev/outbox?to=${me.cellphone}`);
    assert.equal(answer.status, 200);
    const { messages } = (await answer.json()) as {
      messages: Array<{ text: string; code: string; createdAt: string }>;
    };
    assert.ok(
      messages.some((m) => m.code !== ''),
      'the login code',
    );
    assert.match(messages[0]!.text, /engagements\?to=/, 'the notification, sent last, first');
    const times = messages.map((m) => m.createdAt);
    assert.deepEqual(times, [...times].sort().reverse());
  });

  test('the service stopped: 503, the gateway stays up', async () => {
    await notifications!.stop();
    notifications = undefined;
    await assertError(await call('/notifications', me), 503, 'EXC_SERVICE_UNAVAILABLE');
    assert.equal(
      (await fetch(`${stack.url}/api/dev/outbox?to=${me.cellphone}`)).status,
      200,
      'auth’s outbox still answers',
    );
  });
});
