// The catalogue and the cart: one pending order per employer holding one plan; a paid or
// cancelled order never changes; who may touch it is the employer service's answer.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { grpcServiceDefinition } from '@darmankar/platform/grpc';
import { create } from '@bufbuild/protobuf';
import { BillingService, GetWalletRequestSchema, OrderStatus } from '@darmankar/proto/billing/v1/billing_pb';
import {
  addDiscountCode,
  buyWithSandbox,
  newAgent,
  newEmployer,
  newUser,
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

test('anyone lists the three plans, cheapest first, with Persian titles and their resources', async () => {
  const { items } = await stack.billing.listPlans({});
  assert.deepEqual(
    items.map((plan) => plan.slug),
    ['basic', 'professional', 'enterprise'],
  );
  assert.deepEqual(
    items.map((plan) => plan.title),
    ['پایه', 'حرفه‌ای', 'سازمانی'],
  );
  assert.deepEqual(
    items.map((plan) => plan.price?.rials),
    [2_900_000n, 9_900_000n, 29_000_000n],
  );
  assert.deepEqual(
    items.map((plan) => plan.durationDays),
    [30, 30, 90],
  );
  assert.deepEqual(
    items[1]!.resources.map((r) => r.quantity),
    [5, 1],
  );
});

test('a cart holds one plan; a second cart while one is pending is refused', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const order = (await stack.billing.createCart({ employerId, planId: PLAN.basic }, { userId: owner })).order!;
  assert.equal(order.status, OrderStatus.PENDING);
  assert.equal(order.total?.rials, 2_900_000n);
  assert.ok(order.number >= 1000n, 'order numbers start at 1000');
  await rejectsWith(
    stack.billing.createCart({ employerId, planId: PLAN.professional }, { userId: owner }),
    'EXC_ORDERS_PENDING_ORDER_EXISTS',
  );
  const current = (await stack.billing.getCurrentOrder({ employerId }, { userId: owner })).order;
  assert.equal(current?.id, order.id);
});

test('two carts created at once: one is made, the other refused', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const results = await Promise.allSettled(
    [PLAN.basic, PLAN.professional, PLAN.enterprise].map((planId) =>
      stack.billing.createCart({ employerId, planId }, { userId: owner }),
    ),
  );
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
  assert.equal(await stack.db.order.count({ where: { employerId, status: 'pending' } }), 1);
});

test('changing the plan: the same plan is refused; a code that still applies stays, one that does not is dropped', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await addDiscountCode(stack.db, { code: 'CARTALL', percent: 10 });
  await addDiscountCode(stack.db, { code: 'CARTBASIC', percent: 50, planIds: [PLAN.basic] });
  const order = (await stack.billing.createCart({ employerId, planId: PLAN.basic }, { userId: owner })).order!;
  await rejectsWith(
    stack.billing.updateCart({ orderId: order.id, planId: PLAN.basic }, { userId: owner }),
    'EXC_ORDERS_SAME_ORDER_IN_CART',
  );

  const discounted = (await stack.billing.applyDiscount({ employerId, code: ' cartall ' }, { userId: owner })).order!;
  assert.equal(discounted.discountCode, 'CARTALL');
  assert.equal(discounted.total?.rials, 2_610_000n);
  const changed = (await stack.billing.updateCart({ orderId: order.id, planId: PLAN.professional }, { userId: owner }))
    .order!;
  assert.equal(changed.discountCode, 'CARTALL', 'a code for every plan stays');
  assert.equal(changed.total?.rials, 8_910_000n);

  await stack.billing.updateCart({ orderId: order.id, planId: PLAN.basic }, { userId: owner });
  await stack.billing.applyDiscount({ employerId, code: 'CARTBASIC' }, { userId: owner });
  const dropped = (await stack.billing.updateCart({ orderId: order.id, planId: PLAN.enterprise }, { userId: owner }))
    .order!;
  assert.equal(dropped.discountCode, undefined, 'a code only for the basic plan is dropped');
  assert.equal(dropped.total?.rials, 29_000_000n);
  await rejectsWith(
    stack.billing.updateCart({ orderId: order.id, planId: '0b6f3c2e-6d0a-4c51-9a10-0000000000ff' }, { userId: owner }),
    'EXC_PRODUCTS_PLAN_NOT_FOUND',
  );
});

test('a cancelled or paid order cannot change; a cancelled cart makes room for a new one', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const order = (await stack.billing.createCart({ employerId, planId: PLAN.basic }, { userId: owner })).order!;
  await stack.billing.deleteCart({ orderId: order.id }, { userId: owner });
  const cancelled = (await stack.billing.getOrder({ employerId, orderId: order.id }, { userId: owner })).order!;
  assert.equal(cancelled.status, OrderStatus.CANCELLED);
  await rejectsWith(
    stack.billing.updateCart({ orderId: order.id, planId: PLAN.professional }, { userId: owner }),
    'EXC_ORDERS_ORDER_IS_NOT_PENDING',
  );
  await rejectsWith(
    stack.billing.deleteCart({ orderId: order.id }, { userId: owner }),
    'EXC_ORDERS_ORDER_IS_NOT_PENDING',
  );
  assert.equal((await stack.billing.getCurrentOrder({ employerId }, { userId: owner })).order, undefined);

  const { order: paid } = await buyWithSandbox(stack, owner, employerId, PLAN.basic);
  await rejectsWith(
    stack.billing.updateCart({ orderId: paid.id, planId: PLAN.professional }, { userId: owner }),
    'EXC_ORDERS_ORDER_IS_NOT_PENDING',
  );
  await rejectsWith(
    stack.billing.removeDiscount({ orderId: paid.id }, { userId: owner }),
    'EXC_ORDERS_ORDER_IS_NOT_PENDING',
  );
  const history = await stack.billing.listOrders({ employerId, page: { page: 1, pageSize: 10 } }, { userId: owner });
  assert.deepEqual(
    history.items.map((o) => o.status),
    [OrderStatus.PAID, OrderStatus.CANCELLED],
    'newest first, cancelled kept',
  );
  assert.equal(history.page?.total, 2n);
});

test('bad input gets its own code', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await rejectsWith(
    stack.billing.createCart({ employerId: 'not-a-uuid', planId: PLAN.basic }, { userId: owner }),
    'EXC_EMPLOYERS_NOT_FOUND',
  );
  await rejectsWith(
    stack.billing.createCart({ employerId, planId: 'basic' }, { userId: owner }),
    'EXC_PRODUCTS_PLAN_NOT_FOUND',
  );
  await rejectsWith(
    stack.billing.updateCart({ orderId: 'nope', planId: PLAN.basic }, { userId: owner }),
    'EXC_ORDERS_ID_IS_INVALID',
  );
  await rejectsWith(stack.billing.deleteCart({ orderId: newUser() }, { userId: owner }), 'EXC_ORDERS_NOT_FOUND');
  await rejectsWith(
    stack.billing.applyDiscount({ employerId, code: '  ' }, { userId: owner }),
    'EXC_ORDERS_DISCOUNT_CODE_IS_REQUIRED',
  );
  await rejectsWith(
    stack.billing.listOrders({ employerId, page: { page: 1, pageSize: 500 } }, { userId: owner }),
    'EXC_PAGINATION_PAGE_SIZE_IS_INVALID',
  );
});

test('access: an agent without Billing is denied, an agent with it may, a stranger is forbidden, nobody needs a session', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const clerk = await newAgent(stack, owner, employerId, ['RecruitmentCreate']);
  const buyer = await newAgent(stack, owner, employerId, ['Billing']);
  await rejectsWith(
    stack.billing.createCart({ employerId, planId: PLAN.basic }, { userId: clerk }),
    'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED',
  );
  await rejectsWith(stack.billing.getWallet({ employerId }, { userId: newUser() }), 'EXC_AUTHORIZATION_FORBIDDEN');
  await rejectsWith(stack.billing.getCurrentOrder({ employerId }), 'EXC_AUTHENTICATION_REQUIRED');
  const order = (await stack.billing.createCart({ employerId, planId: PLAN.basic }, { userId: buyer })).order!;
  // Calls by order id ask about the order's own employer.
  await rejectsWith(
    stack.billing.deleteCart({ orderId: order.id }, { userId: clerk }),
    'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED',
  );
  await rejectsWith(
    stack.billing.deleteCart({ orderId: order.id }, { userId: newUser() }),
    'EXC_AUTHORIZATION_FORBIDDEN',
  );
  assert.equal(
    (await stack.billing.getOrder({ employerId, orderId: order.id }, { userId: owner })).order?.status,
    OrderStatus.PENDING,
  );
});

test('a call claiming a user without a caller assertion is refused before any rule runs', async () => {
  const { employerId } = await newEmployer(stack);
  const grpc = await import('@grpc/grpc-js');
  const Client = grpc.makeGenericClientConstructor(grpcServiceDefinition(BillingService), 'BillingService');
  const raw = new Client(stack.address, grpc.credentials.createInsecure()) as unknown as Record<string, Function> & {
    close(): void;
  };
  try {
    const metadata = new grpc.Metadata();
    metadata.set('x-user-id', newUser());
    const code = await new Promise<number>((resolve) =>
      raw.getWallet!(create(GetWalletRequestSchema, { employerId }), metadata, (error: { code: number } | null) =>
        resolve(error?.code ?? 0),
      ),
    );
    assert.equal(code, grpc.status.UNAUTHENTICATED);
  } finally {
    raw.close();
  }
});
