// Plans are named in the page's language: the ones the service sells are known by slug and have
// their title and description in the catalogue; a plan the catalogue does not know shows the
// service's own text.
import { renderApp, screen, within } from './support/render.ts';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { translator } from '../../app/i18n/index.ts';
import { BASIC } from '../support/billing.ts';
import { startFakeGateway, type FakeGateway } from './support/fake-gateway.ts';

const NEW_PLAN = { ...BASIC, id: 'plan-new', slug: 'clinic-plus', title: 'کلینیک پلاس', description: 'طرح تازه' };
let gateway: FakeGateway;
before(async () => {
  gateway = await startFakeGateway();
  gateway.routes.set('GET /products/plans/list', { body: { items: [BASIC, NEW_PLAN] } });
});
after(() => gateway.close());

test('the English pricing page names the plans in English', async () => {
  await renderApp('/en/pricing', { gatewayUrl: gateway.url });
  const en = translator('en');
  const cards = await screen.findAllByTestId('plan-card');
  const basic = cards[0]!;
  assert.ok(within(basic).getByRole('heading', { name: en('billing.planName.basic') }));
  assert.ok(within(basic).getByText(en('billing.planText.basic')));
  assert.equal(basic.textContent?.includes('پایه'), false, 'no Persian name on the English page');
  assert.ok(within(basic).getByRole('link', { name: `${en('billing.plan.buy')} ${en('billing.planName.basic')}` }));
  // Not in the catalogue yet: the service's text.
  assert.ok(within(cards[1]!).getByRole('heading', { name: 'کلینیک پلاس' }));
});

test('the Persian pricing page names them in Persian', async () => {
  await renderApp('/pricing', { gatewayUrl: gateway.url });
  const fa = translator('fa');
  const cards = await screen.findAllByTestId('plan-card');
  assert.ok(within(cards[0]!).getByRole('heading', { name: fa('billing.planName.basic') }));
  assert.ok(within(cards[0]!).getByText(fa('billing.planText.basic')));
});
