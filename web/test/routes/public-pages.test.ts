import { renderApp, screen, within } from './support/render.ts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { translator } from '../../app/i18n/index.ts';

const fa = translator('fa');

test('about page: catalogue text inside the site header and footer, with a login link back here', async () => {
  await renderApp('/about-us');
  const page = await screen.findByTestId('about-page');
  assert.ok(within(page).getByRole('heading', { level: 1, name: fa('about.title') }));
  for (const key of ['about.p1', 'about.p2', 'about.p3'] as const) assert.ok(within(page).getByText(fa(key)));
  const header = screen.getByTestId('site-header');
  assert.equal(within(header).getByTestId('login-button').getAttribute('href'), '/login?backURL=%2Fabout-us');
  assert.ok(screen.getByTestId('site-footer'));
});

test('home page with the gateway down: the hero and honest empty sections, not an error page', async () => {
  await renderApp('/');
  await screen.findByRole('heading', { level: 1, name: fa('home.heroTitle') });
  assert.ok(screen.getByText(fa('home.latestEmpty')));
  assert.ok(screen.getByText(fa('home.promotedEmpty')));
  assert.equal(screen.queryByTestId('error-500'), null);
});
