// Wallet top-ups through the sandbox provider: credited once however the callback arrives
// (twice at once included), never on a callback the provider does not confirm (an early one,
// a tampered amount), bounded amounts, numbers only their employer can read.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fromBinary } from '@bufbuild/protobuf';
import { WalletToppedUpSchema } from '@darmankar/proto/billing/v1/events_pb';
import { PaymentMethod, PaymentPurpose, PaymentStatus } from '@darmankar/proto/billing/v1/billing_pb';
import { billingConfig } from '../src/config.ts';
import { authorityOf, newAgent, newEmployer, newUser, rejectsWith, startStack, type Stack } from './helpers.ts';

const MINUTE_MS = 60_000;

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.stop();
});

async function startTopUp(owner: string, employerId: string, rials: bigint) {
  const started = await stack.billing.startTopUp({ employerId, amount: { rials } }, { userId: owner });
  return { ...started, authority: authorityOf(started.redirectUrl) };
}

const balanceOf = async (owner: string, employerId: string) =>
  (await stack.billing.getWallet({ employerId }, { userId: owner })).wallet?.balance?.rials ?? 0n;

const toppedUpEvents = async (employerId: string) =>
  (
    await stack.db.$queryRawUnsafe<{ type: string; topic: string; payload: Buffer }[]>(
      `SELECT type, topic, payload FROM outbox WHERE key = $1 ORDER BY seq`,
      employerId,
    )
  ).filter((row) => row.type === WalletToppedUpSchema.typeName);

test('a top-up through the sandbox: a numbered pending payment, the page, the callback credits the wallet once with WalletToppedUp', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const started = await startTopUp(owner, employerId, 3_000_000n);
  const payment = started.payment!;
  assert.deepEqual(
    [payment.status, payment.purpose, payment.orderId, payment.employerId, payment.method, payment.amount?.rials],
    [PaymentStatus.PENDING, PaymentPurpose.TOP_UP, '', employerId, PaymentMethod.GATEWAY, 3_000_000n],
  );
  assert.ok(payment.number >= 50_000n);
  assert.equal(started.redirectUrl, `http://web.test/payments/sandbox/${started.authority}`);
  const page = await stack.billing.getSandboxPayment({ authority: started.authority });
  assert.equal(page.amount?.rials, 3_000_000n);
  assert.match(page.description, new RegExp(`کیف پول.*${payment.number}`), 'Persian, with the payment number');

  await stack.billing.decideSandboxPayment({ authority: started.authority, approve: true });
  const answer = await stack.billing.submitPayment({ authority: started.authority, status: 'OK' });
  assert.deepEqual(
    [answer.status, answer.purpose, answer.paymentNumber, answer.orderId],
    [PaymentStatus.PAID, PaymentPurpose.TOP_UP, payment.number, ''],
  );
  const again = await stack.billing.submitPayment({ authority: started.authority, status: 'OK' });
  assert.deepEqual(again, answer, 'a repeated return answers the same and credits nothing more');

  const topUp = await stack.billing.getTopUp({ employerId, paymentNumber: payment.number }, { userId: owner });
  assert.deepEqual(
    [topUp.payment?.status, topUp.payment?.id, topUp.balance?.rials],
    [PaymentStatus.PAID, payment.id, 3_000_000n],
  );
  assert.ok(topUp.payment?.reference, 'the provider reference, for the owner');

  const wallet = (await stack.billing.getWallet({ employerId }, { userId: owner })).wallet!;
  assert.equal(wallet.balance?.rials, 3_000_000n);
  assert.deepEqual(
    wallet.entries.map((entry) => [entry.reason, entry.amount?.rials, entry.paymentNumber, entry.orderNumber]),
    [['top_up', 3_000_000n, payment.number, undefined]],
  );
  assert.deepEqual([wallet.topUpMin?.rials, wallet.topUpMax?.rials], [100_000n, 1_000_000_000n]);

  const events = await toppedUpEvents(employerId);
  assert.equal(events.length, 1);
  assert.equal(events[0]!.topic, 'billing.order.v1');
  const event = fromBinary(WalletToppedUpSchema, events[0]!.payload);
  assert.deepEqual(
    [event.employerId, event.paymentNumber, event.amount?.rials, event.balance?.rials],
    [employerId, payment.number, 3_000_000n, 3_000_000n],
  );

  // The top-up pays for a plan from the wallet: the ledger names the order by its number.
  const order = (
    await stack.billing.createCart({ employerId, planId: '0b6f3c2e-6d0a-4c51-9a10-000000000001' }, { userId: owner })
  ).order!;
  await stack.billing.startPayment({ orderId: order.id, method: PaymentMethod.WALLET }, { userId: owner });
  const spent = (await stack.billing.getWallet({ employerId }, { userId: owner })).wallet!;
  assert.equal(spent.balance?.rials, 100_000n);
  const debit = spent.entries.find((entry) => entry.reason === 'order_payment')!;
  assert.deepEqual([debit.amount?.rials, debit.orderNumber], [-2_900_000n, order.number]);
});

test('the same top-up callback delivered six times at once credits once', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const { authority, payment } = await startTopUp(owner, employerId, 700_000n);
  await stack.billing.decideSandboxPayment({ authority, approve: true });
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) => stack.billing.submitPayment({ authority, status: i % 2 ? 'NOK' : 'OK' })),
  );
  assert.ok(answers.every((answer) => answer.status === PaymentStatus.PAID));
  assert.equal(await balanceOf(owner, employerId), 700_000n);
  assert.equal(await stack.db.walletEntry.count({ where: { employerId } }), 1);
  assert.equal(await stack.db.walletEntry.count({ where: { paymentId: payment!.id } }), 1);
  assert.equal((await toppedUpEvents(employerId)).length, 1);
});

test('an early callback, OK or NOK, before the payer decided leaves the top-up pending, and the payer can still pay', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const { authority, payment } = await startTopUp(owner, employerId, 300_000n);
  for (const status of ['NOK', 'OK']) {
    const early = await stack.billing.submitPayment({ authority, status });
    assert.deepEqual([early.status, early.paymentNumber], [PaymentStatus.PENDING, payment!.number]);
  }
  assert.equal(await balanceOf(owner, employerId), 0n);
  await stack.billing.decideSandboxPayment({ authority, approve: true });
  assert.equal((await stack.billing.submitPayment({ authority, status: 'OK' })).status, PaymentStatus.PAID);
  assert.equal(await balanceOf(owner, employerId), 300_000n);
});

test('a tampered amount (the provider holds another sum than our row) is not credited, stays pending, and is failed after the payment window', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const { authority, payment } = await startTopUp(owner, employerId, 5_000_000n);
  await stack.billing.decideSandboxPayment({ authority, approve: true });
  // The payer paid the provider 1,000 rials where our row says 5,000,000: verify with our amount fails.
  await stack.db.sandboxPayment.update({ where: { authority }, data: { amountRials: 1_000n } });
  const answer = await stack.billing.submitPayment({ authority, status: 'OK' });
  assert.equal(answer.status, PaymentStatus.PENDING);
  assert.equal(await balanceOf(owner, employerId), 0n);

  stack.clock.advance(10 * MINUTE_MS);
  await stack.reconcile();
  assert.equal((await stack.db.payment.findUniqueOrThrow({ where: { id: payment!.id } })).status, 'pending');
  stack.clock.advance(21 * MINUTE_MS);
  await stack.reconcile();
  const settled = await stack.billing.getTopUp({ employerId, paymentNumber: payment!.number }, { userId: owner });
  assert.deepEqual([settled.payment?.status, settled.balance?.rials], [PaymentStatus.FAILED, 0n]);
  assert.equal((await stack.billing.submitPayment({ authority, status: 'OK' })).status, PaymentStatus.FAILED);
  assert.equal(await stack.db.walletEntry.count({ where: { employerId } }), 0);
});

test('amounts out of bounds are refused before anything is written', async () => {
  const { owner, employerId } = await newEmployer(stack);
  for (const rials of [0n, 99_999n, 1_000_000_001n, -500_000n]) {
    await rejectsWith(
      stack.billing.startTopUp({ employerId, amount: { rials } }, { userId: owner }),
      'EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID',
    );
  }
  await rejectsWith(
    stack.billing.startTopUp({ employerId }, { userId: owner }),
    'EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID',
  );
  assert.equal(await stack.db.payment.count({ where: { employerId } }), 0);
  for (const rials of [100_000n, 1_000_000_000n])
    assert.equal((await startTopUp(owner, employerId, rials)).payment?.amount?.rials, rials, 'the bounds themselves');
});

test('a top-up number is read only by its employer: made-up, another employer’s or an order payment’s number is not found; a non-positive one is invalid', async () => {
  const mine = await newEmployer(stack);
  const theirs = await newEmployer(stack);
  const { payment: their } = await startTopUp(theirs.owner, theirs.employerId, 400_000n);
  await rejectsWith(
    stack.billing.getTopUp({ employerId: mine.employerId, paymentNumber: their!.number }, { userId: mine.owner }),
    'EXC_FINANCE_PAYMENT_NOT_FOUND',
  );
  await rejectsWith(
    stack.billing.getTopUp({ employerId: mine.employerId, paymentNumber: 987_654_321n }, { userId: mine.owner }),
    'EXC_FINANCE_PAYMENT_NOT_FOUND',
  );
  for (const paymentNumber of [0n, -50_000n]) {
    await rejectsWith(
      stack.billing.getTopUp({ employerId: mine.employerId, paymentNumber }, { userId: mine.owner }),
      'EXC_FINANCE_PAYMENT_NUMBER_IS_INVALID',
    );
  }
  const order = (
    await stack.billing.createCart(
      { employerId: mine.employerId, planId: '0b6f3c2e-6d0a-4c51-9a10-000000000001' },
      { userId: mine.owner },
    )
  ).order!;
  const orderPayment = await stack.billing.startPayment(
    { orderId: order.id, method: PaymentMethod.GATEWAY },
    { userId: mine.owner },
  );
  await rejectsWith(
    stack.billing.getTopUp(
      { employerId: mine.employerId, paymentNumber: orderPayment.payment!.number },
      { userId: mine.owner },
    ),
    'EXC_FINANCE_PAYMENT_NOT_FOUND',
  );
  assert.equal(
    (
      await stack.billing.getTopUp(
        { employerId: theirs.employerId, paymentNumber: their!.number },
        { userId: theirs.owner },
      )
    ).payment?.status,
    PaymentStatus.PENDING,
  );
});

test('top-ups need the owner or an agent with Billing', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const clerk = await newAgent(stack, owner, employerId, ['RecruitmentCreate']);
  const accountant = await newAgent(stack, owner, employerId, ['Billing']);
  const { payment } = await startTopUp(accountant, employerId, 200_000n);
  assert.equal(payment?.employerId, employerId);
  await rejectsWith(
    stack.billing.startTopUp({ employerId, amount: { rials: 200_000n } }, { userId: clerk }),
    'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED',
  );
  await rejectsWith(
    stack.billing.getTopUp({ employerId, paymentNumber: payment!.number }, { userId: clerk }),
    'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED',
  );
  await rejectsWith(
    stack.billing.startTopUp({ employerId, amount: { rials: 200_000n } }, { userId: newUser() }),
    'EXC_AUTHORIZATION_FORBIDDEN',
  );
  await rejectsWith(
    stack.billing.getTopUp({ employerId, paymentNumber: payment!.number }, { userId: newUser() }),
    'EXC_AUTHORIZATION_FORBIDDEN',
  );
  assert.equal(await stack.db.payment.count({ where: { employerId } }), 1, 'nothing written for the refused');
});

test('configuration: top-up bounds and the payment window are checked', () => {
  const base = { DATABASE_URL: 'postgres://x/y' };
  const defaults = billingConfig(base);
  assert.deepEqual(
    [
      defaults.TOP_UP_MIN_RIALS,
      defaults.TOP_UP_MAX_RIALS,
      defaults.RECONCILE_INTERVAL_MS,
      defaults.RECONCILE_MIN_AGE_MS,
      defaults.PAYMENT_WINDOW_MS,
    ],
    [100_000, 1_000_000_000, 60_000, 5 * MINUTE_MS, 30 * MINUTE_MS],
  );
  assert.throws(() => billingConfig({ ...base, TOP_UP_MIN_RIALS: '999' }), /TOP_UP_MIN_RIALS/, 'Zarinpal refuses less');
  assert.throws(
    () => billingConfig({ ...base, TOP_UP_MIN_RIALS: '500000', TOP_UP_MAX_RIALS: '400000' }),
    /TOP_UP_MAX_RIALS/,
  );
  assert.throws(
    () => billingConfig({ ...base, RECONCILE_MIN_AGE_MS: '600000', PAYMENT_WINDOW_MS: '600000' }),
    /PAYMENT_WINDOW_MS/,
  );
});
