// A paid order's invoice and the promotional banner's code through the real gateway, auth,
// employer and billing services: the invoice's figures add up (total = subtotal − discount, the
// configured VAT included in it), its parties and its payment; an order not paid has none (409);
// the banner's code is public, cached briefly, and makes an employer's first plan free once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { assertError } from './helpers.ts';
import {
  anonymous,
  caller,
  CODE,
  newEmployer,
  ok,
  paidOrder,
  PLAN,
  startBillingStack,
  user,
  type BillingStack,
} from './billing-support.ts';

/** The code billing's migration flags for the banner: an employer's first plan free, once. */
const BANNER_CODE = 'FIRSTAD';
const VAT_PERCENT = 9;
const SELLER = 'شرکت آزمایشی درمان‌کار';
const BRAND = 'درمانگاه صورتحساب‌دار';

let running: BillingStack;
let call: ReturnType<typeof caller>;

before(async () => {
  running = await startBillingStack('billing_invoices', {
    VAT_PERCENT: String(VAT_PERCENT),
    INVOICE_SELLER_NAME: SELLER,
  });
  call = caller(running.url);
});
after(() => running?.stop());

const PARTY_KEYS = ['address', 'economicCode', 'name', 'nationalId', 'phone', 'postalCode'];

test("a paid order's invoice: lines, subtotal − discount = total, VAT included at the configured rate, the payment", async () => {
  const owner = await user(running.url);
  const employerId = await newEmployer(running.url, owner, BRAND);
  const { orderId, paymentId } = await paidOrder(running.url, owner, employerId, PLAN.basic, CODE.twenty);
  const order = await ok(call(owner, 'GET', `orders/${employerId}/cart/${orderId}`));

  const invoice = await ok(call(owner, 'GET', `orders/${employerId}/invoices/${orderId}`));
  assert.deepEqual(
    [invoice.orderId, invoice.orderNumber, invoice.issuedAt],
    [orderId, order.number, order.paidAt],
    "the order's number, dated when it was paid",
  );
  assert.deepEqual(invoice.lines, [
    {
      title: order.items[0].plan.title,
      quantity: 1,
      unitPriceRials: 2_900_000,
      amountRials: 2_900_000,
    },
  ]);
  const linesSum = invoice.lines.reduce((sum: number, line: any) => sum + line.amountRials, 0);
  assert.equal(invoice.subtotalRials, linesSum);
  assert.deepEqual([invoice.discountCode, invoice.discountRials], [CODE.twenty, 580_000]);
  assert.equal(invoice.totalRials, invoice.subtotalRials - invoice.discountRials);
  assert.equal(invoice.totalRials, order.totalRials);
  assert.equal(invoice.vatPercent, VAT_PERCENT);
  // Included, not added: total × p / (100 + p), rounded down to a rial (191,559.63…).
  assert.equal(invoice.vatRials, Math.floor((invoice.totalRials * VAT_PERCENT) / (100 + VAT_PERCENT)));
  assert.equal(invoice.vatRials, 191_559);
  assert.deepEqual(
    [invoice.payment.id, invoice.payment.status, invoice.payment.amountRials, invoice.payment.orderId],
    [paymentId, 'paid', invoice.totalRials, orderId],
  );
  assert.ok(invoice.payment.reference, "the provider's reference");
  for (const party of [invoice.seller, invoice.buyer]) {
    assert.deepEqual(Object.keys(party).sort(), PARTY_KEYS);
    for (const value of Object.values(party)) assert.equal(typeof value, 'string');
  }
  assert.equal(invoice.seller.name, SELLER, 'the configured seller');
  assert.notEqual(invoice.buyer.name, '', 'the buyer is named');
  assert.ok(Number.isInteger(invoice.vatRials) && Number.isInteger(invoice.totalRials));
});

test('no invoice for a cart or a cancelled order (409), nor for an order that is not there or not theirs (404)', async () => {
  const owner = await user(running.url);
  const employerId = await newEmployer(running.url, owner);
  const dropped = await ok(call(owner, 'POST', 'orders/cart', { employerId, planId: PLAN.enterprise }));
  assert.equal((await call(owner, 'DELETE', `orders/${dropped.id}/cart`)).status, 204);
  const cart = await ok(call(owner, 'POST', 'orders/cart', { employerId, planId: PLAN.professional }));
  for (const id of [cart.id, dropped.id])
    await assertError(
      await call(owner, 'GET', `orders/${employerId}/invoices/${id}`),
      409,
      'EXC_ORDERS_INVOICE_IS_NOT_AVAILABLE',
    );

  const other = await user(running.url);
  const otherEmployer = await newEmployer(running.url, other);
  const theirs = await paidOrder(running.url, other, otherEmployer, PLAN.basic);
  for (const id of [randomUUID(), theirs.orderId])
    await assertError(await call(owner, 'GET', `orders/${employerId}/invoices/${id}`), 404, 'EXC_ORDERS_NOT_FOUND');
});

test("the banner's code: public, briefly cached, an employer's first plan free and active at once, then used", async () => {
  const banner = await call(anonymous(), 'GET', 'orders/discounts/banner');
  assert.equal(banner.headers.get('cache-control'), 'public, max-age=60');
  assert.deepEqual(await ok(banner), { code: BANNER_CODE });

  const owner = await user(running.url);
  const employerId = await newEmployer(running.url, owner);
  const cart = await ok(call(owner, 'POST', 'orders/cart', { employerId, planId: PLAN.professional }));
  const free = await ok(call(owner, 'POST', 'orders/cart/discounts', { employerId, code: BANNER_CODE }));
  assert.deepEqual([free.discountCode, free.discountRials, free.totalRials], [BANNER_CODE, free.subtotalRials, 0]);
  const paid = await ok(call(owner, 'POST', 'orders/payments', { orderId: cart.id, method: 'gateway' }));
  assert.deepEqual([paid.redirectUrl, paid.payment.status], ['', 'paid'], 'nothing to pay: no provider');
  const { active } = await ok(call(owner, 'GET', `products/${employerId}/resources`));
  assert.deepEqual([active.plan.id, active.status, active.paidRials], [PLAN.professional, 'active', 0]);

  const invoice = await ok(call(owner, 'GET', `orders/${employerId}/invoices/${cart.id}`));
  assert.deepEqual(
    [invoice.subtotalRials, invoice.discountRials, invoice.totalRials, invoice.vatRials, invoice.discountCode],
    [free.subtotalRials, free.subtotalRials, 0, 0, BANNER_CODE],
  );

  // Once per employer: the second cart is refused the code.
  await ok(call(owner, 'POST', 'orders/cart', { employerId, planId: PLAN.basic }));
  await assertError(
    await call(owner, 'POST', 'orders/cart/discounts', { employerId, code: BANNER_CODE }),
    422,
    'EXC_ORDERS_DISCOUNT_CODE_ALREADY_USED',
  );
});
