// One active and one reserved plan: a purchase paid while a plan is active waits, reserved;
// activating it is refused until the active one ends (the clock moves, nobody sleeps);
// cancelling it credits the wallet in the same transaction.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fromBinary } from '@bufbuild/protobuf';
import { OrderPaidSchema, ReservedPlanCancelledSchema } from '@darmankar/proto/billing/v1/events_pb';
import { OrderStatus, PaymentMethod, PurchasedPlanStatus } from '@darmankar/proto/billing/v1/billing_pb';
import { buyWithSandbox, DAY_MS, newEmployer, PLAN, rejectsWith, startStack, type Stack } from './helpers.ts';

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.stop();
});

test('active, then reserved; a third purchase is refused while both are held; activation waits for the active plan to end', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await buyWithSandbox(stack, owner, employerId, PLAN.basic);
  stack.clock.advance(DAY_MS);
  const second = await buyWithSandbox(stack, owner, employerId, PLAN.professional);
  let held = await stack.billing.getResources({ employerId }, { userId: owner });
  assert.equal(held.active?.plan?.slug, 'basic');
  assert.equal(held.reserved?.plan?.slug, 'professional');
  assert.equal(held.reserved?.status, PurchasedPlanStatus.RESERVED);
  assert.equal(held.reserved?.activatedAtMs, undefined, 'its time has not started');
  assert.equal(held.reserved?.expiresAtMs, undefined);
  assert.equal(held.canActivateReserved, false, 'the active plan still runs');
  const rows = await stack.db.$queryRawUnsafe<{ payload: Buffer }[]>(
    `SELECT payload FROM outbox WHERE key = $1 AND type = $2 ORDER BY seq`,
    employerId,
    OrderPaidSchema.typeName,
  );
  assert.deepEqual(
    rows.map((row) => fromBinary(OrderPaidSchema, row.payload).reserved),
    [false, true],
  );

  await rejectsWith(
    stack.billing.createCart({ employerId, planId: PLAN.enterprise }, { userId: owner }),
    'EXC_PRODUCTS_ALREADY_HAS_RESERVED_PLAN',
  );
  await rejectsWith(
    stack.billing.activateReservedPlan({ employerId }, { userId: owner }),
    'EXC_PRODUCTS_ALREADY_HAS_ACTIVE_PLAN',
  );

  // The basic plan's 30 days run out.
  stack.clock.advance(30 * DAY_MS);
  held = await stack.billing.getResources({ employerId }, { userId: owner });
  assert.equal(held.active, undefined, 'an active plan whose time ran out no longer counts');
  assert.equal(held.canActivateReserved, true, 'so the reservation may start');
  const activated = (await stack.billing.activateReservedPlan({ employerId }, { userId: owner })).purchasedPlan!;
  assert.equal(activated.status, PurchasedPlanStatus.ACTIVE);
  assert.equal(activated.orderId, second.order.id);
  assert.equal(activated.activatedAtMs, BigInt(stack.clock()));
  assert.equal(activated.expiresAtMs, BigInt(stack.clock() + 30 * DAY_MS));
  await rejectsWith(
    stack.billing.activateReservedPlan({ employerId }, { userId: owner }),
    'EXC_PRODUCTS_RESERVED_PLAN_NOT_FOUND',
  );
  assert.equal(
    (await stack.billing.getResources({ employerId }, { userId: owner })).canActivateReserved,
    false,
    'nothing left to activate',
  );

  const all = await stack.billing.listPurchasedPlans({ employerId }, { userId: owner });
  assert.deepEqual(
    all.items.map((p) => p.status),
    [PurchasedPlanStatus.ACTIVE, PurchasedPlanStatus.EXPIRED],
  );
  const one = await stack.billing.getPurchasedPlan({ employerId, id: activated.id }, { userId: owner });
  assert.equal(one.purchasedPlan?.id, activated.id);
  await rejectsWith(
    stack.billing.getPurchasedPlan({ employerId, id: crypto.randomUUID() }, { userId: owner }),
    'EXC_PRODUCTS_PURCHASED_PLAN_NOT_FOUND',
  );
});

test('cancelling the reservation credits what was paid to the wallet, which then pays a cart', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await rejectsWith(
    stack.billing.cancelReservedPlan({ employerId }, { userId: owner }),
    'EXC_PRODUCTS_RESERVED_PLAN_NOT_FOUND',
  );
  const first = await buyWithSandbox(stack, owner, employerId, PLAN.basic);
  const reserved = await buyWithSandbox(stack, owner, employerId, PLAN.professional);
  const cancelled = await stack.billing.cancelReservedPlan({ employerId }, { userId: owner });
  assert.equal(cancelled.purchasedPlan?.status, PurchasedPlanStatus.CANCELLED);
  assert.equal(cancelled.wallet?.balance?.rials, 9_900_000n);
  assert.deepEqual(
    cancelled.wallet?.entries.map((e) => [e.amount?.rials, e.reason]),
    [[9_900_000n, 'reservation_refund']],
  );
  const events = await stack.db.$queryRawUnsafe<{ payload: Buffer }[]>(
    `SELECT payload FROM outbox WHERE key = $1 AND type = $2`,
    employerId,
    ReservedPlanCancelledSchema.typeName,
  );
  assert.equal(events.length, 1);
  assert.equal(fromBinary(ReservedPlanCancelledSchema, events[0]!.payload).refunded?.rials, 9_900_000n);
  await rejectsWith(
    stack.billing.cancelReservedPlan({ employerId }, { userId: owner }),
    'EXC_PRODUCTS_RESERVED_PLAN_NOT_FOUND',
  );
  // The purchase history says where the reservation's money went: the order stays paid, with the credit.
  const history = await stack.billing.listOrders({ employerId, page: { page: 1, pageSize: 10 } }, { userId: owner });
  const refunded = history.items.find((item) => item.id === reserved.order.id)!;
  assert.equal(refunded.status, OrderStatus.PAID);
  assert.deepEqual(
    refunded.credits.map((e) => [e.amount?.rials, e.reason]),
    [[9_900_000n, 'reservation_refund']],
  );
  assert.ok(refunded.credits[0]!.createdAtMs > 0n);
  assert.deepEqual(
    history.items.find((item) => item.id === first.order.id)?.credits,
    [],
    'the active plan’s order put nothing back',
  );
  assert.deepEqual(
    (await stack.billing.getOrder({ employerId, orderId: reserved.order.id }, { userId: owner })).order?.credits.map(
      (e) => e.reason,
    ),
    ['reservation_refund'],
  );

  // The refund buys another reservation from the wallet.
  const order = (await stack.billing.createCart({ employerId, planId: PLAN.basic }, { userId: owner })).order!;
  await stack.billing.startPayment({ orderId: order.id, method: PaymentMethod.WALLET }, { userId: owner });
  const held = await stack.billing.getResources({ employerId }, { userId: owner });
  assert.equal(held.reserved?.orderId, order.id);
  assert.equal((await stack.billing.getWallet({ employerId }, { userId: owner })).wallet?.balance?.rials, 7_000_000n);
});

test('a plan whose resources are all used counts as ended: the next purchase is active at once', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await buyWithSandbox(stack, owner, employerId, PLAN.basic);
  await stack.billing.consumeResource({ employerId, kind: 1, referenceId: 'posting-1' }, { userId: owner });
  const next = await buyWithSandbox(stack, owner, employerId, PLAN.professional);
  let held = await stack.billing.getResources({ employerId }, { userId: owner });
  assert.equal(held.active?.orderId, next.order.id);
  assert.equal(held.reserved, undefined);
  assert.equal(held.canActivateReserved, false, 'nothing is reserved');

  // Reserved behind the professional plan, which then uses up every resource: the reservation may start.
  await buyWithSandbox(stack, owner, employerId, PLAN.basic);
  assert.equal((await stack.billing.getResources({ employerId }, { userId: owner })).canActivateReserved, false);
  const professional = held.active!.remaining;
  for (const resource of professional) {
    for (let i = 0; i < resource.quantity; i++)
      await stack.billing.consumeResource(
        { employerId, kind: resource.kind, referenceId: `used-${resource.kind}-${i}` },
        { userId: owner },
      );
  }
  held = await stack.billing.getResources({ employerId }, { userId: owner });
  assert.deepEqual([held.active, held.reserved?.plan?.slug, held.canActivateReserved], [undefined, 'basic', true]);
  assert.equal(
    (await stack.billing.activateReservedPlan({ employerId }, { userId: owner })).purchasedPlan?.status,
    PurchasedPlanStatus.ACTIVE,
  );
});
