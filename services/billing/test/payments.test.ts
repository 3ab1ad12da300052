// Paying through the sandbox provider and from the wallet; discount codes counted at payment.
// Completing an order is one transaction: repeated and concurrent submits of one authority
// complete it once (one purchased plan, one OrderPaid, one discount use).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fromBinary } from '@bufbuild/protobuf';
import { OrderPaidSchema } from '@darmankar/proto/billing/v1/events_pb';
import {
  OrderStatus,
  PaymentMethod,
  PaymentPurpose,
  PaymentStatus,
  PurchasedPlanStatus,
} from '@darmankar/proto/billing/v1/billing_pb';
import {
  addDiscountCode,
  authorityOf,
  DAY_MS,
  newEmployer,
  PLAN,
  rejectsWith,
  startStack,
  type Stack,
} from './helpers.ts';

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.stop();
});

async function cart(planId: string = PLAN.basic) {
  const { owner, employerId } = await newEmployer(stack);
  const order = (await stack.billing.createCart({ employerId, planId }, { userId: owner })).order!;
  return { owner, employerId, order };
}

async function startGateway(owner: string, orderId: string) {
  const started = await stack.billing.startPayment({ orderId, method: PaymentMethod.GATEWAY }, { userId: owner });
  return { ...started, authority: authorityOf(started.redirectUrl) };
}

const outboxOf = (employerId: string) =>
  stack.db.$queryRawUnsafe<{ type: string; topic: string; payload: Buffer }[]>(
    `SELECT type, topic, payload FROM outbox WHERE key = $1 ORDER BY seq`,
    employerId,
  );

test('gateway payment: start, the sandbox page approves, submit OK completes the order; a second submit answers the same and creates nothing', async () => {
  const { owner, employerId, order } = await cart(PLAN.professional);
  const started = await startGateway(owner, order.id);
  assert.equal(started.payment?.status, PaymentStatus.PENDING);
  assert.deepEqual(
    [started.payment?.purpose, started.payment?.orderId, started.payment?.employerId],
    [PaymentPurpose.ORDER, order.id, employerId],
  );
  assert.ok(started.payment!.number >= 50_000n, 'payment numbers are their own sequence, from 50000');
  assert.equal(started.redirectUrl, `http://web.test/payments/sandbox/${started.authority}`);

  const page = await stack.billing.getSandboxPayment({ authority: started.authority });
  assert.deepEqual([page.amount?.rials, page.decided], [9_900_000n, false]);
  assert.match(page.description, /حرفه‌ای/);
  const { redirectUrl } = await stack.billing.decideSandboxPayment({ authority: started.authority, approve: true });
  assert.equal(redirectUrl, `http://web.test/orders/payment-callback?Authority=${started.authority}&Status=OK`);
  await rejectsWith(
    stack.billing.decideSandboxPayment({ authority: started.authority, approve: false }),
    'EXC_FINANCE_SANDBOX_PAYMENT_ALREADY_DECIDED',
  );

  const first = await stack.billing.submitPayment({ authority: started.authority, status: 'OK' });
  // Anyone holding the authority reads this answer: the outcome page's fields, nothing of the payer.
  assert.deepEqual(
    { status: first.status, purpose: first.purpose, orderId: first.orderId, paymentNumber: first.paymentNumber },
    { status: PaymentStatus.PAID, purpose: PaymentPurpose.ORDER, orderId: order.id, paymentNumber: 0n },
  );
  assert.deepEqual(
    Object.keys(first)
      .filter((key) => !key.startsWith('$'))
      .sort(),
    ['orderId', 'paymentNumber', 'purpose', 'status'],
  );
  const again = await stack.billing.submitPayment({ authority: started.authority, status: 'OK' });
  assert.deepEqual(again, first, 'the same outcome');

  const paid = (await stack.billing.getOrder({ employerId, orderId: order.id }, { userId: owner })).order!;
  assert.equal(paid.status, OrderStatus.PAID);
  assert.ok(paid.paidAtMs !== undefined && paid.paidAtMs > 0n);
  const { active, reserved } = await stack.billing.getResources({ employerId }, { userId: owner });
  assert.equal(active?.status, PurchasedPlanStatus.ACTIVE);
  assert.equal(active?.expiresAtMs, active!.activatedAtMs! + BigInt(30 * DAY_MS));
  assert.equal(reserved, undefined);
  assert.equal(await stack.db.purchasedPlan.count({ where: { employerId } }), 1);
  const events = await outboxOf(employerId);
  const paidEvents = events.filter((row) => row.type === OrderPaidSchema.typeName);
  assert.equal(paidEvents.length, 1);
  assert.equal(paidEvents[0]!.topic, 'billing.order.v1');
  const event = fromBinary(OrderPaidSchema, paidEvents[0]!.payload);
  assert.deepEqual(
    [event.orderId, event.orderNumber, event.total?.rials, event.reserved],
    [order.id, order.number, 9_900_000n, false],
  );
  const fetched = await stack.billing.getPayment(
    { orderId: order.id, paymentId: started.payment!.id },
    { userId: owner },
  );
  assert.equal(fetched.payment?.status, PaymentStatus.PAID);
  assert.ok(fetched.payment?.reference, 'the provider reference is kept, for the owner');
  assert.match(fetched.payment?.card ?? '', /\*{4}/);
});

test('concurrent submits of one authority complete the order once', async () => {
  const { owner, employerId, order } = await cart();
  const { authority } = await startGateway(owner, order.id);
  await stack.billing.decideSandboxPayment({ authority, approve: true });
  const answers = await Promise.all(
    Array.from({ length: 6 }, () => stack.billing.submitPayment({ authority, status: 'OK' })),
  );
  assert.ok(answers.every((answer) => answer.status === PaymentStatus.PAID));
  assert.equal(await stack.db.purchasedPlan.count({ where: { employerId } }), 1);
  assert.equal((await outboxOf(employerId)).filter((row) => row.type === OrderPaidSchema.typeName).length, 1);
  assert.equal(await stack.db.payment.count({ where: { orderId: order.id, status: 'paid' } }), 1);
});

test('a callback never fails a payment: NOK, or OK before the payer decided, leaves it pending and the payer can still pay; an unknown authority is not found', async () => {
  const { owner, employerId, order } = await cart();
  // The payer cancels on the provider's page: the provider does not confirm it, nothing more.
  const cancelled = await startGateway(owner, order.id);
  await stack.billing.decideSandboxPayment({ authority: cancelled.authority, approve: false });
  const nok = await stack.billing.submitPayment({ authority: cancelled.authority, status: 'NOK' });
  assert.deepEqual([nok.status, nok.orderId], [PaymentStatus.PENDING, order.id]);
  assert.equal(
    (await stack.billing.getCurrentOrder({ employerId }, { userId: owner })).order?.id,
    order.id,
    'the cart stays',
  );

  // Someone holding the authority calls back before the payer decided, with either Status.
  stack.clock.advance(1000);
  const second = await startGateway(owner, order.id);
  for (const status of ['OK', 'NOK', 'OK']) {
    const early = await stack.billing.submitPayment({ authority: second.authority, status });
    assert.equal(early.status, PaymentStatus.PENDING, `an early ${status} leaves it pending`);
  }
  const page = await stack.billing.getSandboxPayment({ authority: second.authority });
  assert.equal(page.decided, false, 'the payer can still decide');
  await stack.billing.decideSandboxPayment({ authority: second.authority, approve: true });
  assert.equal(
    (await stack.billing.submitPayment({ authority: second.authority, status: 'NOK' })).status,
    PaymentStatus.PAID,
    'the provider confirmed it: paid, whatever Status says',
  );
  const paid = (await stack.billing.getOrder({ employerId, orderId: order.id }, { userId: owner })).order!;
  assert.equal(paid.status, OrderStatus.PAID);
  assert.deepEqual(
    paid.payments.map((p) => p.status),
    [PaymentStatus.PENDING, PaymentStatus.PAID],
    'the cancelled attempt waits for reconciliation',
  );

  await rejectsWith(
    stack.billing.submitPayment({ authority: 'A000000000000000000000000000000000000', status: 'OK' }),
    'EXC_FINANCE_PAYMENT_NOT_FOUND',
  );
  await rejectsWith(
    stack.billing.submitPayment({ authority: second.authority, status: 'MAYBE' }),
    'EXC_FINANCE_PAYMENT_STATUS_IS_INVALID',
  );
  await rejectsWith(
    stack.billing.startPayment({ orderId: order.id, method: PaymentMethod.UNSPECIFIED }, { userId: owner }),
    'EXC_FINANCE_PAYMENT_METHOD_IS_INVALID',
  );
});

test('a cart changed while its payment was at the provider: that payment cannot complete the new total', async () => {
  const { owner, employerId, order } = await cart(PLAN.basic);
  const { authority } = await startGateway(owner, order.id);
  await stack.billing.updateCart({ orderId: order.id, planId: PLAN.enterprise }, { userId: owner });
  await stack.billing.decideSandboxPayment({ authority, approve: true });
  const answer = await stack.billing.submitPayment({ authority, status: 'OK' });
  assert.equal(answer.status, PaymentStatus.FAILED, 'never verified, so the provider returns the money');
  assert.equal(
    (await stack.billing.getOrder({ employerId, orderId: order.id }, { userId: owner })).order?.status,
    OrderStatus.PENDING,
  );
  assert.equal(await stack.db.purchasedPlan.count({ where: { employerId } }), 0);
});

test('discounts: percent and fixed amounts, expired, not for this plan, unknown', async () => {
  const now = stack.clock();
  await addDiscountCode(stack.db, { code: 'PCT25', percent: 25 });
  await addDiscountCode(stack.db, { code: 'FIX1M', amountRials: 1_000_000n });
  await addDiscountCode(stack.db, { code: 'OLD', percent: 10, endsAt: new Date(now - 1000) });
  await addDiscountCode(stack.db, { code: 'LATER', percent: 10, startsAt: new Date(now + DAY_MS) });
  await addDiscountCode(stack.db, { code: 'ENTONLY', percent: 10, planIds: [PLAN.enterprise] });
  const { owner, employerId, order } = await cart(PLAN.professional);
  const pct = (await stack.billing.applyDiscount({ employerId, code: 'pct25' }, { userId: owner })).order!;
  assert.deepEqual([pct.subtotal?.rials, pct.discount?.rials, pct.total?.rials], [9_900_000n, 2_475_000n, 7_425_000n]);
  const fixed = (await stack.billing.applyDiscount({ employerId, code: 'FIX1M' }, { userId: owner })).order!;
  assert.deepEqual([fixed.discount?.rials, fixed.total?.rials], [1_000_000n, 8_900_000n]);
  for (const code of ['OLD', 'LATER', 'ENTONLY', 'NOSUCH']) {
    await rejectsWith(
      stack.billing.applyDiscount({ employerId, code }, { userId: owner }),
      'EXC_ORDERS_DISCOUNT_CODE_IS_INVALID',
    );
  }
  const removed = (await stack.billing.removeDiscount({ orderId: order.id }, { userId: owner })).order!;
  assert.deepEqual([removed.discountCode, removed.total?.rials], [undefined, 9_900_000n]);

  // A code that expires between applying and paying is refused before the payer is sent away.
  await addDiscountCode(stack.db, { code: 'SOON', percent: 10, endsAt: new Date(now + 60_000) });
  await stack.billing.applyDiscount({ employerId, code: 'SOON' }, { userId: owner });
  stack.clock.advance(61_000);
  await rejectsWith(
    stack.billing.startPayment({ orderId: order.id, method: PaymentMethod.GATEWAY }, { userId: owner }),
    'EXC_ORDERS_DISCOUNT_CODE_IS_INVALID',
  );
});

/** Buyers racing for a code's uses: more contenders than uses, so that a lost update shows as an extra winner. */
const CONTENDERS = 8;
const USES = 3;

test(`a discount that makes the total 0 completes without the provider; ${CONTENDERS} payments at once spend its ${USES} uses exactly`, async () => {
  await addDiscountCode(stack.db, { code: 'FREE3', percent: 100, maxUses: USES });
  const buyers = await Promise.all(Array.from({ length: CONTENDERS }, () => cart()));
  for (const buyer of buyers) {
    const order = (
      await stack.billing.applyDiscount({ employerId: buyer.employerId, code: 'FREE3' }, { userId: buyer.owner })
    ).order!;
    assert.equal(order.total?.rials, 0n);
  }
  const results = await Promise.allSettled(
    buyers.map((buyer) =>
      stack.billing.startPayment({ orderId: buyer.order.id, method: PaymentMethod.GATEWAY }, { userId: buyer.owner }),
    ),
  );
  const done = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{
    redirectUrl: string;
    payment?: { status: PaymentStatus; amount?: { rials: bigint } };
  }>[];
  assert.equal(done.length, USES, `exactly ${USES} orders get the code's uses`);
  for (const { value: winner } of done)
    assert.deepEqual(
      [winner.redirectUrl, winner.payment?.status, winner.payment?.amount?.rials],
      ['', PaymentStatus.PAID, 0n],
    );
  const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
  assert.equal(refused.length, CONTENDERS - USES);
  for (const { reason } of refused) await rejectsWith(Promise.reject(reason), 'EXC_ORDERS_DISCOUNT_CODE_IS_INVALID');
  assert.equal((await stack.db.discountCode.findUniqueOrThrow({ where: { code: 'FREE3' } })).usedCount, USES);
  assert.equal(
    await stack.db.purchasedPlan.count({ where: { employerId: { in: buyers.map((b) => b.employerId) } } }),
    USES,
  );
});

test(`${CONTENDERS} gateway payments race for a code's ${USES} uses: ${USES} orders complete, the other payers' money goes to their wallets`, async () => {
  await addDiscountCode(stack.db, { code: 'HALF3', percent: 50, maxUses: USES });
  const buyers = await Promise.all(Array.from({ length: CONTENDERS }, () => cart()));
  const authorities: string[] = [];
  for (const buyer of buyers) {
    await stack.billing.applyDiscount({ employerId: buyer.employerId, code: 'HALF3' }, { userId: buyer.owner });
    const { authority } = await startGateway(buyer.owner, buyer.order.id);
    await stack.billing.decideSandboxPayment({ authority, approve: true });
    authorities.push(authority);
  }
  const answers = await Promise.all(
    authorities.map((authority) => stack.billing.submitPayment({ authority, status: 'OK' })),
  );
  const statuses = answers.map((a) => a.status);
  assert.equal(
    statuses.filter((status) => status === PaymentStatus.PAID).length,
    USES,
    `exactly ${USES} payments complete: ${statuses.join(', ')}`,
  );
  assert.equal(
    statuses.filter((status) => status === PaymentStatus.FAILED).length,
    CONTENDERS - USES,
    'the others fail',
  );
  assert.equal((await stack.db.discountCode.findUniqueOrThrow({ where: { code: 'HALF3' } })).usedCount, USES);
  for (const [i, buyer] of buyers.entries()) {
    const won = statuses[i] === PaymentStatus.PAID;
    const wallet = (await stack.billing.getWallet({ employerId: buyer.employerId }, { userId: buyer.owner })).wallet;
    assert.equal(
      wallet?.balance?.rials ?? 0n,
      won ? 0n : 1_450_000n,
      won ? 'a winner keeps nothing in the wallet' : 'what the provider took is kept for them',
    );
    const order = (
      await stack.billing.getOrder({ employerId: buyer.employerId, orderId: buyer.order.id }, { userId: buyer.owner })
    ).order;
    assert.equal(order?.status, won ? OrderStatus.PAID : OrderStatus.PENDING);
  }
});

test('wallet payment: refused when the balance is short, else paid in one transaction', async () => {
  const { owner, employerId, order } = await cart(PLAN.basic);
  await rejectsWith(
    stack.billing.startPayment({ orderId: order.id, method: PaymentMethod.WALLET }, { userId: owner }),
    'EXC_FINANCE_WALLET_BALANCE_IS_NOT_SUFFICIENT',
  );
  assert.equal(await stack.db.payment.count({ where: { orderId: order.id } }), 0, 'nothing written');
  // Money from a refund (cancel-reserve is tested with the plans; here written as the ledger would).
  await stack.db.$transaction(async (tx) => {
    await tx.wallet.create({ data: { employerId, balanceRials: 3_000_000n, updatedAt: new Date() } });
    await tx.walletEntry.create({
      data: {
        id: crypto.randomUUID(),
        employerId,
        amountRials: 3_000_000n,
        reason: 'reservation_refund',
        createdAt: new Date(),
      },
    });
  });
  const paid = await stack.billing.startPayment({ orderId: order.id, method: PaymentMethod.WALLET }, { userId: owner });
  assert.deepEqual(
    [paid.payment?.status, paid.payment?.method, paid.redirectUrl],
    [PaymentStatus.PAID, PaymentMethod.WALLET, ''],
  );
  const wallet = (await stack.billing.getWallet({ employerId }, { userId: owner })).wallet!;
  assert.equal(wallet.balance?.rials, 100_000n);
  assert.deepEqual(wallet.entries.map((e) => e.amount?.rials).sort(), [-2_900_000n, 3_000_000n].sort());
  assert.equal(
    (await stack.billing.getOrder({ employerId, orderId: order.id }, { userId: owner })).order?.status,
    OrderStatus.PAID,
  );
  await rejectsWith(
    stack.billing.startPayment({ orderId: order.id, method: PaymentMethod.WALLET }, { userId: owner }),
    'EXC_ORDERS_ORDER_IS_NOT_PENDING',
  );
});

test('the same cart paid from the wallet five times at once is debited once', async () => {
  const { owner, employerId, order } = await cart(PLAN.basic);
  await stack.db.$transaction(async (tx) => {
    await tx.wallet.create({ data: { employerId, balanceRials: 10_000_000n, updatedAt: new Date() } });
    await tx.walletEntry.create({
      data: {
        id: crypto.randomUUID(),
        employerId,
        amountRials: 10_000_000n,
        reason: 'reservation_refund',
        createdAt: new Date(),
      },
    });
  });
  const results = await Promise.allSettled(
    Array.from({ length: 5 }, () =>
      stack.billing.startPayment({ orderId: order.id, method: PaymentMethod.WALLET }, { userId: owner }),
    ),
  );
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
  for (const refused of results.filter((r) => r.status === 'rejected')) {
    await rejectsWith(Promise.reject((refused as PromiseRejectedResult).reason), 'EXC_ORDERS_ORDER_IS_NOT_PENDING');
  }
  const wallet = (await stack.billing.getWallet({ employerId }, { userId: owner })).wallet!;
  assert.equal(wallet.balance?.rials, 7_100_000n);
  assert.equal(wallet.entries.length, 2);
});

test('the sandbox page of an unknown authority is not found', async () => {
  await rejectsWith(stack.billing.getSandboxPayment({ authority: 'S-none' }), 'EXC_FINANCE_PAYMENT_NOT_FOUND');
  await rejectsWith(
    stack.billing.decideSandboxPayment({ authority: '', approve: true }),
    'EXC_FINANCE_PAYMENT_NOT_FOUND',
  );
});
