// The notification screens (the list, the header's bell, the preferences) through their real
// loaders, actions and pages in front of a stand-in gateway that answers as the notification
// module's contract says: the count in the bell's name and badge, unread items marked for eyes
// and screen readers, mark read and mark all read, the pages, the empty list; the preferences'
// locked row, channels not offered, email waiting for a verified address, and what is saved.
// The real services run in the browser tests (e2e/notifications.test.ts, e2e/settings.test.ts).
import { fireEvent, renderApp, screen, waitFor, within } from './support/render.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { translator } from '../../app/i18n/index.ts';
import { RouterContextProvider } from 'react-router';
import { preferencesFromForm } from '../../app/lib/account/pages.server.ts';
import { createServerApi, provideServerApi } from '../../app/lib/api.server.ts';
import * as preferencesRoute from '../../app/routes/account/notification-settings.tsx';
import * as notificationsRoute from '../../app/routes/account/notifications.tsx';
import { defaultPreferences, notification, notificationPage } from '../support/notifications.ts';
import { startFakeGateway, type FakeGateway } from './support/fake-gateway.ts';

const fa = translator('fa');
const en = translator('en');
const LOGGED_IN = `cd=${Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64')}`;
let gateway: FakeGateway;

/** Runs a route's action as the web server would for a form posted to `path` (its `data()` answer). */
async function act(
  route: { action: (args: never) => Promise<unknown> },
  path: string,
  fields: Record<string, string>,
): Promise<{ data: { exc?: string[] }; init: ResponseInit | null }> {
  const request = new Request(new URL(path, 'http://localhost:3000'), {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie: LOGGED_IN },
  });
  const context = new RouterContextProvider();
  provideServerApi(context, createServerApi(request, gateway.url));
  return (await route.action({ request, params: {}, context } as never)) as never;
}

const render = (path: string, cookie = LOGGED_IN) => renderApp(path, { cookie, gatewayUrl: gateway.url });

function signedInApplicant(unread: number): void {
  const { routes } = gateway;
  routes.clear();
  routes.set('GET /authentication/cellphone', { body: { cellphone: '09121234567' } });
  routes.set('GET /employers', { body: { items: [] } });
  routes.set('GET /resumes/by-current-user', { status: 400, exc: ['EXC_RESUME_ID_IS_INVALID'] });
  routes.set('GET /notifications/unread-count', { body: { unread } });
}

describe('notification screens against a stand-in gateway', () => {
  before(async () => {
    gateway = await startFakeGateway();
  });
  after(() => gateway.close());
  beforeEach(() => {
    signedInApplicant(3);
    gateway.requests.length = 0;
  });

  test("the header's bell says the count in its name and its badge, in Persian digits", async () => {
    gateway.routes.set('GET /notifications', { body: notificationPage([notification()], 1, 3) });
    await render('/notifications');
    const bell = await screen.findByTestId('notification-bell');
    assert.equal(bell.getAttribute('aria-label'), fa('notifications.bellWithCount', { count: '۳' }));
    assert.ok(bell.getAttribute('aria-label')!.includes(within(bell).getByTestId('notification-badge').textContent!));
    assert.equal(within(bell).getByTestId('notification-badge').textContent, '۳');
  });

  test('no unread: the bell is a plain "notifications" button without a badge; more than 99 reads ۹۹+', async () => {
    signedInApplicant(0);
    await render('/about-us');
    const bell = await screen.findByTestId('notification-bell');
    assert.equal(bell.getAttribute('aria-label'), fa('notifications.bell'));
    assert.equal(within(bell).queryByTestId('notification-badge'), null);
    signedInApplicant(250);
    await render('/about-us');
    await waitFor(() => assert.equal(screen.getAllByTestId('notification-badge').at(-1)!.textContent, '۹۹+'));
  });

  test('logged out there is no bell; a count that does not come leaves the bell out, not the page', async () => {
    await render('/about-us', '');
    await screen.findByTestId('login-button');
    assert.equal(screen.queryByTestId('notification-bell'), null);
    gateway.routes.delete('GET /notifications/unread-count');
    await render('/about-us');
    await screen.findAllByText(fa('about.title'));
    assert.equal(screen.queryByTestId('notification-bell'), null);
  });

  test('the list: unread items marked (dot, bold title, "unread" for screen readers), links through the engagement URL, dates in Persian', async () => {
    const threeDaysAgo = new Date(Date.now() - 72 * 3600_000).toISOString();
    gateway.routes.set('GET /notifications', {
      body: notificationPage(
        [
          notification(),
          notification({
            id: 'n2',
            category: 'application_status',
            kind: 'ApplicationRejected',
            title: 'درخواست شما رد شد',
            body: 'درمانگاه مهر درخواست شما برای «ماما» را رد کرد.',
            link: null,
            read: true,
            createdAt: threeDaysAgo,
          }),
        ],
        2,
        1,
      ),
    });
    await render('/notifications');
    const page = await screen.findByTestId('notifications-page');
    assert.equal(
      within(page).getByTestId('notifications-unread').textContent,
      fa('notifications.unreadSummary', { count: '۱' }),
    );
    const [first, second] = within(page).getAllByTestId('notification-item');
    assert.equal(first!.getAttribute('data-read'), 'false');
    assert.ok(
      within(first!)
        .getByRole('heading')
        .textContent!.startsWith(`${fa('notifications.unread')}: `),
    );
    assert.equal(
      within(first!).getByTestId('notification-link').getAttribute('href'),
      `/api/v1/notifications/n1/engagements?to=${encodeURIComponent('/applicants/recruitments/nurse/er-nurse')}`,
    );
    assert.match(within(first!).getByRole('time').textContent ?? '', /^امروز، .*[۰-۹].* ساعت [۰-۹]{2}:[۰-۹]{2}$/);
    assert.equal(second!.getAttribute('data-read'), 'true');
    assert.equal(within(second!).queryByTestId('notification-link'), null);
    assert.equal(within(second!).queryByTestId('mark-read'), null, 'a read item has nothing to mark');
    assert.match(
      within(second!).getByRole('time').textContent ?? '',
      /^۳ روز پیش، [۰-۹]+ [^ ]+ ۱۴[۰-۹]{2} ساعت [۰-۹]{2}:[۰-۹]{2}$/,
    );
    // The page asks the service for one page of 20, its text in the page's language.
    const asked = gateway.requests.find((r) => r.path === '/notifications')?.query;
    assert.equal(asked?.get('pageSize'), '20');
    assert.equal(asked?.get('locale'), 'fa');
  });

  test('each unread item has its "mark read" button named with its title; mark read and mark all read call the service', async () => {
    gateway.routes.set('GET /notifications', { body: notificationPage([notification()], 1, 1) });
    gateway.routes.set('PUT /notifications/n1/read', { status: 204 });
    gateway.routes.set('PUT /notifications/read-all', { body: { updated: 1 } });
    await render('/notifications');
    const item = (await screen.findAllByTestId('notification-item'))[0]!;
    const mark = within(item).getByTestId('mark-read');
    assert.equal(
      mark.getAttribute('aria-label'),
      fa('notifications.markReadName', { title: 'آگهی تازه: پرستار اورژانس' }),
    );
    assert.equal((mark.closest('form')!.elements.namedItem('id') as HTMLInputElement).value, 'n1');
    assert.ok(screen.getByTestId('mark-all-read'));
    const read = await act(notificationsRoute, '/notifications', { intent: 'read', id: 'n1' });
    assert.equal((read.data as { done?: string }).done, 'read');
    const all = await act(notificationsRoute, '/notifications', { intent: 'read-all' });
    assert.deepEqual(all.data, { done: 'read-all', updated: 1, at: (all.data as { at: number }).at });
    assert.deepEqual(
      gateway.requests.filter((r) => r.method === 'PUT').map((r) => r.path),
      ['/notifications/n1/read', '/notifications/read-all'],
    );
  });

  test('a refused mark read answers its codes for the toast (the catalogue text)', async () => {
    gateway.routes.set('PUT /notifications/n1/read', { status: 404, exc: ['EXC_NOTIFICATIONS_NOT_FOUND'] });
    const answer = await act(notificationsRoute, '/notifications', { intent: 'read', id: 'n1' });
    assert.deepEqual(answer.data.exc, ['EXC_NOTIFICATIONS_NOT_FOUND']);
    assert.equal(answer.init?.status, 404);
  });

  test('pages: 45 notifications are three pages of 20, the page asked for is what the service is asked', async () => {
    gateway.routes.set('GET /notifications', (request) => ({
      body: {
        ...notificationPage([notification({ read: true })], 45, 0),
        page: { page: Number(request.query.get('page')), pageSize: 20, total: 45 },
      },
    }));
    await render('/notifications?page=2');
    const pagination = await screen.findByTestId('pagination');
    assert.equal(within(pagination).getByRole('link', { current: 'page' }).textContent, '۲');
    assert.deepEqual(
      within(pagination)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
      [
        '/notifications?page=1',
        '/notifications?page=1',
        '/notifications?page=2',
        '/notifications?page=3',
        '/notifications?page=3',
      ],
    );
    assert.ok(gateway.requests.some((r) => r.path === '/notifications' && r.query.get('page') === '2'));
    assert.equal(screen.queryByTestId('mark-all-read'), null, 'nothing unread: nothing to mark');
  });

  test('the empty list says so', async () => {
    gateway.routes.set('GET /notifications', { body: notificationPage([], 0, 0) });
    await render('/notifications');
    const empty = await screen.findByTestId('empty-state');
    assert.ok(within(empty).getByText(fa('notifications.empty')));
    assert.equal(screen.getByTestId('notifications-unread').textContent, fa('notifications.noneUnread'));
  });

  test('without a session the list sends people to log in and back', async () => {
    gateway.routes.set('GET /notifications', { status: 401, exc: ['EXC_AUTHENTICATION_REQUIRED'] });
    const request = new Request('http://localhost:3000/notifications?page=2');
    const context = new RouterContextProvider();
    provideServerApi(context, createServerApi(request, gateway.url));
    const thrown = await notificationsRoute.loader({ request, params: {}, context } as never).catch((error) => error);
    assert.ok(thrown instanceof Response, `a redirect, not ${String(thrown)}`);
    assert.equal(thrown.headers.get('location'), `/login?backURL=${encodeURIComponent('/notifications?page=2')}`);
  });

  test('preferences: security locked on, channels not offered say so, email waits for a verified address', async () => {
    gateway.routes.set('GET /notifications/preferences', { body: defaultPreferences(false) });
    await render('/applicants/settings/notification');
    const page = await screen.findByTestId('notification-settings-page');
    const securitySms = within(page).getByTestId('pref-security-sms') as HTMLInputElement;
    assert.equal(securitySms.checked, true);
    assert.equal(securitySms.disabled, true);
    assert.equal(within(page).getByTestId('pref-row-security').getAttribute('data-locked'), 'true');
    assert.equal(
      within(page).getByTestId('pref-new_application-sms').textContent,
      fa('notifications.prefs.notOffered'),
    );
    assert.equal(securitySms.getAttribute('aria-label'), 'پیامک: امنیت حساب');
    const jobEmail = within(page).getByTestId('pref-job_alert-email') as HTMLInputElement;
    assert.equal(jobEmail.checked, true);
    assert.equal(jobEmail.disabled, true, 'no verified email: email cannot be chosen');
    assert.equal(within(page).getByTestId('add-email-link').getAttribute('href'), '/applicants/settings#email');
    assert.equal((within(page).getByTestId('frequency-daily') as HTMLInputElement).checked, true);
  });

  test('saving sends every changeable category with its offered channels and the frequency; the answer is shown', async () => {
    gateway.routes.set('GET /notifications/preferences', { body: defaultPreferences(true) });
    gateway.routes.set('PUT /notifications/preferences', (request) => {
      const saved = defaultPreferences(true);
      saved.jobAlertFrequency = 'immediate';
      saved.preferences[1]!.channels.sms = true;
      return { body: { ...saved, _request: request.body } };
    });
    await render('/applicants/settings/notification');
    const page = await screen.findByTestId('notification-settings-page');
    assert.equal(within(page).queryByTestId('email-not-verified'), null);
    fireEvent.click(within(page).getByTestId('pref-job_alert-sms'));
    fireEvent.click(within(page).getByTestId('pref-billing-email'));
    fireEvent.click(within(page).getByTestId('frequency-immediate'));
    // What the form posts, as the browser would send it, through the page's action.
    const form = within(page).getByTestId('preferences-form') as HTMLFormElement;
    const fields: Record<string, string> = {};
    for (const element of Array.from(form.elements) as HTMLInputElement[]) {
      if (!element.name || element.disabled) continue;
      if ((element.type === 'checkbox' || element.type === 'radio') && !element.checked) continue;
      fields[element.name] = element.type === 'checkbox' ? 'on' : element.value;
    }
    const answer = await act(preferencesRoute, '/applicants/settings/notification', fields);
    assert.equal((answer.data as { saved?: boolean }).saved, true);
    await waitFor(() => assert.ok(gateway.requests.some((r) => r.method === 'PUT')));
    assert.deepEqual(gateway.requests.find((r) => r.method === 'PUT')!.body, {
      preferences: [
        { category: 'job_alert', channels: { inApp: true, email: true, sms: true } },
        { category: 'application_status', channels: { inApp: true, email: true, sms: true } },
        { category: 'new_application', channels: { inApp: true, email: true } },
        { category: 'billing', channels: { inApp: true, email: false, sms: true } },
      ],
      jobAlertFrequency: 'immediate',
    });
  });

  test('a refused save answers its codes for the toast', async () => {
    gateway.routes.set('GET /notifications/preferences', { body: defaultPreferences(true) });
    gateway.routes.set('PUT /notifications/preferences', {
      status: 422,
      exc: ['EXC_NOTIFICATIONS_PREFERENCE_IS_INVALID'],
    });
    const answer = await act(preferencesRoute, '/applicants/settings/notification', { 'job_alert.inApp': 'on' });
    assert.deepEqual(answer.data.exc, ['EXC_NOTIFICATIONS_PREFERENCE_IS_INVALID']);
    assert.equal(answer.init?.status, 422);
  });
});

test('without a verified email the form keeps email as it is (not sent), the rest as ticked', () => {
  const form = new FormData();
  form.set('job_alert.inApp', 'on');
  form.set('job_alert.email', 'on');
  form.set('security.sms', 'on');
  form.set('jobAlertFrequency', 'weekly');
  const update = preferencesFromForm(form, defaultPreferences(false));
  assert.deepEqual(update.preferences[0], { category: 'job_alert', channels: { inApp: true, sms: false } });
  assert.equal(
    update.preferences.some((p) => p.category === 'security'),
    false,
    'the locked row is never sent',
  );
  assert.equal('jobAlertFrequency' in update, false, 'an unknown frequency is not sent');
});

test('the English catalogue names the bell with its count too', () => {
  assert.equal(en('notifications.bellWithCount', { count: 3 }), 'Notifications: 3 unread');
});
