// The employer pages with the gateway down: the private ones send a logged-out visitor to log in
// and back, and every page explains a failure in place with the catalogue text (inside the site
// frame) instead of an empty or invented employer.
import { renderApp, screen, within } from './support/render.ts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import { translator } from '../../app/i18n/index.ts';

const fa = translator('fa');
const LOGGED_IN = `cd=${Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64')}`;

for (const path of [
  '/employers/add',
  '/employers/add/sina',
  '/employers/sina/edit',
  '/employers/sina/settings',
  '/employers/sina/settings/agent',
  '/employers/sina/settings/hiring-customization',
  '/settings/agent?employer=sina',
  '/settings/hiring-customization',
]) {
  test(`${path} logged out: the login page, with this page as the back URL`, async () => {
    await renderApp(path);
    await screen.findByTestId('login-form');
    assert.ok(screen.getByRole('heading', { level: 1 }));
  });
}

for (const path of [
  '/employers/add/sina',
  '/employers/sina/edit',
  '/employers/sina/settings',
  '/employers/sina',
  '/applicants/companies?province=fars',
]) {
  test(`${path} with the gateway down: the server error page with the code's text`, async () => {
    await renderApp(path, { cookie: LOGGED_IN });
    const page = await screen.findByTestId('error-500');
    assert.equal(within(page).getByTestId('error-message').textContent, excText('EXC_SERVICE_UNAVAILABLE', 'fa'));
    assert.ok(screen.getByTestId('site-header'));
    assert.equal(screen.queryByTestId('employer-profile-form'), null);
  });
}

test('the old settings paths without any employer of the viewer lead to picking or creating one', async () => {
  await renderApp('/settings/agent', { cookie: LOGGED_IN });
  const page = await screen.findByTestId('employers-page');
  assert.ok(within(page).getByText(fa('employers.empty')));
  assert.equal(screen.queryByTestId('invite-agent-form'), null);
});

test('in English too', async () => {
  await renderApp('/en/settings/hiring-customization', { cookie: LOGGED_IN });
  const english = await screen.findByTestId('employers-page');
  assert.ok(within(english).getByText(translator('en')('employers.empty')));
});

test('the create form for a logged-in person: both kinds offered, in Persian', async () => {
  await renderApp('/employers/add', { cookie: LOGGED_IN });
  const form = await screen.findByTestId('employer-add-form');
  assert.ok(
    within(form).getByRole('radio', { name: new RegExp(fa('employer.add.organisation').replace(/[()]/g, '.')) }),
  );
  assert.ok(
    within(form).getByRole('radio', { name: new RegExp(fa('employer.add.selfEmployed').replace(/[()]/g, '.')) }),
  );
  assert.ok(within(form).getByLabelText(new RegExp(fa('employer.field.brand'))));
});
