import { renderApp, screen, within } from './support/render.ts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import { translator } from '../../app/i18n/index.ts';

const fa = translator('fa');

test('an unknown path: the 404 page in place, inside the header and footer', async () => {
  await renderApp('/no-such-page/here');
  const page = await screen.findByTestId('error-404');
  assert.ok(within(page).getByRole('heading', { level: 1, name: fa('error.notFoundTitle') }));
  assert.equal(within(page).getByTestId('error-message').textContent, fa('error.notFoundText'));
  assert.ok(within(page).getByText('۴۰۴'));
  assert.ok(screen.getByTestId('site-header'));
  assert.ok(screen.getByTestId('site-footer'));
});

test('an unknown locale segment is a 404, not a Persian page under another prefix', async () => {
  await renderApp('/xx/about-us');
  await screen.findByTestId('error-404');
  assert.equal(screen.queryByTestId('about-page'), null);
});

test('/something-went-wrong?code=…: the page the codes call for, with their catalogue text', async () => {
  await renderApp('/something-went-wrong?code=EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED');
  const page = await screen.findByTestId('error-403');
  assert.ok(within(page).getByRole('heading', { level: 1, name: fa('error.forbiddenTitle') }));
  assert.equal(
    within(page).getByTestId('error-message').textContent,
    excText('EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED', 'fa'),
  );
});

test('a server error lists the text of each code, in English under /en', async () => {
  await renderApp('/en/something-went-wrong?code=EXC_SERVICE_UNAVAILABLE,EXC_SERVICE_TIMEOUT');
  const page = await screen.findByTestId('error-500');
  const en = translator('en');
  assert.ok(within(page).getByRole('heading', { level: 1, name: en('error.serverTitle') }));
  assert.deepEqual(
    within(page)
      .getAllByTestId('error-message')
      .map((element) => element.textContent),
    [excText('EXC_SERVICE_UNAVAILABLE', 'en'), excText('EXC_SERVICE_TIMEOUT', 'en')],
  );
});
