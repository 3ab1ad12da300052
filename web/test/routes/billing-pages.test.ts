// The billing pages (loaders, actions, pages) in front of a stand-in gateway that answers as the
// billing module does: the employer's pricing page with its held plans, cart and wallet; adding a
// plan, a refused discount code, online payment to the provider's page; the callback to the
// outcome pages (an order's and a top-up's, paid, failed or waiting for the bank); the purchase
// history; the wallet page and its top-up form; the sandbox page. The real services run in the
// browser test.
import { fireEvent, renderApp, screen, waitFor, within } from './support/render.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import { translator } from '../../app/i18n/index.ts';
import { BASIC, order, payment, PRO, purchased, topUp, wallet, walletEntry } from '../support/billing.ts';
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
  routes.set('GET /finance/e1/wallet', { body: wallet({ balanceRials: 50_000 }) });
}

const submitted = (status: 'pending' | 'paid' | 'failed', purpose: 'order' | 'top_up' = 'order') => ({
  body:
    purpose === 'order'
      ? { status, purpose, orderId: 'order-1', paymentNumber: null }
      : { status, purpose, orderId: null, paymentNumber: 5002 },
});

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
    gateway.routes.set('POST /finance/payments/submit', submitted('paid'));
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
    gateway.routes.set('POST /finance/payments/submit', submitted('failed'));
    gateway.routes.set('GET /orders/e1/cart/order-1', {
      body: order({ payments: [payment({ status: 'failed', reference: null })] }),
    });
    await render('/orders/payment-callback?Authority=A00042&Status=NOK');
    const fail = await screen.findByTestId('order-fail', {}, { timeout: 10_000 });
    assert.equal(within(fail).getByTestId('outcome-text').textContent, fa('billing.fail.text', { number: '۱۰۴۲' }));
    const retry = within(fail).getByTestId('outcome-pricing');
    assert.equal(retry.textContent, fa('billing.fail.retry'));
    assert.equal(retry.getAttribute('href'), '/employers/mehr/pricing');
  });

  test('a confirmed payment the changed order could not take: the failure page says the money went to the wallet', async () => {
    const credited = payment({ status: 'failed', reference: '99887', amountRials: 2_900_000 });
    gateway.routes.set('POST /finance/payments/submit', submitted('failed'));
    gateway.routes.set('GET /orders/e1/cart/order-1', { body: order({ status: 'cancelled', payments: [credited] }) });
    await render('/orders/payment-callback?Authority=A00042&Status=OK');
    const note = await screen.findByTestId('outcome-wallet-credit', {}, { timeout: 10_000 });
    assert.match(note.textContent ?? '', new RegExp(fa('billing.fail.walletCredit', { amount: '۲۹۰٬۰۰۰ تومان' })));
    assert.match(note.textContent ?? '', /۹۹۸۸۷/);
  });

  test('an order payment the provider has not confirmed: the page says the bank’s answer is being confirmed, not that it failed', async () => {
    gateway.routes.set('POST /finance/payments/submit', submitted('pending'));
    gateway.routes.set('GET /orders/e1/cart/order-1', {
      body: order({ payments: [payment({ status: 'pending', reference: null, card: null, completedAt: null })] }),
    });
    await render('/orders/payment-callback?Authority=A00042&Status=OK');
    const fail = await screen.findByTestId('order-fail', {}, { timeout: 10_000 });
    assert.equal(within(fail).getByRole('heading', { level: 1 }).textContent, fa('billing.fail.pendingTitle'));
    assert.equal(within(fail).getByTestId('outcome-text').textContent, fa('billing.fail.pending', { number: '۱۰۴۲' }));
    assert.equal(within(fail).getByTestId('outcome-pricing').getAttribute('href'), '/employers/mehr/pricing');
  });

  test('a paid top-up lands on its success page: amount, payment number, reference, the new balance, the way on', async () => {
    gateway.routes.set('POST /finance/payments/submit', submitted('paid', 'top_up'));
    gateway.routes.set('GET /finance/e1/wallet/top-ups/5002', { body: topUp({}, 5_050_000) });
    await render('/orders/payment-callback?Authority=A00050&Status=OK');
    const success = await screen.findByTestId('top-up-success', {}, { timeout: 10_000 });
    assert.equal(
      within(success).getByTestId('outcome-text').textContent,
      fa('billing.topUpOutcome.paid', { number: '۵۰۰۲' }),
    );
    assert.equal(within(success).getByTestId('outcome-amount').textContent, '۵۰۰٬۰۰۰ تومان');
    assert.equal(within(success).getByTestId('outcome-payment-number').textContent, '۵۰۰۲');
    assert.equal(within(success).getByTestId('outcome-reference').textContent, '۳۰۱۱۲۲');
    assert.equal(within(success).getByTestId('outcome-balance').textContent, '۵۰۵٬۰۰۰ تومان');
    assert.equal(within(success).getByTestId('outcome-pricing').getAttribute('href'), '/employers/mehr/pricing');
    assert.equal(within(success).getByTestId('outcome-wallet').getAttribute('href'), '/employers/mehr/wallet');
  });

  test('a top-up the bank has not confirmed: its failure page says the wallet is credited by itself if the money was taken', async () => {
    gateway.routes.set('POST /finance/payments/submit', submitted('pending', 'top_up'));
    gateway.routes.set('GET /finance/e1/wallet/top-ups/5002', {
      body: topUp({ status: 'pending', reference: null, card: null, completedAt: null }, 0),
    });
    await render('/orders/payment-callback?Authority=A00050&Status=OK');
    const fail = await screen.findByTestId('top-up-fail', {}, { timeout: 10_000 });
    assert.equal(
      within(fail).getByTestId('outcome-text').textContent,
      fa('billing.topUpOutcome.pending', { number: '۵۰۰۲' }),
    );
    assert.equal(within(fail).queryByTestId('outcome-reference'), null);
    assert.equal(within(fail).getByTestId('outcome-retry').getAttribute('href'), '/employers/mehr/wallet#top-up');
  });

  test('a failed top-up says nothing was added; the success page of an unpaid top-up is its failure page and back once paid', async () => {
    gateway.routes.set('GET /finance/e1/wallet/top-ups/5002', {
      body: topUp({ status: 'failed', reference: null }, 0),
    });
    await render('/orders/successwallet?paymentNumber=5002');
    const fail = await screen.findByTestId('top-up-fail', {}, { timeout: 10_000 });
    assert.equal(
      within(fail).getByTestId('outcome-text').textContent,
      fa('billing.topUpOutcome.failed', { number: '۵۰۰۲' }),
    );
    gateway.routes.set('GET /finance/e1/wallet/top-ups/5002', { body: topUp() });
    await render('/orders/failwallet?paymentNumber=5002');
    await screen.findByTestId('top-up-success', {}, { timeout: 10_000 });
  });

  test('a top-up number that is not the viewer’s, or not a number, is said so without asking for another employer’s', async () => {
    gateway.routes.set('GET /finance/e1/wallet/top-ups/7777', { status: 404, exc: ['EXC_FINANCE_PAYMENT_NOT_FOUND'] });
    await render('/orders/failwallet?paymentNumber=7777');
    let fail = await screen.findByTestId('top-up-fail', {}, { timeout: 10_000 });
    assert.equal(within(fail).getByTestId('outcome-text').textContent, fa('billing.topUpOutcome.unknown'));
    gateway.requests.length = 0;
    await render('/orders/failwallet?paymentNumber=abc');
    fail = await screen.findByTestId('top-up-fail', {}, { timeout: 10_000 });
    assert.equal(within(fail).getByTestId('outcome-text').textContent, fa('billing.topUpOutcome.unknown'));
    assert.equal(gateway.requests.filter((r) => r.path.includes('/top-ups/')).length, 0);
  });

  test('the wallet page: the balance, the ledger in words and Jalali dates, the top-up form with its bounds', async () => {
    gateway.routes.set('GET /finance/e1/wallet', {
      body: wallet({
        balanceRials: 5_050_000,
        entries: [
          walletEntry(),
          walletEntry({
            id: 'w0',
            amountRials: 50_000,
            reason: 'reservation_refund',
            orderNumber: 1040,
            paymentNumber: null,
          }),
        ],
      }),
    });
    await render('/employers/mehr/wallet');
    const page = await screen.findByTestId('employer-wallet-page', {}, { timeout: 10_000 });
    assert.equal(within(page).getByTestId('wallet-balance-amount').textContent, '۵۰۵٬۰۰۰ تومان');
    const rows = within(page).getAllByTestId('wallet-entry');
    assert.equal(within(rows[0]!).getByTestId('wallet-entry-reason').textContent, fa('billing.wallet.reason.top_up'));
    assert.equal(
      within(rows[0]!).getByTestId('wallet-entry-subject').textContent,
      fa('billing.wallet.paymentNumber', { number: '۵۰۰۲' }),
    );
    assert.equal(within(rows[1]!).getByTestId('wallet-entry-amount').textContent, '+۵٬۰۰۰ تومان');
    assert.equal(
      within(rows[1]!).getByTestId('wallet-entry-subject').textContent,
      fa('billing.wallet.orderNumber', { number: '۱۰۴۰' }),
    );
    assert.ok(
      within(page).getByText(fa('billing.topUp.bounds', { min: '۱۰٬۰۰۰ تومان', max: '۵۰٬۰۰۰٬۰۰۰ تومان' })),
      'the bounds are shown',
    );
    assert.equal(within(page).getByTestId('wallet-to-pricing').getAttribute('href'), '/employers/mehr/pricing');
  });

  test('the wallet page in English: the same page in the English catalogue’s words and Latin digits', async () => {
    gateway.routes.set('GET /finance/e1/wallet', {
      body: wallet({ balanceRials: 5_050_000, entries: [walletEntry()] }),
    });
    await render('/en/employers/mehr/wallet');
    const page = await screen.findByTestId('employer-wallet-page', {}, { timeout: 10_000 });
    const en = translator('en');
    assert.equal(within(page).getByRole('heading', { level: 1 }).textContent, en('billing.wallet.title'));
    assert.equal(within(page).getByTestId('wallet-balance-amount').textContent, '505,000 toman');
    assert.equal(within(page).getByTestId('wallet-entry-amount').textContent, '+500,000 toman');
    assert.equal(within(page).getByTestId('wallet-entry-reason').textContent, en('billing.wallet.reason.top_up'));
    assert.ok(within(page).getByLabelText(en('billing.topUp.amount')));
    assert.equal(within(page).getByTestId('wallet-to-pricing').getAttribute('href'), '/en/employers/mehr/pricing');
  });

  test('a top-up out of bounds is marked on its field before anything is sent; a valid one goes to the provider’s page', async () => {
    gateway.routes.set('POST /finance/e1/wallet/top-ups', {
      body: {
        payment: topUp({ status: 'pending', reference: null }).payment,
        redirectUrl: '/payments/sandbox/A00060',
      },
    });
    gateway.routes.set('GET /finance/sandbox/A00060', {
      body: { amountRials: 5_000_000, description: 'افزایش موجودی', decided: false },
    });
    await render('/employers/mehr/wallet');
    const form = await screen.findByTestId('top-up-form', {}, { timeout: 10_000 });
    const field = within(form).getByLabelText(fa('billing.topUp.amount'));
    fireEvent.change(field, { target: { value: '۵۰۰' } });
    fireEvent.click(within(form).getByTestId('top-up-submit'));
    await within(form).findByText(fa('billing.topUp.outOfBounds'));
    assert.equal(field.getAttribute('aria-invalid'), 'true', 'the field at fault is marked');
    assert.equal(gateway.requests.filter((r) => r.method === 'POST').length, 0, 'nothing sent');
    fireEvent.change(field, { target: { value: '۵۰۰٬۰۰۰' } });
    fireEvent.click(within(form).getByTestId('top-up-submit'));
    await screen.findByTestId('sandbox-page', {}, { timeout: 10_000 });
    assert.deepEqual(gateway.requests.find((r) => r.path === '/finance/e1/wallet/top-ups')?.body, {
      amountRials: 5_000_000,
    });
  });

  test('the service’s refusal of the amount is named under the field, the amount kept', async () => {
    gateway.routes.set('POST /finance/e1/wallet/top-ups', {
      status: 422,
      exc: ['EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID'],
    });
    await render('/employers/mehr/wallet');
    const form = await screen.findByTestId('top-up-form', {}, { timeout: 10_000 });
    const field = within(form).getByLabelText(fa('billing.topUp.amount'));
    fireEvent.change(field, { target: { value: '20000' } });
    fireEvent.click(within(form).getByTestId('top-up-submit'));
    await waitFor(
      () =>
        assert.ok(
          within(screen.getByTestId('top-up-form')).queryByText(excText('EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID', 'fa')),
        ),
      { timeout: 10_000 },
    );
    const after = within(screen.getByTestId('top-up-form')).getByLabelText(fa('billing.topUp.amount'));
    assert.equal((after as HTMLInputElement).value, '20000');
    assert.equal(after.getAttribute('aria-invalid'), 'true');
  });

  test('the cart that the wallet cannot pay links to the wallet’s top-up; the pricing page links the wallet', async () => {
    await render('/employers/mehr/pricing');
    const cart = await screen.findByTestId('cart', {}, { timeout: 10_000 });
    assert.equal(within(cart).getByTestId('wallet-top-up-link').getAttribute('href'), '/employers/mehr/wallet#top-up');
    assert.equal(screen.getByTestId('pricing-to-wallet').getAttribute('href'), '/employers/mehr/wallet');
  });

  test('the wallet of an agent without the Billing permission is the 403 page', async () => {
    gateway.routes.set('GET /employers/e1/has-access/Billing', { body: { hasAccess: false } });
    await render('/employers/mehr/wallet');
    await screen.findByTestId('error-403', {}, { timeout: 10_000 });
    assert.equal(gateway.requests.filter((r) => r.path.startsWith('/finance/')).length, 0);
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

  for (const path of [
    '/employers/mehr/pricing',
    '/employers/mehr/orders',
    '/employers/mehr/wallet',
    '/orders/successorder?orderId=order-1',
    '/orders/successwallet?paymentNumber=5002',
  ]) {
    test(`${path} logged out: the login page`, async () => {
      await renderApp(path, { gatewayUrl: gateway.url });
      await screen.findByTestId('login-form', {}, { timeout: 10_000 });
    });
  }
});
