// The promo code: the banner's FIRSTAD makes an employer's first plan free, once; discount codes
// have a per-employer limit and a first-purchase flag, counted in the paying transaction under
// the code's lock, so two completions racing for an employer's last use grant one; disabled
// codes are refused; the banner answers a flagged, usable code.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServiceTestDatabase } from '@darmankar/platform/testing';
import { OrderStatus, PaymentMethod, PaymentStatus, PurchasedPlanStatus } from '@darmankar/proto/billing/v1/billing_pb';
import { isDomainError } from '@darmankar/platform/errors/domain-error';
import { createDatabase } from '../src/db/client.ts';
import { BILLING_SERVICE_DIR } from '../src/db/migrate.ts';
import { countUse } from '../src/domain/discounts.ts';
import {
  addDiscountCode,
  buyWithSandbox,
  newAgent,
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

/** The uses of `code` written for the employer (one per paid order). */
async function usesOf(code: string, employerId: string): Promise<number> {
  const row = await stack.db.discountCode.findUniqueOrThrow({ where: { code } });
  return stack.db.discountCodeUse.count({ where: { discountCodeId: row.id, employerId } });
}

test('the banner shows FIRSTAD; it makes the first plan free and active at once, with no provider, once per employer', async () => {
  assert.equal((await stack.billing.getBannerDiscount({})).code, 'FIRSTAD');
  const { owner, employerId } = await newEmployer(stack);
  const cart = (await stack.billing.createCart({ employerId, planId: PLAN.professional }, { userId: owner })).order!;
  const discounted = (await stack.billing.applyDiscount({ employerId, code: ' firstad ' }, { userId: owner })).order!;
  assert.equal(discounted.discountCode, 'FIRSTAD');
  assert.equal(discounted.discount?.rials, 9_900_000n);
  assert.equal(discounted.total?.rials, 0n);

  const started = await stack.billing.startPayment(
    { orderId: cart.id, method: PaymentMethod.GATEWAY },
    { userId: owner },
  );
  assert.equal(started.redirectUrl, '', 'nothing to pay: no provider');
  assert.equal(started.payment?.status, PaymentStatus.PAID);
  const order = (await stack.billing.getOrder({ employerId, orderId: cart.id }, { userId: owner })).order!;
  assert.equal(order.status, OrderStatus.PAID);
  const held = await stack.billing.getResources({ employerId }, { userId: owner });
  assert.equal(held.active?.status, PurchasedPlanStatus.ACTIVE);
  assert.equal(held.active?.orderId, cart.id);
  assert.equal(await usesOf('FIRSTAD', employerId), 1);

  // A second plan: the code is spent for this employer (and it is no first purchase any more).
  await stack.billing.createCart({ employerId, planId: PLAN.basic }, { userId: owner });
  await rejectsWith(
    stack.billing.applyDiscount({ employerId, code: 'FIRSTAD' }, { userId: owner }),
    'EXC_ORDERS_DISCOUNT_CODE_ALREADY_USED',
  );

  // Another employer still may.
  const other = await newEmployer(stack);
  await stack.billing.createCart({ employerId: other.employerId, planId: PLAN.basic }, { userId: other.owner });
  const theirs = (
    await stack.billing.applyDiscount({ employerId: other.employerId, code: 'FIRSTAD' }, { userId: other.owner })
  ).order!;
  assert.equal(theirs.total?.rials, 0n);
});

test('a first-purchase code is refused to an employer that already paid an order', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await buyWithSandbox(stack, owner, employerId, PLAN.basic);
  await stack.billing.createCart({ employerId, planId: PLAN.professional }, { userId: owner });
  await rejectsWith(
    stack.billing.applyDiscount({ employerId, code: 'FIRSTAD' }, { userId: owner }),
    'EXC_ORDERS_DISCOUNT_CODE_ALREADY_USED',
  );
  assert.equal(await usesOf('FIRSTAD', employerId), 0);
});

test('a per-employer limit counts paid uses only: the code paid through the provider is then refused to that employer', async () => {
  await addDiscountCode(stack.db, { code: 'TWICE-EACH', percent: 50 });
  await stack.db.discountCode.update({ where: { code: 'TWICE-EACH' }, data: { maxUsesPerEmployer: 2 } });
  const { owner, employerId } = await newEmployer(stack);

  // Applied and removed: no use.
  const first = (await stack.billing.createCart({ employerId, planId: PLAN.basic }, { userId: owner })).order!;
  await stack.billing.applyDiscount({ employerId, code: 'TWICE-EACH' }, { userId: owner });
  await stack.billing.removeDiscount({ orderId: first.id }, { userId: owner });
  await stack.billing.applyDiscount({ employerId, code: 'TWICE-EACH' }, { userId: owner });
  assert.equal(await usesOf('TWICE-EACH', employerId), 0, 'applying is not using');
  await stack.billing.deleteCart({ orderId: first.id }, { userId: owner });

  for (const planId of [PLAN.basic, PLAN.professional]) {
    const cart = (await stack.billing.createCart({ employerId, planId }, { userId: owner })).order!;
    await stack.billing.applyDiscount({ employerId, code: 'TWICE-EACH' }, { userId: owner });
    const started = await stack.billing.startPayment(
      { orderId: cart.id, method: PaymentMethod.GATEWAY },
      { userId: owner },
    );
    const authority = new URL(started.redirectUrl).pathname.split('/').pop()!;
    await stack.billing.decideSandboxPayment({ authority, approve: true });
    await stack.billing.submitPayment({ authority, status: 'OK' });
    assert.equal(
      (await stack.billing.getOrder({ employerId, orderId: cart.id }, { userId: owner })).order?.status,
      OrderStatus.PAID,
    );
  }
  assert.equal(await usesOf('TWICE-EACH', employerId), 2);
  assert.equal((await stack.db.discountCode.findUniqueOrThrow({ where: { code: 'TWICE-EACH' } })).usedCount, 2);

  stack.clock.advance(31 * 24 * 60 * 60 * 1000); // the basic plan ends, so another may be bought
  await stack.billing.createCart({ employerId, planId: PLAN.enterprise }, { userId: owner });
  await rejectsWith(
    stack.billing.applyDiscount({ employerId, code: 'TWICE-EACH' }, { userId: owner }),
    'EXC_ORDERS_DISCOUNT_CODE_ALREADY_USED',
  );
});

test('the owner and an agent with Billing pay the same free cart at once: granted once, one use', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const agent = await newAgent(stack, owner, employerId, ['Billing']);
  const cart = (await stack.billing.createCart({ employerId, planId: PLAN.enterprise }, { userId: owner })).order!;
  await stack.billing.applyDiscount({ employerId, code: 'FIRSTAD' }, { userId: agent });
  const results = await Promise.allSettled(
    [owner, agent, owner, agent].map((userId) =>
      stack.billing.startPayment({ orderId: cart.id, method: PaymentMethod.WALLET }, { userId }),
    ),
  );
  assert.equal(results.filter((result) => result.status === 'fulfilled').length, 1);
  for (const result of results) {
    if (result.status === 'rejected')
      assert.ok(
        isDomainError(result.reason) && result.reason.codes.includes('EXC_ORDERS_ORDER_IS_NOT_PENDING'),
        String(result.reason),
      );
  }
  assert.equal(await usesOf('FIRSTAD', employerId), 1);
  assert.equal(await stack.db.purchasedPlan.count({ where: { employerId } }), 1);
  assert.equal(await stack.db.payment.count({ where: { orderId: cart.id, status: 'paid' } }), 1);
});

test("two completions racing for an employer's last use of a code: the second waits on the code and is refused", async () => {
  await addDiscountCode(stack.db, { code: 'ONCE-EACH', percent: 20 });
  const code = await stack.db.discountCode.update({
    where: { code: 'ONCE-EACH' },
    data: { maxUsesPerEmployer: 1 },
  });
  const { employerId } = await newEmployer(stack);
  // Two orders of one employer, both using the code (written directly: the cart allows one
  // pending order at a time, and this is about the paying transaction's own guard).
  const orders = await Promise.all(
    ['cancelled', 'pending'].map((status) =>
      stack.db.order.create({
        data: {
          id: randomUUID(),
          employerId,
          status,
          planId: PLAN.basic,
          priceRials: 2_900_000n,
          discountCodeId: code.id,
          discountCode: code.code,
          discountRials: 580_000n,
          totalRials: 2_320_000n,
          createdAt: new Date(stack.clock()),
        },
      }),
    ),
  );
  const blockedOnTheCode = async () => {
    for (;;) {
      const [row] = await stack.db.$queryRaw<{ waiting: bigint }[]>`
        SELECT count(*) AS waiting FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'`;
      if (row!.waiting > 0n) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  let secondDone!: Promise<unknown>;
  const first = stack.db.$transaction(
    async (tx) => {
      await countUse(tx, code, orders[0]!, stack.clock());
      // Holds its use uncommitted until the second completion waits on the code's row (or,
      // were the lock missing, has finished without waiting).
      secondDone = stack.db.$transaction((tx2) => countUse(tx2, code, orders[1]!, stack.clock()), { timeout: 20_000 });
      await Promise.race([blockedOnTheCode(), secondDone.catch(() => undefined)]);
    },
    { timeout: 20_000 },
  );
  await first;
  await rejectsWith(secondDone, 'EXC_ORDERS_DISCOUNT_CODE_ALREADY_USED');
  assert.equal(await usesOf('ONCE-EACH', employerId), 1);
  assert.equal((await stack.db.discountCode.findUniqueOrThrow({ where: { id: code.id } })).usedCount, 1);
});

test('a disabled code is refused, and the banner answers only a flagged code that is usable now', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await addDiscountCode(stack.db, { code: 'SWITCHED-OFF', percent: 10 });
  await stack.db.discountCode.update({ where: { code: 'SWITCHED-OFF' }, data: { disabledAt: new Date() } });
  await stack.billing.createCart({ employerId, planId: PLAN.basic }, { userId: owner });
  await rejectsWith(
    stack.billing.applyDiscount({ employerId, code: 'SWITCHED-OFF' }, { userId: owner }),
    'EXC_ORDERS_DISCOUNT_CODE_IS_INVALID',
  );

  // A newer banner code that has not started yet is not shown; FIRSTAD still is.
  await addDiscountCode(stack.db, { code: 'LATER', percent: 30, startsAt: new Date(stack.clock() + 60_000) });
  await stack.db.discountCode.update({ where: { code: 'LATER' }, data: { banner: true } });
  assert.equal((await stack.billing.getBannerDiscount({})).code, 'FIRSTAD');
  stack.clock.advance(60_000);
  assert.equal((await stack.billing.getBannerDiscount({})).code, 'LATER', 'the newest usable banner code');

  await stack.db.discountCode.updateMany({ where: { banner: true }, data: { disabledAt: new Date() } });
  assert.equal((await stack.billing.getBannerDiscount({})).code, undefined, 'none: no code');
  await rejectsWith(
    stack.billing.applyDiscount({ employerId, code: 'FIRSTAD' }, { userId: owner }),
    'EXC_ORDERS_DISCOUNT_CODE_IS_INVALID',
  );
});

const REPO = path.resolve(fileURLToPath(new URL('../../../', import.meta.url)));

/** `npm run discounts -w @darmankar/billing -- …` as an operator runs it: its exit code and output. */
function discountsCommand(
  databaseUrl: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'discounts', '-w', '@darmankar/billing', '--', ...args],
      { cwd: REPO, env: { ...process.env, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

test('the operator command creates, lists and disables codes, with exit codes 0, 1 (refused) and 2 (usage)', async () => {
  const database = await createServiceTestDatabase('billing_cli', BILLING_SERVICE_DIR);
  const db = createDatabase(database.url);
  try {
    const created = await discountsCommand(database.url, [
      'create',
      '--code',
      'spring-05',
      '--percent',
      '20',
      '--max-uses',
      '100',
      '--max-uses-per-employer',
      '1',
      '--first-purchase-only',
      '--banner',
      '--starts',
      '2026-03-21',
      '--ends',
      '2026-04-20',
      '--plans',
      'basic,professional',
    ]);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /^created\tSPRING-05\t20%\tuses 0\/100\tper employer 1\t/);
    const row = await db.discountCode.findUniqueOrThrow({ where: { code: 'SPRING-05' } });
    assert.equal(row.percent, 20);
    assert.equal(row.maxUses, 100);
    assert.equal(row.maxUsesPerEmployer, 1);
    assert.equal(row.firstPurchaseOnly, true);
    assert.equal(row.banner, true);
    assert.equal(row.startsAt?.toISOString(), '2026-03-21T00:00:00.000Z');
    assert.equal(row.endsAt?.toISOString(), '2026-04-20T00:00:00.000Z');
    assert.deepEqual(row.planIds, [PLAN.basic, PLAN.professional]);

    const amount = await discountsCommand(database.url, ['create', '--code', 'MINUS50', '--amount-rials', '500000']);
    assert.equal(amount.code, 0, amount.stderr);
    assert.equal((await db.discountCode.findUniqueOrThrow({ where: { code: 'MINUS50' } })).amountRials, 500_000n);

    const duplicate = await discountsCommand(database.url, ['create', '--code', 'SPRING-05', '--percent', '5']);
    assert.equal(duplicate.code, 1);
    assert.match(duplicate.stderr, /SPRING-05 exists/);
    const both = await discountsCommand(database.url, [
      'create',
      '--code',
      'X1X',
      '--percent',
      '5',
      '--amount-rials',
      '9',
    ]);
    assert.equal(both.code, 1);
    assert.match(both.stderr, /exactly one of --percent and --amount-rials/);
    const unknownPlan = await discountsCommand(database.url, [
      'create',
      '--code',
      'X2X',
      '--percent',
      '5',
      '--plans',
      'gold',
    ]);
    assert.equal(unknownPlan.code, 1);
    assert.match(unknownPlan.stderr, /no plan gold/);
    const badOption = await discountsCommand(database.url, ['create', '--code', 'X3X', '--pct', '5']);
    assert.equal(badOption.code, 2);
    assert.match(badOption.stderr, /usage:/);
    assert.equal((await discountsCommand(database.url, [])).code, 2);
    assert.equal((await discountsCommand(database.url, ['create', '--code', 'X4X', '--percent', 'ten'])).code, 2);
    assert.equal(
      await db.discountCode.count({ where: { code: { startsWith: 'X' } } }),
      0,
      'nothing refused was written',
    );

    const disabled = await discountsCommand(database.url, ['disable', 'spring-05']);
    assert.equal(disabled.code, 0, disabled.stderr);
    assert.notEqual((await db.discountCode.findUniqueOrThrow({ where: { code: 'SPRING-05' } })).disabledAt, null);
    assert.equal((await discountsCommand(database.url, ['disable', 'NOPE'])).code, 1);

    const listed = await discountsCommand(database.url, ['list']);
    assert.equal(listed.code, 0, listed.stderr);
    const lines = listed.stdout.trim().split('\n');
    assert.deepEqual(
      lines.map((line) => line.split('\t')[0]),
      ['FIRSTAD', 'SPRING-05', 'MINUS50'],
    );
    assert.equal(lines[0], 'FIRSTAD\t100%\tuses 0\tper employer 1\tfirst-purchase-only\tbanner');
    assert.match(lines[1]!, /\tfirst-purchase-only\tbanner\tdisabled$/);
    assert.equal(lines[2], 'MINUS50\t500000 rials\tuses 0');
  } finally {
    await db.$disconnect();
    await database.drop();
  }
});
