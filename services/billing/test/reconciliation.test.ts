// Reconciliation of provider payments left pending, on the stack's clock: a payment the provider
// confirmed while the service was down is completed once after a restart; two runs at once, and
// a run racing the payer's late return, complete once; what the provider never confirms is
// failed after the payment window and not before; an unreachable provider leaves it for later.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OrderPaidSchema, WalletToppedUpSchema } from '@darmankar/proto/billing/v1/events_pb';
import { OrderStatus, PaymentMethod, PaymentStatus } from '@darmankar/proto/billing/v1/billing_pb';
import { createSandboxProvider } from '../src/adapters/sandbox-payments.ts';
import { authorityOf, newEmployer, PLAN, startStack, type Stack } from './helpers.ts';

const MINUTE_MS = 60_000;
/** The defaults: RECONCILE_MIN_AGE_MS 5 minutes, PAYMENT_WINDOW_MS 30. */
const MIN_AGE_MS = 5 * MINUTE_MS;
const WINDOW_MS = 30 * MINUTE_MS;

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.stop();
});

/** A cart paid through the sandbox: started, and approved on the sandbox page when `approve`; never returned. */
async function orderAtProvider(approve: boolean, planId: string = PLAN.basic) {
  const { owner, employerId } = await newEmployer(stack);
  const order = (await stack.billing.createCart({ employerId, planId }, { userId: owner })).order!;
  const started = await stack.billing.startPayment(
    { orderId: order.id, method: PaymentMethod.GATEWAY },
    { userId: owner },
  );
  const authority = authorityOf(started.redirectUrl);
  if (approve) await stack.billing.decideSandboxPayment({ authority, approve: true });
  return { owner, employerId, order, authority, payment: started.payment! };
}

async function topUpAtProvider(rials: bigint) {
  const { owner, employerId } = await newEmployer(stack);
  const started = await stack.billing.startTopUp({ employerId, amount: { rials } }, { userId: owner });
  const authority = authorityOf(started.redirectUrl);
  await stack.billing.decideSandboxPayment({ authority, approve: true });
  return { owner, employerId, authority, payment: started.payment! };
}

const eventsOf = async (employerId: string, typeName: string) =>
  (await stack.db.$queryRawUnsafe<{ type: string }[]>(`SELECT type FROM outbox WHERE key = $1`, employerId)).filter(
    (row) => row.type === typeName,
  ).length;

/** One purchased plan, one paid payment, OrderPaid once: the order completed exactly once. */
async function assertCompletedOnce(employerId: string, orderId: string) {
  assert.equal((await stack.db.order.findUniqueOrThrow({ where: { id: orderId } })).status, 'paid');
  assert.equal(await stack.db.purchasedPlan.count({ where: { employerId } }), 1, 'one purchased plan');
  assert.equal(await stack.db.payment.count({ where: { orderId, status: 'paid' } }), 1, 'one paid payment');
  assert.equal(await eventsOf(employerId, OrderPaidSchema.typeName), 1, 'OrderPaid once');
  assert.equal(await stack.db.walletEntry.count({ where: { employerId } }), 0, 'nothing went to the wallet');
}

async function assertCreditedOnce(employerId: string, rials: bigint) {
  assert.equal((await stack.db.wallet.findUniqueOrThrow({ where: { employerId } })).balanceRials, rials);
  assert.equal(await stack.db.walletEntry.count({ where: { employerId } }), 1, 'one ledger row');
  assert.equal(await eventsOf(employerId, WalletToppedUpSchema.typeName), 1, 'WalletToppedUp once');
}

const statusOf = async (paymentId: string) =>
  (await stack.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status;

test('crash: the provider confirmed and the service stopped before the order completed; after a restart the job completes it once', async () => {
  const { owner, employerId, order, authority, payment } = await orderAtProvider(true);
  // The service's verify reached the provider (the sandbox's book says verified) and the
  // service stopped before its transaction: driven here with the provider itself.
  const provider = createSandboxProvider(stack.db, 'http://web.test', stack.clock);
  const verified = await provider.verify(authority, Number(payment.amount!.rials));
  assert.deepEqual([verified.paid, verified.paid && verified.alreadyVerified], [true, false]);
  await stack.restart();
  assert.equal(await statusOf(payment.id), 'pending', 'nothing was completed before the stop');

  const young = await stack.reconcile();
  assert.equal(young.checked, 0, 'younger than the minimum age: left to the browser');
  stack.clock.advance(MIN_AGE_MS);
  const run = await stack.reconcile();
  assert.equal(run.completed, 1);
  await assertCompletedOnce(employerId, order.id);
  const plan = (await stack.billing.getResources({ employerId }, { userId: owner })).active;
  assert.equal(plan?.orderId, order.id);

  // Later runs and the payer's late return find it done.
  assert.equal((await stack.reconcile()).completed, 0);
  assert.equal((await stack.billing.submitPayment({ authority, status: 'OK' })).status, PaymentStatus.PAID);
  await assertCompletedOnce(employerId, order.id);
});

test('the job run twice at once: every confirmed order completes once and every top-up is credited once', async () => {
  const orders = await Promise.all([orderAtProvider(true), orderAtProvider(true), orderAtProvider(true)]);
  const topUps = await Promise.all([topUpAtProvider(400_000n), topUpAtProvider(900_000n)]);
  stack.clock.advance(MIN_AGE_MS);
  const runs = await Promise.all([stack.reconcile(), stack.reconcile(), stack.reconcile()]);
  const total = (key: 'completed' | 'credited' | 'unmatched' | 'errors') =>
    runs.reduce((sum, run) => sum + run[key], 0);
  assert.deepEqual([total('completed'), total('credited'), total('unmatched'), total('errors')], [3, 2, 0, 0]);
  for (const { employerId, order } of orders) await assertCompletedOnce(employerId, order.id);
  await assertCreditedOnce(topUps[0]!.employerId, 400_000n);
  await assertCreditedOnce(topUps[1]!.employerId, 900_000n);
});

test('reconciliation racing the payer’s late return: one completion, one credit', async () => {
  const orders = await Promise.all(Array.from({ length: 3 }, () => orderAtProvider(true)));
  const topUp = await topUpAtProvider(250_000n);
  stack.clock.advance(MIN_AGE_MS);
  const returns = [...orders, topUp].map(({ authority }) => stack.billing.submitPayment({ authority, status: 'OK' }));
  const [answers] = await Promise.all([Promise.all(returns), stack.reconcile()]);
  assert.ok(answers.every((answer) => answer.status === PaymentStatus.PAID));
  for (const { employerId, order } of orders) await assertCompletedOnce(employerId, order.id);
  await assertCreditedOnce(topUp.employerId, 250_000n);
});

test('a payment the provider never confirms is failed after the payment window, not before; the cart stays payable', async () => {
  const undecided = await orderAtProvider(false);
  const cancelled = await orderAtProvider(false);
  await stack.billing.decideSandboxPayment({ authority: cancelled.authority, approve: false });
  await stack.billing.submitPayment({ authority: cancelled.authority, status: 'NOK' });
  stack.clock.advance(MIN_AGE_MS);
  await stack.reconcile();
  stack.clock.advance(WINDOW_MS - MIN_AGE_MS - 1);
  await stack.reconcile();
  for (const { payment } of [undecided, cancelled]) assert.equal(await statusOf(payment.id), 'pending', 'not before');
  stack.clock.advance(1);
  const run = await stack.reconcile();
  assert.ok(run.failed >= 2);
  for (const { owner, employerId, order, payment } of [undecided, cancelled]) {
    assert.equal(await statusOf(payment.id), 'failed');
    const cart = (await stack.billing.getCurrentOrder({ employerId }, { userId: owner })).order;
    assert.equal(cart?.id, order.id, 'the cart stays');
    assert.equal(cart?.status, OrderStatus.PENDING);
  }
  // The payer pays again and it completes.
  const again = await stack.billing.startPayment(
    { orderId: undecided.order.id, method: PaymentMethod.GATEWAY },
    { userId: undecided.owner },
  );
  const authority = authorityOf(again.redirectUrl);
  await stack.billing.decideSandboxPayment({ authority, approve: true });
  assert.equal((await stack.billing.submitPayment({ authority, status: 'OK' })).status, PaymentStatus.PAID);
});

test('a payment whose authority was never kept (the service stopped while asking the provider) is failed after the window', async () => {
  const { employerId, order } = await orderAtProvider(false);
  const orphan = await stack.db.payment.create({
    data: {
      id: crypto.randomUUID(),
      purpose: 'order',
      orderId: order.id,
      employerId,
      method: 'gateway',
      status: 'pending',
      amountRials: order.total!.rials,
      createdAt: new Date(stack.clock()),
    },
  });
  stack.clock.advance(MIN_AGE_MS);
  await stack.reconcile();
  assert.equal(await statusOf(orphan.id), 'pending');
  stack.clock.advance(WINDOW_MS);
  await stack.reconcile();
  assert.equal(await statusOf(orphan.id), 'failed');
});

/** A Zarinpal that hands out authorities but, until `answering`, drops every verify. */
function flakyZarinpal() {
  const state = { answering: false, paid: new Set<string>(), counter: 0 };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const input = JSON.parse(body || '{}') as { amount?: number; authority?: string };
      const send = (value: unknown) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (request.url === '/pg/v4/payment/request.json') {
        const authority = `A${String(++state.counter).padStart(35, '0')}`;
        state.paid.add(authority);
        return send({ data: { code: 100, authority }, errors: [] });
      }
      if (!state.answering) return request.socket.destroy();
      return state.paid.has(input.authority ?? '')
        ? send({ data: { code: 100, ref_id: 77, card_pan: '603799******1234' }, errors: [] })
        : send({ data: [], errors: { code: -54 } });
    });
  });
  return { server, state };
}

test('an unreachable provider leaves the payment pending, even past the window, and a later run completes it', async () => {
  const zarinpal = flakyZarinpal();
  await new Promise<void>((resolve) => zarinpal.server.listen(0, '127.0.0.1', resolve));
  const own = await startStack({
    PAYMENT_PROVIDER: 'zarinpal',
    ZARINPAL_MERCHANT_ID: 'merchant',
    ZARINPAL_BASE_URL: `http://127.0.0.1:${(zarinpal.server.address() as AddressInfo).port}`,
    PAYMENT_TIMEOUT_MS: '500',
  });
  try {
    const { owner, employerId } = await newEmployer(own);
    const order = (await own.billing.createCart({ employerId, planId: PLAN.basic }, { userId: owner })).order!;
    const started = await own.billing.startPayment(
      { orderId: order.id, method: PaymentMethod.GATEWAY },
      { userId: owner },
    );
    own.clock.advance(WINDOW_MS + MINUTE_MS);
    const unreachable = await own.reconcile();
    assert.deepEqual([unreachable.unreachable, unreachable.failed], [1, 0]);
    assert.equal((await own.db.payment.findUniqueOrThrow({ where: { id: started.payment!.id } })).status, 'pending');

    zarinpal.state.answering = true;
    const reached = await own.reconcile();
    assert.equal(reached.completed, 1);
    const paid = (await own.billing.getOrder({ employerId, orderId: order.id }, { userId: owner })).order!;
    assert.deepEqual(
      [paid.status, paid.payments[0]?.status, paid.payments[0]?.reference],
      [OrderStatus.PAID, PaymentStatus.PAID, '77'],
    );
  } finally {
    await own.stop();
    zarinpal.server.closeAllConnections();
    await new Promise((resolve) => zarinpal.server.close(resolve));
  }
});
