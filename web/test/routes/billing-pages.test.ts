// The billing pages (loaders, actions, pages) in front of a stand-in gateway that answers as the
// billing module does: the employer's pricing page with its held plans, cart and wallet; adding a
// plan, a refused discount code, online payment to the provider's page; the callback to the
// outcome pages; the purchase history; the sandbox page. The real services run in the browser test.
import { fireEvent, renderApp, screen, waitFor, within } from './support/render.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import { translator } from '../../app/i18n/index.ts';
import { BASIC, order, payment, PRO, purchased } from '../support/billing.ts';
import { viewerWithEmployers } from '../support/viewer.ts';
import { startFakeGateway, type FakeGateway } from './support/fake-gateway.ts';

const fa = translator('fa');
const LOGGED_IN = `cd=${Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64')}`;
let gateway: FakeGateway;

/** A signed-in owner of `mehr` (id e1) with the Billing permission, one active plan, a cart, an empty wallet. */
function ownerOfMehr(): void {
  const { routes } = gateway;
  routes.clear();
  routes.set('GET /authentication/cellphone', { body: { cellphone: '09121234567' } });
  routes.set('GET /employers', {
    body: { items: viewerWithEmployers('mehr').employers.map((e) => ({ ...e, id: 'e1', brand: 'درمانگاه مهر' })) },
  });
  routes.set('GET /employers/mehr', { body: { id: 'e1', slug: 'mehr', brand: 'درمانگاه مهر' } });
  routes.set('GET /employers/e1/has-access/Billing', { body: { hasAccess: true } });
  routes.set('GET /employers/e1/has-access/EmployerEdit', { body: { hasAccess: true } });
  routes.set('GET /products/plans/list', { body: { items: [BASIC, PRO] } });
  routes.set('GET /products/e1/resources', {
    body: { active: purchased(), reserved: null, canActivateReserved: false },
  });
  routes.set('GET /orders/e1/cart/current-order', {
    body: order({ discountCode: 'DARMAN10', discountRials: 1_250_000, totalRials: 11_250_000 }),
  });
  routes.set('GET /finance/e1/wallet', { body: { balanceRials: 50_000, entries: [] } });
}

const render = (path: string) => renderApp(path, { cookie: LOGGED_IN, gatewayUrl: gateway.url });

describe('billing pages against a stand-in gateway', () => {
  before(async () => {
    gateway = await startFakeGateway();
  });
  after(() => gateway.close());
  beforeEach(() => {
    ownerOfMehr();
    gateway.requests.length = 0;
  });

  test('the pricing page: what is left of the active plan and when it ends, the plans, the cart’s figures, the wallet too short to pay', async () => {
    await render('/employers/mehr/pricing');
    const page = await screen.findByTestId('employer-pricing-page', {}, { timeout: 10_000 });
    const active = within(page).getByTestId('active-plan');
    assert.equal(within(active).getByTestId('active-plan-title').textContent, 'حرفه‌ای');
    assert.equal(
      within(active).getByTestId('remaining-recruitment').textContent,
      `${fa('billing.resource.recruitment')}۳ از ۵`,
    );
    assert.equal(
      within(active).getByTestId('plan-ends').textContent,
      fa('billing.held.endsAt', { date: '۲۹ خرداد ۱۴۰۵' }),
    );
    assert.ok(within(page).getByText(fa('billing.held.noReserved')));
    const cards = within(page).getAllByTestId('plan-card');
    assert.deepEqual(
      cards.map((card) => within(card).getByTestId('plan-price').textContent),
      ['۱۵۰٬۰۰۰ تومان', '۱٬۲۵۰٬۰۰۰ تومان'],
    );
    // The cart holds Pro: Basic may replace it, Pro is marked as the cart's.
    assert.equal(within(cards[0]!).getByTestId('add-to-cart').textContent, `${fa('billing.plans.choose')} پایه`);
    assert.ok(within(cards[1]!).getByTestId('plan-in-cart'));
    const cart = within(page).getByTestId('cart');
    assert.equal(within(cart).getByTestId('cart-number').textContent, fa('billing.cart.number', { number: '۱۰۴۲' }));
    assert.equal(within(cart).getByTestId('cart-total').textContent, '۱٬۱۲۵٬۰۰۰ تومان');
    assert.ok(within(cart).getByText(fa('billing.cart.appliedCode', { code: 'DARMAN10' })));
    const wallet = within(cart).getByTestId('pay-wallet');
    assert.equal(wallet.hasAttribute('disabled'), true, 'the wallet cannot pay');
    assert.equal(wallet.getAttribute('aria-describedby'), 'wallet-balance wallet-short');
    assert.equal(
      within(cart).getByTestId('wallet-balance').textContent,
      fa('billing.cart.walletBalance', { amount: '۵٬۰۰۰ تومان' }),
    );
    assert.equal(within(cart).getByTestId('pay-online').hasAttribute('disabled'), false);
  });

  test('choosing another plan changes the cart’s plan; a refused code is named under the field', async () => {
    gateway.routes.set('PUT /orders/order-1/cart', {
      body: order({ items: [{ plan: BASIC, priceRials: BASIC.priceRials }] }),
    });
    gateway.routes.set('GET /orders/e1/cart/current-order', { body: order() });
    gateway.routes.set('POST /orders/cart/discounts', { status: 422, exc: ['EXC_ORDERS_DISCOUNT_CODE_IS_INVALID'] });
    await render('/employers/mehr/pricing');
    const page = await screen.findByTestId('employer-pricing-page', {}, { timeout: 10_000 });
    fireEvent.click(within(within(page).getAllByTestId('plan-card')[0]!).getByTestId('add-to-cart'));
    await waitFor(
      () =>
        assert.ok(
          gateway.requests.some((r) => r.method === 'PUT'),
          'the plan change is sent',
        ),
      { timeout: 10_000 },
    );
    assert.deepEqual(gateway.requests.find((r) => r.method === 'PUT')?.body, { planId: BASIC.id });
    const form = await screen.findByTestId('discount-form');
    fireEvent.change(within(form).getByLabelText(fa('billing.cart.discountCode')), { target: { value: 'NOPE' } });
    fireEvent.click(within(form).getByTestId('apply-discount'));
    await waitFor(
      () =>
        assert.ok(
          screen.queryByText(excText('EXC_ORDERS_DISCOUNT_CODE_IS_INVALID', 'fa')),
          'the refusal is shown under the field',
        ),
      { timeout: 10_000 },
    );
    assert.deepEqual(gateway.requests.find((r) => r.path === '/orders/cart/discounts')?.body, {
      employerId: 'e1',
      code: 'NOPE',
    });
  });

  test('paying online goes to the provider’s page: here the sandbox, clearly in test mode', async () => {
    gateway.routes.set('POST /orders/payments', {
      status: 200,
      body: { payment: payment({ status: 'pending', reference: null }), redirectUrl: '/payments/sandbox/A00042' },
    });
    gateway.routes.set('GET /finance/sandbox/A00042', {
      body: { amountRials: 11_250_000, description: 'سفارش ۱۰۴۲', decided: false },
    });
    await render('/employers/mehr/pricing');
    fireEvent.click(await screen.findByTestId('pay-online', {}, { timeout: 10_000 }));
    const sandbox = await screen.findByTestId('sandbox-page', {}, { timeout: 10_000 });
    assert.deepEqual(gateway.requests.find((r) => r.path === '/orders/payments')?.body, {
      orderId: 'order-1',
      method: 'gateway',
    });
    assert.equal(within(sandbox).getByTestId('sandbox-notice').textContent, fa('billing.sandbox.notice'));
    assert.equal(within(sandbox).getByTestId('sandbox-amount').textContent, '۱٬۱۲۵٬۰۰۰ تومان');
    assert.ok(within(sandbox).getByRole('button', { name: fa('billing.sandbox.pay') }));
    assert.ok(within(sandbox).getByRole('button', { name: fa('billing.sandbox.cancel') }));
  });

  test('the callback of a paid payment lands on the success page with the order number, its reference and the way on', async () => {
    gateway.routes.set('POST /finance/payments/submit', { body: { payment: payment(), employerId: 'e1' } });
    gateway.routes.set('GET /orders/e1/cart/order-1', { body: order({ status: 'paid', payments: [payment()] }) });
    await render('/orders/payment-callback?Authority=A00042&Status=OK');
    const success = await screen.findByTestId('order-success', {}, { timeout: 10_000 });
    assert.equal(
      within(success).getByTestId('outcome-text').textContent,
      fa('billing.success.text', { number: '۱۰۴۲' }),
    );
    assert.match(within(success).getByTestId('outcome-reference').textContent ?? '', /۲۰۱۸۷۴/);
    assert.equal(within(success).getByTestId('outcome-pricing').getAttribute('href'), '/employers/mehr/pricing');
  });

  test('a refused payment lands on the failure page, whose "try again" leads back to the cart', async () => {
    gateway.routes.set('POST /finance/payments/submit', {
      body: { payment: payment({ status: 'failed', reference: null }), employerId: 'e1' },
    });
    gateway.routes.set('GET /orders/e1/cart/order-1', { body: order() });
    await render('/orders/payment-callback?Authority=A00042&Status=NOK');
    const fail = await screen.findByTestId('order-fail', {}, { timeout: 10_000 });
    assert.equal(within(fail).getByTestId('outcome-text').textContent, fa('billing.fail.text', { number: '۱۰۴۲' }));
    const retry = within(fail).getByTestId('outcome-pricing');
    assert.equal(retry.textContent, fa('billing.fail.retry'));
    assert.equal(retry.getAttribute('href'), '/employers/mehr/pricing');
  });

  test('a confirmed payment the changed order could not take: the failure page says the money went to the wallet', async () => {
    const credited = payment({ status: 'failed', reference: '99887', amountRials: 2_900_000 });
    gateway.routes.set('POST /finance/payments/submit', { body: { payment: credited, employerId: 'e1' } });
    gateway.routes.set('GET /orders/e1/cart/order-1', { body: order({ status: 'cancelled', payments: [credited] }) });
    await render('/orders/payment-callback?Authority=A00042&Status=OK');
    const note = await screen.findByTestId('outcome-wallet-credit', {}, { timeout: 10_000 });
    assert.match(note.textContent ?? '', new RegExp(fa('billing.fail.walletCredit', { amount: '۲۹۰٬۰۰۰ تومان' })));
    assert.match(note.textContent ?? '', /۹۹۸۸۷/);
  });

  test('the purchase history: a row per order, pages when there are more; none is the empty state', async () => {
    gateway.routes.set('GET /orders/e1/list', ({ query }) => ({
      body: {
        items: [order({ status: 'paid', payments: [payment()] })],
        page: { page: Number(query.get('page')), pageSize: 20, total: 21 },
      },
    }));
    await render('/employers/mehr/orders?page=2');
    const page = await screen.findByTestId('employer-orders-page', {}, { timeout: 10_000 });
    assert.equal(within(page).getAllByTestId('order-row').length, 1);
    assert.equal(within(page).getByTestId('order-status').textContent, fa('billing.orderStatus.paid'));
    const pages = within(page).getByTestId('orders-pages');
    assert.equal(within(pages).getByText('۲').getAttribute('aria-current'), 'page');
    assert.equal(gateway.requests.find((r) => r.path === '/orders/e1/list')?.query.get('page'), '2');
    gateway.routes.set('GET /orders/e1/list', { body: { items: [], page: { page: 1, pageSize: 20, total: 0 } } });
    await render('/employers/mehr/orders');
    const empty = await screen.findByTestId('empty-state', {}, { timeout: 10_000 });
    assert.ok(within(empty).getByText(fa('billing.orders.empty')));
  });

  test('without JavaScript, cancelling the reservation asks on the page itself (?confirm=), with the refund named', async () => {
    gateway.routes.set('GET /products/e1/resources', {
      body: {
        active: purchased({ expiresAt: '2099-01-01T00:00:00.000Z' }),
        reserved: purchased({
          id: 'pp-2',
          status: 'reserved',
          plan: BASIC,
          activatedAt: null,
          expiresAt: null,
          paidRials: 1_350_000,
        }),
        canActivateReserved: false,
      },
    });
    await render('/employers/mehr/pricing?confirm=cancelReserved');
    const reserved = await screen.findByTestId('reserved-plan', {}, { timeout: 10_000 });
    const question = within(reserved).getByTestId('cancel-reserved-inline');
    assert.ok(within(question).getByText(fa('billing.confirm.cancelText', { plan: 'پایه', amount: '۱۳۵٬۰۰۰ تومان' })));
    assert.equal(
      within(question)
        .getByRole('button', { name: fa('billing.confirm.cancel') })
        .closest('form')
        ?.getAttribute('method'),
      'post',
    );
    assert.equal(
      within(question)
        .getByRole('link', { name: fa('billing.confirm.back') })
        .getAttribute('href'),
      '/employers/mehr/pricing',
    );
    // The active plan still runs, so activation waits (the service would refuse it); buying waits too.
    assert.equal(within(reserved).queryByTestId('activate-reserved'), null);
    assert.equal(within(reserved).getByTestId('activate-later').textContent, fa('billing.held.activateLater'));
    assert.equal(within(reserved).getByText(fa('billing.held.startsOnActivation', { days: '۳۰' })).tagName, 'P');
    assert.ok(screen.getByTestId('buying-blocked'));
    for (const button of screen.getAllByTestId('add-to-cart')) assert.equal(button.hasAttribute('disabled'), true);
  });

  test('the reservation\'s "activate" follows the billing service\'s answer (canActivateReserved), not a rule of the page', async () => {
    const reserved = purchased({
      id: 'pp-2',
      status: 'reserved',
      plan: BASIC,
      activatedAt: null,
      expiresAt: null,
      paidRials: 1_350_000,
    });
    gateway.routes.set('GET /products/e1/resources', { body: { active: null, reserved, canActivateReserved: true } });
    const may = await render('/employers/mehr/pricing');
    let held = await within(may.container).findByTestId('reserved-plan', {}, { timeout: 10_000 });
    assert.ok(within(held).getByTestId('activate-reserved'));
    assert.equal(within(held).queryByTestId('activate-later'), null);
    may.unmount();
    gateway.routes.set('GET /products/e1/resources', { body: { active: null, reserved, canActivateReserved: false } });
    const mayNot = await render('/employers/mehr/pricing');
    held = await within(mayNot.container).findByTestId('reserved-plan', {}, { timeout: 10_000 });
    assert.equal(within(held).queryByTestId('activate-reserved'), null);
    assert.ok(within(held).getByTestId('activate-later'));
  });

  test('/pricing: a visitor’s "buy" leads to login; someone with several employers picks the one it is for', async () => {
    await renderApp('/pricing', { gatewayUrl: gateway.url });
    const page = await screen.findByTestId('pricing-page', {}, { timeout: 10_000 });
    const buy = within(page).getAllByTestId('buy-plan');
    assert.equal(buy.length, 2);
    assert.equal(buy[0]!.getAttribute('href'), '/login?backURL=%2Fpricing');
    assert.equal(buy[1]!.textContent, `${fa('billing.plan.buy')} حرفه‌ای`);
    assert.ok(within(page).getByText(fa('billing.plan.grants', { count: '۲', kind: fa('billing.resource.featured') })));
    assert.ok(within(page).getByText(fa('billing.plan.duration', { days: '۹۰' })));
  });

  test('/pricing with several employers: the chosen one’s pricing page', async () => {
    gateway.routes.set('GET /employers', { body: { items: viewerWithEmployers('mehr', 'sina').employers } });
    await render('/en/pricing?employer=sina');
    const picker = await screen.findByTestId('employer-picker', {}, { timeout: 10_000 });
    assert.equal(within(picker).getByText('sina').getAttribute('aria-current'), 'true');
    for (const link of screen.getAllByTestId('buy-plan'))
      assert.equal(link.getAttribute('href'), '/en/employers/sina/pricing');
  });

  test('an agent without the Billing permission gets the 403 page', async () => {
    gateway.routes.set('GET /employers/e1/has-access/Billing', { body: { hasAccess: false } });
    await render('/employers/mehr/pricing');
    await screen.findByTestId('error-403', {}, { timeout: 10_000 });
  });

  for (const path of ['/employers/mehr/pricing', '/employers/mehr/orders', '/orders/successorder?orderId=order-1']) {
    test(`${path} logged out: the login page`, async () => {
      await renderApp(path, { gatewayUrl: gateway.url });
      await screen.findByTestId('login-form', {}, { timeout: 10_000 });
    });
  }
});
