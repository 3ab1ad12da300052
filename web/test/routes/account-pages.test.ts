// The account settings screens (/applicants/settings and its cellphone change) through their real
// loaders, actions and pages in front of a stand-in gateway that answers as the auth and resume
// modules do: the name from the resume or the way to build one, the cellphone in Persian digits,
// the email and whether it is verified, the success messages; the email form's refusals on its
// field and the link naming the resume; the cellphone change's two steps kept in their cookie.
// The real services run in the browser test (e2e/settings.test.ts).
import { renderApp, screen, within } from './support/render.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { RouterContextProvider } from 'react-router';
import { translator } from '../../app/i18n/index.ts';
import { saveCellphoneChange } from '../../app/lib/account/cellphone-change.server.ts';
import { createServerApi, provideServerApi } from '../../app/lib/api.server.ts';
import * as cellphoneRoute from '../../app/routes/account/cellphone.tsx';
import * as settingsRoute from '../../app/routes/account/settings.tsx';
import { startFakeGateway, type FakeGateway } from './support/fake-gateway.ts';

const fa = translator('fa');
const LOGGED_IN = `cd=${Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64')}`;
let gateway: FakeGateway;

function account(options: { resume: boolean; email: string; verified: boolean }): void {
  const { routes } = gateway;
  routes.clear();
  routes.set('GET /authentication/cellphone', { body: { cellphone: '09121234567' } });
  routes.set('GET /authentication/email', { body: { email: options.email, verified: options.verified } });
  routes.set('GET /employers', { body: { items: [] } });
  routes.set('GET /notifications/unread-count', { body: { unread: 0 } });
  routes.set(
    'GET /resumes/by-current-user',
    options.resume
      ? { body: { id: 'r1', slug: 'sara-mohammadi', firstName: 'سارا', lastName: 'محمدی', jobs: [] } }
      : { status: 400, exc: ['EXC_RESUME_ID_IS_INVALID'] },
  );
}

/** Runs a route's action for a form posted to `path`; its answer (data or a redirect Response). */
async function act(
  route: { action: (args: never) => Promise<unknown> },
  path: string,
  fields: Record<string, string>,
  cookie = LOGGED_IN,
): Promise<{ data?: Record<string, unknown>; init?: ResponseInit | null } & Partial<Response>> {
  const request = new Request(new URL(path, 'http://localhost:3000'), {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie },
  });
  const context = new RouterContextProvider();
  provideServerApi(context, createServerApi(request, gateway.url));
  return (await route.action({ request, params: {}, context } as never)) as never;
}

const render = (path: string, cookie = LOGGED_IN) => renderApp(path, { cookie, gatewayUrl: gateway.url });

describe('account settings against a stand-in gateway', () => {
  before(async () => {
    gateway = await startFakeGateway();
  });
  after(() => gateway.close());
  beforeEach(() => {
    account({ resume: true, email: 'sara@example.com', verified: false });
    gateway.requests.length = 0;
  });

  test('the name from the resume with its edit link, the cellphone in Persian digits, the email not yet verified', async () => {
    await render('/applicants/settings');
    const page = await screen.findByTestId('account-settings-page');
    assert.ok(within(page).getByText('سارا محمدی'));
    assert.equal(within(page).getByTestId('settings-edit-name').getAttribute('href'), '/applicants/resumes/edit');
    assert.equal(within(page).getByTestId('settings-cellphone-value').textContent, '۰۹۱۲۱۲۳۴۵۶۷');
    assert.equal(
      within(page).getByTestId('settings-change-cellphone').getAttribute('href'),
      '/applicants/settings/cellphone',
    );
    assert.equal(within(page).getByTestId('settings-email-value').textContent, 'sara@example.com');
    assert.equal(within(page).getByTestId('settings-email-state').textContent, fa('account.settings.emailNotVerified'));
    assert.equal(
      within(page).getByTestId('settings-notification').getAttribute('href'),
      '/applicants/settings/notification',
    );
    assert.equal(within(page).queryByTestId('email-verified-notice'), null);
  });

  test('no resume: a way to build one; back from the email link the success message; after a change the new number', async () => {
    account({ resume: false, email: 'sara@example.com', verified: true });
    await render('/applicants/settings?emailVerified=1&cellphoneChanged=1');
    const page = await screen.findByTestId('account-settings-page');
    assert.ok(within(page).getByTestId('settings-build-resume'));
    assert.equal(
      within(page).getByTestId('email-verified-notice').textContent,
      fa('account.settings.emailVerifiedDone'),
    );
    assert.equal(
      within(page).getByTestId('cellphone-changed-notice').textContent,
      fa('account.settings.cellphoneChanged', { cellphone: '۰۹۱۲۱۲۳۴۵۶۷' }),
    );
    assert.equal(within(page).getByTestId('settings-email-state').textContent, fa('account.settings.emailVerified'));
  });

  test('a verification link without a resume comes back to the home page, which says the email is verified', async () => {
    await render('/?emailVerified=1');
    assert.equal(
      (await screen.findByTestId('email-verified-notice')).textContent,
      fa('account.settings.emailVerifiedDone'),
    );
  });

  test('the email form: empty and refused addresses are said on the field; a sent link names the resume', async () => {
    const empty = await act(settingsRoute, '/applicants/settings', { email: '  ' });
    assert.deepEqual(empty.data?.exc, ['EXC_AUTHENTICATION_EMAIL_IS_REQUIRED']);
    gateway.routes.set('POST /authentication/email/bad', { status: 400, exc: ['EXC_AUTHENTICATION_EMAIL_IS_INVALID'] });
    const refused = await act(settingsRoute, '/applicants/settings', { email: 'bad' });
    assert.deepEqual(refused.data?.exc, ['EXC_AUTHENTICATION_EMAIL_IS_INVALID']);
    assert.equal(refused.data?.typed, 'bad');
    gateway.routes.set('POST /authentication/email/sara%40example.com', { body: { expiresInSeconds: 86400 } });
    const sent = await act(settingsRoute, '/applicants/settings', { email: 'sara@example.com' });
    assert.equal(sent.data?.sent, 'sara@example.com');
    const call = gateway.requests.find((r) => r.method === 'POST' && r.path.startsWith('/authentication/email/'));
    assert.equal(call?.query.get('slug'), 'sara-mohammadi');
  });

  test('the cellphone change: the code goes to the new number, kept in its cookie; the code step shows it; verified, back to the settings', async () => {
    gateway.routes.set('PUT /authentication/cellphone/09351112233', {
      body: { cellphone: '09351112233', expiresInSeconds: 120, resendAfterSeconds: 90 },
    });
    const sent = (await act(cellphoneRoute, '/applicants/settings/cellphone', {
      intent: 'send',
      cellphone: '۰۹۳۵ ۱۱۱ ۲۲ ۳۳',
    })) as unknown as { data: { step: string }; init: ResponseInit };
    assert.equal(sent.data.step, 'code');
    const setCookie = new Headers(sent.init.headers).get('set-cookie') ?? '';
    assert.match(setCookie, /dk_cellphone_change=/);
    const cookie = `${LOGGED_IN}; ${setCookie.split(';')[0]}`;

    await render('/applicants/settings/cellphone', cookie);
    const page = await screen.findByTestId('cellphone-change-page');
    assert.equal(within(page).getByTestId('cellphone-pending').textContent, '۰۹۳۵۱۱۱۲۲۳۳');
    assert.equal(within(page).getByTestId('cellphone-step').textContent, fa('account.cellphone.step', { step: '۲' }));
    assert.equal(within(page).getByTestId('cellphone-resend').hasAttribute('disabled'), true);

    gateway.routes.set('PUT /authentication/cellphone/09351112233/verify', {
      status: 400,
      exc: ['EXC_AUTHENTICATION_CODE_IS_INVALID'],
    });
    const wrong = await act(
      cellphoneRoute,
      '/applicants/settings/cellphone',
      { intent: 'verify', code: '۱۲۳۴۵۶' },
      cookie,
    );
    assert.deepEqual(wrong.data?.exc, ['EXC_AUTHENTICATION_CODE_IS_INVALID']);
    const verify = gateway.requests.find((r) => r.path === '/authentication/cellphone/09351112233/verify');
    assert.equal(verify?.query.get('next'), 'ChangeCellphone');
    assert.deepEqual(verify?.body, { code: '123456' });

    gateway.routes.set('PUT /authentication/cellphone/09351112233/verify', {
      body: { user: { id: 'u1', cellphone: '09351112233', email: '', emailVerified: false, isNew: false } },
    });
    const done = (await act(
      cellphoneRoute,
      '/applicants/settings/cellphone',
      { intent: 'verify', code: '123456' },
      cookie,
    )) as unknown as Response;
    assert.equal(done.status, 302);
    assert.equal(done.headers.get('location'), '/applicants/settings?cellphoneChanged=1');
    assert.match(done.headers.get('set-cookie') ?? '', /dk_cellphone_change=;.*Max-Age=0/i);
  });

  test('a refused new number stays on step one with the code on the field', async () => {
    gateway.routes.set('PUT /authentication/cellphone/09121234567', {
      status: 400,
      exc: ['EXC_AUTHENTICATION_CELLPHONE_IS_SAME'],
    });
    const same = await act(cellphoneRoute, '/applicants/settings/cellphone', {
      intent: 'send',
      cellphone: '09121234567',
    });
    assert.deepEqual(same.data, {
      step: 'number',
      typed: '09121234567',
      exc: ['EXC_AUTHENTICATION_CELLPHONE_IS_SAME'],
      at: same.data?.at,
    });
    const empty = await act(cellphoneRoute, '/applicants/settings/cellphone', { intent: 'send', cellphone: '' });
    assert.deepEqual(empty.data?.exc, ['EXC_AUTHENTICATION_CELLPHONE_IS_REQUIRED']);
    // A pending change shows the number step again after "another number".
    const pending = `${LOGGED_IN}; ${(await saveCellphoneChange({ cellphone: '09351112233', resendAt: 0 })).split(';')[0]}`;
    const restart = (await act(
      cellphoneRoute,
      '/applicants/settings/cellphone',
      { intent: 'restart' },
      pending,
    )) as unknown as {
      data: { step: string };
      init: ResponseInit;
    };
    assert.equal(restart.data.step, 'number');
    assert.match(new Headers(restart.init.headers).get('set-cookie') ?? '', /Max-Age=0/i);
  });
});
