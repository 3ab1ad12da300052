import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startFakeGateway, type FakeGateway } from './support/fake-gateway.ts';
import { fireEvent, renderApp, screen, waitFor } from './support/render.ts';
import { excText } from '@darmankar/platform/errors/catalogue';
import { translator } from '../../app/i18n/index.ts';

const fa = translator('fa');

test('login page: Persian text from the catalogue, no header on /login, back URL kept in the form', async () => {
  const view = await renderApp('/login?backURL=%2Fpricing');
  const heading = await screen.findByRole('heading', { name: fa('login.heading') });
  assert.ok(heading);
  assert.ok(screen.getByLabelText(fa('login.cellphone')));
  assert.ok(screen.getByRole('button', { name: fa('login.submit') }));
  const form = view.getByTestId('login-form') as HTMLFormElement;
  assert.equal((form.elements.namedItem('backURL') as HTMLInputElement).value, '/pricing');
  assert.equal(view.container.querySelector('header'), null);
});

test('sending the code with the gateway down: the catalogue message under the field, the number kept', async () => {
  const view = await renderApp('/login');
  const field = (await screen.findByLabelText(fa('login.cellphone'))) as HTMLInputElement;
  fireEvent.change(field, { target: { value: '09121234567' } });
  fireEvent.click(screen.getByRole('button', { name: fa('login.submit') }));
  const message = excText('EXC_SERVICE_UNAVAILABLE', 'fa');
  await waitFor(() =>
    assert.ok(view.getByTestId('login-form').textContent?.includes(message), 'the failure is explained'),
  );
  assert.equal((screen.getByLabelText(fa('login.cellphone')) as HTMLInputElement).value, '09121234567');
});

test('a back URL off this site is replaced by the home page', async () => {
  const view = await renderApp(`/login?backURL=${encodeURIComponent('https://evil.example/steal')}`);
  await screen.findByRole('heading', { name: fa('login.heading') });
  const form = view.getByTestId('login-form') as HTMLFormElement;
  assert.equal((form.elements.namedItem('backURL') as HTMLInputElement).value, '/');
});

test('English under /en: the English catalogue and a link home that keeps the locale', async () => {
  await renderApp('/en/login');
  const en = translator('en');
  await screen.findByRole('heading', { name: en('login.heading') });
  const home = screen.getByRole('link', { name: en('login.backHome') });
  assert.equal(home.getAttribute('href'), '/en');
});

describe('someone already logged in', () => {
  const LOGGED_IN = `cd=${Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64')}`;
  let gateway: FakeGateway;
  before(async () => {
    gateway = await startFakeGateway();
  });
  after(() => gateway.close());

  test('is sent on to the back URL instead of the form', async () => {
    gateway.routes.set('GET /authentication/cellphone', { body: { cellphone: '09121234567' } });
    await renderApp('/login?backURL=%2Fpricing', { cookie: LOGGED_IN, gatewayUrl: gateway.url });
    await screen.findByTestId('pricing-page');
    assert.equal(screen.queryByTestId('login-form'), null);
  });

  test('keeps the English locale, and a back URL off this site becomes the home page', async () => {
    gateway.routes.set('GET /authentication/cellphone', { body: { cellphone: '09121234567' } });
    await renderApp(`/en/login?backURL=${encodeURIComponent('https://evil.example/steal')}`, {
      cookie: LOGGED_IN,
      gatewayUrl: gateway.url,
    });
    await screen.findByRole('heading', { level: 1, name: translator('en')('home.heroTitle') });
    assert.equal(screen.queryByTestId('login-form'), null);
  });

  test('a session the gateway no longer knows still gets the form', async () => {
    gateway.routes.set('GET /authentication/cellphone', { status: 401, exc: ['EXC_AUTHENTICATION_REQUIRED'] });
    await renderApp('/login?backURL=%2Fpricing', { cookie: LOGGED_IN, gatewayUrl: gateway.url });
    await screen.findByTestId('login-form');
  });
});
