// The billing screens' pure rules and small pieces: the cart's figures as shown (toman, Persian
// digits, the discount line only when there is one), the wallet rule, what a plan grants and what
// is left of it, the status labels in both catalogues, the buy link of the public pricing page,
// the purchase history's invoice links, the wallet's ledger and the top-up amount's check, the
// banner's code kept for a minute, and where the payment callback sends the payer by purpose and
// status (its loader against a stand-in gateway).
import './routes/support/dom.ts';
import { cleanup, render, screen, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { createElement, type ReactNode } from 'react';
import { RouterContextProvider } from 'react-router';
import { CartFigures } from '../app/components/billing/CartPanel.tsx';
import { OrdersTable } from '../app/components/billing/OrdersTable.tsx';
import { WalletLedger } from '../app/components/billing/WalletLedger.tsx';
import { en } from '../app/i18n/en.ts';
import { fa } from '../app/i18n/fa.ts';
import { LocaleContext, translator } from '../app/i18n/index.ts';
import { createServerApi, provideServerApi } from '../app/lib/api.server.ts';
import {
  canBuy,
  cartFigures,
  ORDER_STATUS_LABELS,
  outcomePath,
  paidReference,
  paymentNumberOf,
  PAYMENT_STATUS_LABELS,
  pendingPayment,
  RESOURCE_LABELS,
  resourceRows,
  signedToman,
  WALLET_REASON_LABELS,
  walletCovers,
  walletCredit,
  walletReasonLabel,
} from '../app/lib/billing/display.ts';
import { createBannerCodeCache } from '../app/lib/billing/banner.server.ts';
import { parseTopUpAmount } from '../app/lib/billing/top-up.ts';
import { createApiClient } from '../app/lib/api.ts';
import type { Locale } from '../app/lib/locale.ts';
import { buyTarget } from '../app/routes/pricing.tsx';
import { loader as callbackLoader } from '../app/routes/orders/payment-callback.ts';
import { order, payment, PRO, purchased, wallet, walletEntry } from './support/billing.ts';
import { startFakeGateway, type FakeGateway } from './routes/support/fake-gateway.ts';

afterEach(cleanup);

function inLocale(locale: Locale, node: ReactNode) {
  return render(createElement(LocaleContext.Provider, { value: locale }, node));
}

test('the cart shows the service’s figures in toman with Persian digits, the discount line only when there is a discount', () => {
  const discounted = order({
    discountCode: 'DARMAN10',
    subtotalRials: 12_500_000,
    discountRials: 1_250_000,
    totalRials: 11_250_000,
  });
  inLocale('fa', createElement(CartFigures, { order: discounted }));
  const figures = screen.getByTestId('cart-figures');
  assert.equal(within(figures).getByTestId('cart-plan').textContent, 'حرفه‌ای');
  assert.equal(within(figures).getByTestId('cart-subtotal').textContent, '۱٬۲۵۰٬۰۰۰ تومان');
  assert.equal(within(figures).getByTestId('cart-discount').textContent, '۱۲۵٬۰۰۰ تومان');
  assert.equal(within(figures).getByTestId('cart-total').textContent, '۱٬۱۲۵٬۰۰۰ تومان');
  cleanup();
  inLocale('en', createElement(CartFigures, { order: order() }));
  assert.equal(screen.queryByTestId('cart-discount'), null, 'no discount, no discount line');
  assert.equal(screen.getByTestId('cart-total').textContent, '1,250,000 toman');
  assert.deepEqual(cartFigures(discounted), {
    planTitle: 'حرفه‌ای',
    planId: PRO.id,
    subtotalRials: 12_500_000,
    discountRials: 1_250_000,
    totalRials: 11_250_000,
    discountCode: 'DARMAN10',
  });
});

test('the wallet pays only what its balance covers; a free order needs nothing', () => {
  assert.equal(walletCovers(11_250_000, 11_250_000), true);
  assert.equal(walletCovers(11_249_990, 11_250_000), false);
  assert.equal(walletCovers(0, 0), true);
});

test('a plan lists only the resources it grants, with what is left of each once bought', () => {
  assert.deepEqual(resourceRows(PRO.resources), [
    { kind: 'recruitment', total: 5, left: 5 },
    { kind: 'featured', total: 2, left: 2 },
  ]);
  assert.deepEqual(resourceRows(PRO.resources, purchased().remaining), [
    { kind: 'recruitment', total: 5, left: 3 },
    { kind: 'featured', total: 2, left: 0 },
  ]);
  assert.deepEqual(
    resourceRows([{ kind: 'recruitment', quantity: 1 }]).map((row) => row.kind),
    ['recruitment'],
  );
});

test('an employer holding an active and a reserved plan cannot buy another', () => {
  assert.equal(canBuy({ active: null, reserved: null }), true);
  assert.equal(canBuy({ active: purchased(), reserved: null }), true);
  assert.equal(
    canBuy({ active: purchased(), reserved: purchased({ status: 'reserved', activatedAt: null, expiresAt: null }) }),
    false,
  );
});

test('every status and resource has its words in both catalogues, and the words differ per status', () => {
  for (const labels of [ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, RESOURCE_LABELS]) {
    const keys = Object.values(labels);
    assert.equal(new Set(keys.map((key) => fa[key])).size, keys.length);
    for (const key of keys) assert.ok(fa[key].trim() && en[key].trim(), key);
  }
  assert.equal(fa[ORDER_STATUS_LABELS.paid], 'پرداخت‌شده');
  assert.equal(fa[ORDER_STATUS_LABELS.pending], 'در انتظار پرداخت');
  assert.equal(fa[ORDER_STATUS_LABELS.cancelled], 'لغوشده');
});

test('the purchase history: number, Jalali date, plan, toman, status words and the reference of the paid payment', () => {
  const paid = order({
    status: 'paid',
    paidAt: '2026-03-21T09:00:00.000Z',
    totalRials: 11_250_000,
    payments: [payment({ status: 'failed', reference: null }), payment({ id: 'pay-2' })],
  });
  const cancelled = order({ id: 'order-2', number: 1043, status: 'cancelled' });
  inLocale('fa', createElement(OrdersTable, { orders: [paid, cancelled], caption: 'سفارش‌ها', employerSlug: 'mehr' }));
  const rows = screen.getAllByTestId('order-row');
  assert.equal(rows.length, 2);
  const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
  const tFa = translator('fa');
  assert.deepEqual(cells(rows[0]!), [
    '۱۰۴۲',
    '۱ فروردین ۱۴۰۵',
    'حرفه‌ای',
    '۱٬۱۲۵٬۰۰۰ تومان',
    'پرداخت‌شده',
    '۲۰۱۸۷۴',
    `${tFa('billing.orders.invoice')} ${tFa('billing.orders.invoiceOf', { number: '۱۰۴۲' })}`,
  ]);
  assert.equal(cells(rows[1]!)[4], 'لغوشده');
  assert.equal(cells(rows[1]!)[5], tFa('billing.orders.noReference'));
  assert.equal(cells(rows[1]!)[6], tFa('billing.orders.noInvoice'), 'an unpaid order has no invoice');
  // The paid order's invoice: its route, and a name that holds the visible words and the number.
  const invoice = within(rows[0]!).getByRole('link', {
    name: `${tFa('billing.orders.invoice')} ${tFa('billing.orders.invoiceOf', { number: '۱۰۴۲' })}`,
  });
  assert.equal(invoice.getAttribute('href'), '/employers/mehr/orders/order-1/invoice');
  assert.equal(within(rows[1]!).queryByTestId('order-invoice'), null);
  assert.equal(paidReference({ payments: [payment({ status: 'pending' })] }), null);
});

test('a failed payment the provider confirmed (it carries a reference) is money in the wallet; a plain failure is not', () => {
  assert.equal(walletCredit({ payments: [payment({ status: 'failed', reference: null })] }), null);
  assert.deepEqual(
    walletCredit({
      payments: [
        payment({ id: 'a', status: 'failed', reference: '111', createdAt: '2026-03-20T08:00:00.000Z' }),
        payment({ id: 'b', status: 'failed', reference: '222', amountRials: 9, createdAt: '2026-03-20T09:00:00.000Z' }),
      ],
    }),
    { amountRials: 9, reference: '222' },
  );
});

test('"buy" on the public pricing page: login and back, create an employer first, or the chosen employer’s pricing page', () => {
  assert.equal(buyTarget(false, null), '/login?backURL=%2Fpricing');
  assert.equal(buyTarget(true, null), '/employers/add');
  assert.equal(buyTarget(true, 'mehr'), '/employers/mehr/pricing');
});

test('the outcome page of a submitted payment: by purpose and status, in the page’s locale', () => {
  const order = { purpose: 'order', orderId: 'order-1', paymentNumber: null } as const;
  const topUp = { purpose: 'top_up', orderId: null, paymentNumber: 5002 } as const;
  assert.equal(outcomePath('fa', { ...order, status: 'paid' }), '/orders/successorder?orderId=order-1');
  assert.equal(outcomePath('en', { ...order, status: 'failed' }), '/en/orders/failorder?orderId=order-1');
  assert.equal(outcomePath('fa', { ...order, status: 'pending' }), '/orders/failorder?orderId=order-1');
  assert.equal(outcomePath('fa', { ...topUp, status: 'paid' }), '/orders/successwallet?paymentNumber=5002');
  assert.equal(outcomePath('en', { ...topUp, status: 'pending' }), '/en/orders/failwallet?paymentNumber=5002');
  assert.equal(outcomePath('fa', { ...topUp, status: 'failed' }), '/orders/failwallet?paymentNumber=5002');
});

test('an order whose latest payment waits for the provider is pending; one that failed since is not', () => {
  const waiting = payment({ id: 'b', status: 'pending', reference: null, createdAt: '2026-03-20T09:00:00.000Z' });
  assert.equal(pendingPayment({ payments: [payment({ id: 'a', status: 'failed' }), waiting] }), waiting);
  assert.equal(
    pendingPayment({
      payments: [waiting, payment({ id: 'c', status: 'failed', createdAt: '2026-03-20T10:00:00.000Z' })],
    }),
    null,
  );
  assert.equal(pendingPayment({ payments: [] }), null);
});

test('a payment number of the address: a whole number from 1, anything else none', () => {
  assert.equal(paymentNumberOf('5002'), 5002);
  for (const odd of [null, '', '0', '-3', '1.5', '12abc', '۵۰۰۲', '9'.repeat(16)])
    assert.equal(paymentNumberOf(odd), null, String(odd));
});

test('a top-up amount in toman: Persian or Latin digits, separators allowed, within the bounds, else the reason', () => {
  const bounds = { topUpMinRials: 100_000, topUpMaxRials: 500_000_000 };
  assert.deepEqual(parseTopUpAmount('۵۰۰٬۰۰۰', bounds), { ok: true, amountRials: 5_000_000 });
  assert.deepEqual(parseTopUpAmount(' 10,000 ', bounds), { ok: true, amountRials: 100_000 });
  assert.deepEqual(parseTopUpAmount('50000000', bounds), { ok: true, amountRials: 500_000_000 });
  assert.deepEqual(parseTopUpAmount('', bounds), { ok: false, error: 'billing.topUp.required' });
  assert.deepEqual(parseTopUpAmount(null, bounds), { ok: false, error: 'billing.topUp.required' });
  assert.deepEqual(parseTopUpAmount('12.5', bounds), { ok: false, error: 'billing.topUp.notWhole' });
  assert.deepEqual(parseTopUpAmount('-5000', bounds), { ok: false, error: 'billing.topUp.notWhole' });
  assert.deepEqual(parseTopUpAmount('ده هزار', bounds), { ok: false, error: 'billing.topUp.notWhole' });
  assert.deepEqual(parseTopUpAmount('9999', bounds), { ok: false, error: 'billing.topUp.outOfBounds' });
  assert.deepEqual(parseTopUpAmount('50000001', bounds), { ok: false, error: 'billing.topUp.outOfBounds' });
});

test('the wallet’s ledger: Jalali date, the reason in words, the signed amount in toman, the order or payment number', () => {
  const entries = [
    walletEntry({
      id: 'w3',
      amountRials: -11_250_000,
      reason: 'order_payment',
      orderNumber: 1042,
      paymentNumber: null,
    }),
    walletEntry({ id: 'w2' }),
    walletEntry({ id: 'w1', reason: 'something_new', paymentNumber: null, amountRials: 10 }),
  ];
  inLocale('fa', createElement(WalletLedger, { entries, caption: 'گردش' }));
  const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
  const rows = screen.getAllByTestId('wallet-entry');
  assert.deepEqual(cells(rows[0]!), ['۱ فروردین ۱۴۰۵', 'پرداخت سفارش', '−۱٬۱۲۵٬۰۰۰ تومان', 'سفارش ۱۰۴۲']);
  assert.deepEqual(cells(rows[1]!), ['۱ فروردین ۱۴۰۵', 'افزایش موجودی', '+۵۰۰٬۰۰۰ تومان', 'پرداخت ۵۰۰۲']);
  assert.deepEqual(cells(rows[2]!).slice(1, 2), [translator('fa')('billing.wallet.reason.other')]);
  cleanup();
  inLocale('en', createElement(WalletLedger, { entries: [], caption: 'x' }));
  assert.equal(screen.getByTestId('empty-state').textContent, en['billing.wallet.noEntries']);
  assert.equal(signedToman(-15, 'en'), '−1');
  assert.equal(signedToman(0, 'fa'), '۰');
  assert.equal(walletReasonLabel('top_up'), 'billing.wallet.reason.top_up');
  for (const key of Object.values(WALLET_REASON_LABELS)) assert.ok(fa[key].trim() && en[key].trim(), key);
  assert.equal(wallet().topUpMinRials, 100_000);
});

describe('the banner’s code', () => {
  let gateway: FakeGateway;
  before(async () => {
    gateway = await startFakeGateway();
  });
  after(() => gateway.close());

  test('asked once a minute, shared by pages meanwhile; a failed call is no code', async () => {
    let now = 1_000_000;
    const api = createApiClient({ baseUrl: gateway.url, maxRefreshAttempts: 1 });
    const cache = createBannerCodeCache({ now: () => now });
    gateway.requests.length = 0;
    gateway.routes.set('GET /orders/discounts/banner', { body: { code: 'FIRSTFREE' } });
    assert.deepEqual(await Promise.all([cache.get(api), cache.get(api)]), ['FIRSTFREE', 'FIRSTFREE']);
    gateway.routes.set('GET /orders/discounts/banner', { body: { code: 'OTHER' } });
    now += 59_999;
    assert.equal(await cache.get(api), 'FIRSTFREE', 'kept for the minute');
    assert.equal(gateway.requests.filter((r) => r.path === '/orders/discounts/banner').length, 1);
    now += 1;
    assert.equal(await cache.get(api), 'OTHER', 'asked again once the minute is over');
    now += 60_000;
    gateway.routes.set('GET /orders/discounts/banner', { status: 503, exc: ['EXC_SERVICE_UNAVAILABLE'] });
    assert.equal(await cache.get(api), null);
    gateway.routes.set('GET /orders/discounts/banner', { body: { code: null } });
    now += 60_000;
    assert.equal(await cache.get(api), null);
    assert.equal(gateway.requests.filter((r) => r.path === '/orders/discounts/banner').length, 4);
  });
});

describe('the payment callback loader', () => {
  let gateway: FakeGateway;
  before(async () => {
    gateway = await startFakeGateway();
  });
  after(() => gateway.close());

  async function callback(url: string): Promise<Response> {
    const request = new Request(new URL(url, 'http://localhost:3000'));
    const context = new RouterContextProvider();
    provideServerApi(context, createServerApi(request, gateway.url));
    const params = url.startsWith('/en/') ? { locale: 'en' } : {};
    try {
      await callbackLoader({ request, context, params, unstable_pattern: '' } as unknown as Parameters<
        typeof callbackLoader
      >[0]);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
    throw new Error('the callback loader always redirects');
  }

  test('submits Authority and Status and redirects by what was paid and how it stands', async () => {
    gateway.requests.length = 0;
    gateway.routes.set('POST /finance/payments/submit', ({ body }) => ({
      body: {
        status: (body as { status: string }).status === 'OK' ? 'paid' : 'pending',
        purpose: 'order',
        orderId: 'order-1',
        paymentNumber: null,
      },
    }));
    const paid = await callback('/orders/payment-callback?Authority=A00042&Status=OK');
    assert.equal(paid.status, 302);
    assert.equal(paid.headers.get('location'), '/orders/successorder?orderId=order-1');
    assert.deepEqual(
      gateway.requests.map((r) => [r.method, r.path, r.body]),
      [['POST', '/finance/payments/submit', { authority: 'A00042', status: 'OK' }]],
    );
    const refused = await callback('/en/orders/payment-callback?Authority=A00042&Status=NOK');
    assert.equal(refused.headers.get('location'), '/en/orders/failorder?orderId=order-1');
    gateway.routes.set('POST /finance/payments/submit', ({ body }) => ({
      body: {
        status: (body as { status: string }).status === 'OK' ? 'paid' : 'pending',
        purpose: 'top_up',
        orderId: null,
        paymentNumber: 5002,
      },
    }));
    const topUp = await callback('/orders/payment-callback?Authority=A00044&Status=OK');
    assert.equal(topUp.headers.get('location'), '/orders/successwallet?paymentNumber=5002');
    const waiting = await callback('/orders/payment-callback?Authority=A00044&Status=NOK');
    assert.equal(waiting.headers.get('location'), '/orders/failwallet?paymentNumber=5002');
  });

  test('a Status other than OK is submitted as NOK; no Authority is the failure page without submitting', async () => {
    gateway.routes.set('POST /finance/payments/submit', {
      body: { status: 'failed', purpose: 'order', orderId: 'order-1', paymentNumber: null },
    });
    gateway.requests.length = 0;
    const odd = await callback('/orders/payment-callback?Authority=A00043&Status=ok%3Cscript%3E');
    assert.equal(odd.headers.get('location'), '/orders/failorder?orderId=order-1');
    assert.deepEqual(gateway.requests[0]?.body, { authority: 'A00043', status: 'NOK' });
    gateway.requests.length = 0;
    const none = await callback('/orders/payment-callback?Status=OK');
    assert.equal(none.headers.get('location'), '/orders/failorder');
    assert.equal(gateway.requests.length, 0);
  });

  test('an unknown authority is the error page with the service’s code, not a guess', async () => {
    gateway.routes.set('POST /finance/payments/submit', { status: 404, exc: ['EXC_FINANCE_PAYMENT_NOT_FOUND'] });
    const thrown = await callback('/orders/payment-callback?Authority=nope&Status=OK').catch((error: unknown) => error);
    assert.ok(thrown && typeof thrown === 'object' && 'data' in thrown, 'a route error');
    assert.deepEqual((thrown as { data: unknown }).data, { exc: ['EXC_FINANCE_PAYMENT_NOT_FOUND'] });
    assert.equal((thrown as unknown as { init: { status: number } }).init.status, 404);
  });
});
