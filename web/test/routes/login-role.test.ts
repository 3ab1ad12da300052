import { fireEvent, renderApp, screen } from './support/render.ts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { translator } from '../../app/i18n/index.ts';

const fa = translator('fa');
/** The gateway's `cd` cookie of a logged-in browser (base64 JSON the page may read). */
const LOGGED_IN = `cd=${Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64')}`;

test('choosing a role needs a session: without one, back to /login keeping the back URL', async () => {
  const view = await renderApp('/login/role?backURL=%2Fpricing');
  await screen.findByRole('heading', { name: fa('login.heading') });
  assert.equal(screen.queryByTestId('role-form'), null);
  const form = view.getByTestId('login-form') as HTMLFormElement;
  assert.equal((form.elements.namedItem('backURL') as HTMLInputElement).value, '/pricing');
});

test('both roles offered in Persian from the catalogue', async () => {
  await renderApp('/login/role', { cookie: LOGGED_IN });
  await screen.findByRole('heading', { name: fa('role.heading') });
  const applicant = screen.getByTestId('role-applicant');
  const employer = screen.getByTestId('role-employer');
  assert.ok(applicant.textContent?.includes(fa('role.applicant')));
  assert.ok(applicant.textContent?.includes(fa('role.applicantText')));
  assert.ok(employer.textContent?.includes(fa('role.employer')));
  assert.ok(employer.textContent?.includes(fa('role.employerText')));
});

test('an employer goes on to the employer area', async () => {
  await renderApp('/login/role?backURL=%2Fpricing', { cookie: LOGGED_IN });
  fireEvent.click(await screen.findByTestId('role-employer'));
  await screen.findByTestId('employers-page');
  assert.ok(screen.getByRole('heading', { level: 1, name: fa('employers.title') }));
});

test('an applicant goes back where they came from', async () => {
  await renderApp('/login/role?backURL=%2Fpricing', { cookie: LOGGED_IN });
  fireEvent.click(await screen.findByTestId('role-applicant'));
  await screen.findByTestId('pricing-page');
  assert.equal(screen.queryByTestId('employers-page'), null);
});
