// Wallet top-ups and the payment callback through the real gateway, auth, employer and billing
// services with the sandbox provider: an owner tops the wallet up (start → the sandbox page →
// the callback → the top-up paid, the balance and the ledger entry with its payment number) and
// pays a plan from it; a callback before the payer decided leaves the payment pending; the
// callback's answer never says whose payment it is; a callback delivered twice at once credits
// once; bad amounts and payment numbers have their codes, and another employer's top-up is not
// found.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertError } from './helpers.ts';
import {
  authorityOf,
  caller,
  newEmployer,
  ok,
  PLAN,
  startBillingStack,
  SUBMIT_KEYS,
  submitter,
  throughSandbox,
  user,
  type BillingStack,
  type Client,
} from './billing-support.ts';

/** The bounds of one top-up this stack is configured with: 10,000 to 5,000,000 toman. */
const BOUNDS = { min: 100_000, max: 50_000_000 };
/** Enough for the basic plan (2,900,000 rials) with some left. */
const AMOUNT = 3_000_000;

let running: BillingStack;
let call: ReturnType<typeof caller>;
let submit: ReturnType<typeof submitter>;

before(async () => {
  running = await startBillingStack('billing_top_ups', {
    TOP_UP_MIN_RIALS: String(BOUNDS.min),
    TOP_UP_MAX_RIALS: String(BOUNDS.max),
  });
  call = caller(running.url);
  submit = submitter(running.url);
});
after(() => running?.stop());

async function owner(): Promise<{ client: Client; employerId: string }> {
  const client = await user(running.url);
  return { client, employerId: await newEmployer(running.url, client) };
}

test('a top-up through the sandbox: pending until the provider confirms, then paid once, on the ledger with its number', async () => {
  const { client, employerId } = await owner();
  const empty = await ok(call(client, 'GET', `finance/${employerId}/wallet`));
  assert.deepEqual(
    [empty.balanceRials, empty.entries, empty.topUpMinRials, empty.topUpMaxRials],
    [0, [], BOUNDS.min, BOUNDS.max],
    "the configured bounds, for the page's form",
  );
  const amount = AMOUNT;

  const started = await ok(call(client, 'POST', `finance/${employerId}/wallet/top-ups`, { amountRials: amount }));
  const { payment } = started;
  assert.deepEqual(
    [payment.purpose, payment.status, payment.method, payment.employerId, payment.orderId, payment.amountRials],
    ['top_up', 'pending', 'gateway', employerId, null, amount],
  );
  assert.ok(Number.isInteger(payment.number) && payment.number > 0, 'a number people read out');
  assert.deepEqual([payment.reference, payment.card, payment.completedAt], [null, null, null]);

  // The callback arrives before the payer answered the provider's page: nothing is confirmed,
  // so the payment stays pending (and the payer's attempt is not spoiled).
  const authority = authorityOf(started.redirectUrl);
  const early = await ok(submit(authority, 'OK'));
  assert.deepEqual(Object.keys(early).sort(), SUBMIT_KEYS);
  assert.deepEqual(early, { status: 'pending', purpose: 'top_up', orderId: null, paymentNumber: payment.number });
  const waiting = await ok(call(client, 'GET', `finance/${employerId}/wallet/top-ups/${payment.number}`));
  assert.deepEqual([waiting.payment.status, waiting.balanceRials], ['pending', 0]);

  const back = await throughSandbox(running.url, started.redirectUrl, true);
  assert.deepEqual(back, { authority, status: 'OK' });
  const paid = await ok(submit(back.authority, back.status));
  assert.deepEqual(paid, { status: 'paid', purpose: 'top_up', orderId: null, paymentNumber: payment.number });
  assert.deepEqual(await ok(submit(back.authority, back.status)), paid, 'the payer reloads the page: the same answer');

  // The outcome page reads the top-up by its number (Persian digits too, as a retyped link has them).
  const topUp = await ok(call(client, 'GET', `finance/${employerId}/wallet/top-ups/${payment.number}`));
  assert.deepEqual(
    [topUp.payment.id, topUp.payment.status, topUp.payment.amountRials, topUp.balanceRials],
    [payment.id, 'paid', amount, amount],
  );
  assert.ok(topUp.payment.reference, "the provider's reference");
  assert.ok(topUp.payment.completedAt);
  const persian = String(payment.number).replace(/\d/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)]!);
  assert.deepEqual(
    await ok(call(client, 'GET', `finance/${employerId}/wallet/top-ups/${encodeURIComponent(persian)}`)),
    topUp,
  );

  const wallet = await ok(call(client, 'GET', `finance/${employerId}/wallet`));
  assert.equal(wallet.balanceRials, amount, 'credited once, however often the callback came');
  assert.equal(wallet.entries.length, 1);
  assert.deepEqual(
    [
      wallet.entries[0].reason,
      wallet.entries[0].amountRials,
      wallet.entries[0].paymentNumber,
      wallet.entries[0].orderNumber,
    ],
    ['top_up', amount, payment.number, null],
  );

  // The topped-up wallet pays a plan a minute later; its ledger names the order, newest first.
  running.stack.clock.advance(60_000);
  const cart = await ok(call(client, 'POST', 'orders/cart', { employerId, planId: PLAN.basic }));
  const price = cart.totalRials;
  assert.equal(price, 2_900_000);
  const fromWallet = await ok(call(client, 'POST', 'orders/payments', { orderId: cart.id, method: 'wallet' }));
  assert.deepEqual(
    [fromWallet.redirectUrl, fromWallet.payment.status, fromWallet.payment.purpose, fromWallet.payment.orderId],
    ['', 'paid', 'order', cart.id],
  );
  const after = await ok(call(client, 'GET', `finance/${employerId}/wallet`));
  assert.equal(after.balanceRials, amount - price);
  assert.deepEqual(
    after.entries.map((entry: any) => [entry.reason, entry.amountRials, entry.orderNumber]),
    [
      ['order_payment', -price, cart.number],
      ['top_up', amount, null],
    ],
    'newest first',
  );
  assert.equal(after.entries[1].paymentNumber, payment.number);
});

test('the same callback delivered twice at once credits the wallet once', async () => {
  const { client, employerId } = await owner();
  const amount = AMOUNT;
  const started = await ok(call(client, 'POST', `finance/${employerId}/wallet/top-ups`, { amountRials: amount }));
  const back = await throughSandbox(running.url, started.redirectUrl, true);
  const answers = await Promise.all([submit(back.authority, back.status), submit(back.authority, back.status)]);
  for (const answer of answers)
    assert.deepEqual(await ok(answer), {
      status: 'paid',
      purpose: 'top_up',
      orderId: null,
      paymentNumber: started.payment.number,
    });
  const wallet = await ok(call(client, 'GET', `finance/${employerId}/wallet`));
  assert.equal(wallet.balanceRials, amount);
  assert.equal(wallet.entries.length, 1);
});

test("an order's callback before the payer decided leaves the order's payment pending, and the payer still pays", async () => {
  const { client, employerId } = await owner();
  const cart = await ok(call(client, 'POST', 'orders/cart', { employerId, planId: PLAN.basic }));
  const started = await ok(call(client, 'POST', 'orders/payments', { orderId: cart.id, method: 'gateway' }));
  const early = await ok(submit(authorityOf(started.redirectUrl), 'OK'));
  assert.deepEqual(Object.keys(early).sort(), SUBMIT_KEYS, 'no employerId, reference or card');
  assert.deepEqual(early, { status: 'pending', purpose: 'order', orderId: cart.id, paymentNumber: null });
  const order = await ok(call(client, 'GET', `orders/${employerId}/cart/${cart.id}`));
  assert.deepEqual([order.status, order.payments.map((each: any) => each.status)], ['pending', ['pending']]);

  const back = await throughSandbox(running.url, started.redirectUrl, true);
  assert.deepEqual(await ok(submit(back.authority, back.status)), {
    status: 'paid',
    purpose: 'order',
    orderId: cart.id,
    paymentNumber: null,
  });
  assert.equal((await ok(call(client, 'GET', `orders/${employerId}/cart/${cart.id}`))).status, 'paid');
});

test('a top-up amount that is not a whole number of rials within the bounds: EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID', async () => {
  const { client, employerId } = await owner();
  const wallet = await ok(call(client, 'GET', `finance/${employerId}/wallet`));
  const amounts: unknown[] = [0, -1_000_000, 1.5, 'a lot', String(wallet.topUpMinRials), wallet.topUpMaxRials + 1];
  if (wallet.topUpMinRials > 1) amounts.push(wallet.topUpMinRials - 1);
  for (const amountRials of amounts)
    await assertError(
      await call(client, 'POST', `finance/${employerId}/wallet/top-ups`, { amountRials }),
      422,
      'EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID',
    );
  // The bounds themselves are allowed.
  for (const amountRials of [wallet.topUpMinRials, wallet.topUpMaxRials]) {
    const started = await ok(call(client, 'POST', `finance/${employerId}/wallet/top-ups`, { amountRials }));
    assert.equal(started.payment.amountRials, amountRials);
  }
  assert.deepEqual(await ok(call(client, 'GET', `finance/${employerId}/wallet`)), wallet, 'nothing credited');
});

test("a payment number: malformed is 400; unknown, an order's and another employer's are not found", async () => {
  const mine = await owner();
  const theirs = await owner();
  const amount = AMOUNT;
  const their = await ok(
    call(theirs.client, 'POST', `finance/${theirs.employerId}/wallet/top-ups`, { amountRials: amount }),
  );
  const cart = await ok(call(mine.client, 'POST', 'orders/cart', { employerId: mine.employerId, planId: PLAN.basic }));
  const orderPayment = await ok(call(mine.client, 'POST', 'orders/payments', { orderId: cart.id, method: 'gateway' }));

  for (const number of ['0', 'abc', '-1', '1.5'])
    await assertError(
      await call(mine.client, 'GET', `finance/${mine.employerId}/wallet/top-ups/${number}`),
      400,
      'EXC_FINANCE_PAYMENT_NUMBER_IS_INVALID',
    );
  for (const number of [their.payment.number, orderPayment.payment.number, 999_999_999])
    await assertError(
      await call(mine.client, 'GET', `finance/${mine.employerId}/wallet/top-ups/${number}`),
      404,
      'EXC_FINANCE_PAYMENT_NOT_FOUND',
    );
  // Their own number is theirs to read.
  const read = await ok(
    call(theirs.client, 'GET', `finance/${theirs.employerId}/wallet/top-ups/${their.payment.number}`),
  );
  assert.equal(read.payment.id, their.payment.id);
});
