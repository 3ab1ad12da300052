// products/*, orders/* and finance/* through the real gateway, auth, employer and billing
// services, walking what an employer owner does: pick a plan, fill the cart, apply a discount
// code, pay through the sandbox provider, come back through the callback, and see the plan
// active; then a second plan reserved, cancelled into the wallet, and a third paid from it.
// Strangers, agents without the Billing permission and malformed input are refused.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { assertError, CookieJar, login, newCellphone } from './helpers.ts';
import {
  anonymous,
  caller,
  newClientIp,
  newEmployer as openEmployer,
  ok,
  PLAN,
  startBillingStack,
  SUBMIT_KEYS,
  submitter,
  throughSandbox as walkSandbox,
  user as logIn,
  type BillingStack,
  type Client,
} from './billing-support.ts';

let running: BillingStack;
let call: ReturnType<typeof caller>;
let submit: ReturnType<typeof submitter>;

before(async () => {
  running = await startBillingStack('billing');
  call = caller(running.url);
  submit = submitter(running.url);
});
after(() => running?.stop());

const user = (cellphone?: string) => logIn(running.url, cellphone);
const newEmployer = (owner: Client, brand?: string) => openEmployer(running.url, owner, brand);
const throughSandbox = (redirectUrl: string, approve: boolean) => walkSandbox(running.url, redirectUrl, approve);

test('anyone sees the plans: cheapest first, rials as integers, resources as words', async () => {
  const { items } = await ok(call(anonymous(), 'GET', 'products/plans/list'));
  assert.deepEqual(
    items.map((plan: any) => plan.id),
    [PLAN.basic, PLAN.professional, PLAN.enterprise],
  );
  const professional = items[1];
  assert.equal(professional.priceRials, 9_900_000);
  assert.ok(Number.isInteger(professional.priceRials));
  assert.equal(professional.durationDays, 30);
  assert.deepEqual(professional.resources, [
    { kind: 'recruitment', quantity: 5 },
    { kind: 'featured', quantity: 1 },
  ]);
  assert.match(professional.title, /[\u0600-\u06ff]/);
});

test('an owner fills a cart, applies a discount code, pays through the sandbox and gets the plan', async () => {
  const owner = await user();
  const employerId = await newEmployer(owner);

  assert.equal((await call(owner, 'GET', `orders/${employerId}/cart/current-order`)).status, 204, 'no cart yet');

  const cart = await ok(call(owner, 'POST', 'orders/cart', { employerId, planId: PLAN.professional }), 200);
  assert.equal(cart.status, 'pending');
  assert.equal(cart.employerId, employerId);
  assert.ok(cart.number >= 1000);
  assert.deepEqual([cart.subtotalRials, cart.discountRials, cart.totalRials], [9_900_000, 0, 9_900_000]);
  assert.deepEqual([cart.discountCode, cart.paidAt, cart.payments], [null, null, []]);
  await assertError(
    await call(owner, 'POST', 'orders/cart', { employerId, planId: PLAN.basic }),
    409,
    'EXC_ORDERS_PENDING_ORDER_EXISTS',
  );

  await assertError(
    await call(owner, 'PUT', `orders/${cart.id}/cart`, { planId: PLAN.professional }),
    409,
    'EXC_ORDERS_SAME_ORDER_IN_CART',
  );
  await assertError(
    await call(owner, 'PUT', `orders/${cart.id}/cart`, { planId: randomUUID() }),
    404,
    'EXC_PRODUCTS_PLAN_NOT_FOUND',
  );
  const changed = await ok(call(owner, 'PUT', `orders/${cart.id}/cart`, { planId: PLAN.basic }));
  assert.deepEqual([changed.id, changed.items[0].plan.id, changed.totalRials], [cart.id, PLAN.basic, 2_900_000]);

  await assertError(
    await call(owner, 'POST', 'orders/cart/discounts', { employerId, code: 'NO-SUCH-CODE' }),
    422,
    'EXC_ORDERS_DISCOUNT_CODE_IS_INVALID',
  );
  const discounted = await ok(call(owner, 'POST', 'orders/cart/discounts', { employerId, code: ' gateway20 ' }));
  assert.deepEqual(
    [discounted.discountCode, discounted.subtotalRials, discounted.discountRials, discounted.totalRials],
    ['GATEWAY20', 2_900_000, 580_000, 2_320_000],
  );
  const current = await ok(call(owner, 'GET', `orders/${employerId}/cart/current-order`));
  assert.equal(current.id, cart.id);
  assert.equal(current.totalRials, 2_320_000);

  await assertError(
    await call(owner, 'POST', 'orders/payments', { orderId: cart.id, method: 'wallet' }),
    422,
    'EXC_FINANCE_WALLET_BALANCE_IS_NOT_SUFFICIENT',
  );
  const started = await ok(call(owner, 'POST', 'orders/payments', { orderId: cart.id, method: 'gateway' }), 200);
  assert.deepEqual(
    [started.payment.method, started.payment.status, started.payment.amountRials, started.payment.reference],
    ['gateway', 'pending', 2_320_000, null],
  );
  const { authority, status } = await throughSandbox(started.redirectUrl, true);
  assert.equal(status, 'OK');
  await assertError(
    await call(anonymous(), 'POST', `finance/sandbox/${authority}`, { approve: false }),
    409,
    'EXC_FINANCE_SANDBOX_PAYMENT_ALREADY_DECIDED',
  );
  assert.equal((await ok(call(anonymous(), 'GET', `finance/sandbox/${authority}`))).decided, true);

  // The callback's answer is anyone's who holds the authority: the outcome and the order, no more.
  const submitted = await ok(submit(authority, status));
  assert.deepEqual(Object.keys(submitted).sort(), SUBMIT_KEYS);
  assert.deepEqual(submitted, { status: 'paid', purpose: 'order', orderId: cart.id, paymentNumber: null });
  const payment = await ok(call(owner, 'GET', `orders/${cart.id}/payments/${started.payment.id}`));
  assert.equal(payment.status, 'paid');
  assert.ok(payment.reference, "the provider's reference, for the owner");
  assert.ok(payment.completedAt);
  assert.deepEqual(
    [payment.purpose, payment.employerId, payment.orderId, payment.number],
    ['order', employerId, cart.id, started.payment.number],
  );

  const { active, reserved, canActivateReserved } = await ok(call(owner, 'GET', `products/${employerId}/resources`));
  assert.equal(reserved, null);
  assert.equal(canActivateReserved, false, 'nothing is reserved');
  assert.deepEqual(
    [active.plan.id, active.status, active.orderId, active.paidRials],
    [PLAN.basic, 'active', cart.id, 2_320_000],
  );
  assert.deepEqual(
    active.remaining.find((left: any) => left.kind === 'recruitment'),
    { kind: 'recruitment', quantity: 1 },
  );
  assert.equal(
    Date.parse(active.expiresAt) - Date.parse(active.activatedAt),
    30 * 24 * 60 * 60 * 1000,
    'thirty days from payment',
  );

  const history = await ok(call(owner, 'GET', `orders/${employerId}/list`));
  assert.equal(history.page.total, 1);
  assert.deepEqual(
    [history.items[0].id, history.items[0].status, history.items[0].payments[0].status],
    [cart.id, 'paid', 'paid'],
  );
  assert.ok(history.items[0].paidAt);
  assert.equal(
    (await call(owner, 'GET', `orders/${employerId}/cart/current-order`)).status,
    204,
    'the paid order is no cart',
  );
  assert.equal((await ok(call(owner, 'GET', `orders/${employerId}/cart/${cart.id}`))).status, 'paid');
  assert.equal((await ok(call(owner, 'GET', `orders/${cart.id}/payments/${started.payment.id}`))).status, 'paid');
  await assertError(
    await call(owner, 'GET', `orders/${cart.id}/payments/${randomUUID()}`),
    404,
    'EXC_FINANCE_PAYMENT_NOT_FOUND',
  );

  // The payer reloads the callback page: the same answer, nothing bought twice.
  assert.deepEqual(await ok(submit(authority, status)), submitted);
  const bought = await ok(call(owner, 'GET', `products/purchased-plans/list?employerId=${employerId}`));
  assert.equal(bought.page.total, 1);
  assert.equal(bought.items.length, 1);
  assert.deepEqual(await ok(call(owner, 'GET', `products/${employerId}/purchased-plans/${active.id}`)), active);
  await assertError(
    await call(owner, 'GET', `products/${employerId}/purchased-plans/${randomUUID()}`),
    404,
    'EXC_PRODUCTS_PURCHASED_PLAN_NOT_FOUND',
  );
  await assertError(
    await call(owner, 'PUT', `orders/${cart.id}/cart`, { planId: PLAN.enterprise }),
    409,
    'EXC_ORDERS_ORDER_IS_NOT_PENDING',
  );
  await assertError(await submit(`S${'0'.repeat(35)}`, 'OK'), 404, 'EXC_FINANCE_PAYMENT_NOT_FOUND');
});

test('a cancelled payment keeps the cart; a plan bought while one is active waits reserved, and cancelling it credits the wallet', async () => {
  const owner = await user();
  const employerId = await newEmployer(owner);
  const pay = async (planId: string, approve = true) => {
    const cart =
      (await call(owner, 'GET', `orders/${employerId}/cart/current-order`)).status === 204
        ? await ok(call(owner, 'POST', 'orders/cart', { employerId, planId }), 200)
        : await ok(call(owner, 'GET', `orders/${employerId}/cart/current-order`));
    const started = await ok(call(owner, 'POST', 'orders/payments', { orderId: cart.id, method: 'gateway' }), 200);
    const back = await throughSandbox(started.redirectUrl, approve);
    return { cart, submitted: await ok(submit(back.authority, back.status)) };
  };

  // The payer cancelled: the provider does not confirm it, and a callback alone fails nothing.
  const cancelled = await pay(PLAN.basic, false);
  assert.deepEqual(cancelled.submitted, {
    status: 'pending',
    purpose: 'order',
    orderId: cancelled.cart.id,
    paymentNumber: null,
  });
  const stillThere = await ok(call(owner, 'GET', `orders/${employerId}/cart/current-order`));
  assert.deepEqual(
    [stillThere.id, stillThere.status, stillThere.payments.map((p: any) => p.status)],
    [cancelled.cart.id, 'pending', ['pending']],
  );
  await pay(PLAN.basic);

  const second = await pay(PLAN.professional);
  assert.equal(second.submitted.status, 'paid');
  const held = await ok(call(owner, 'GET', `products/${employerId}/resources`));
  assert.deepEqual(
    [
      held.active.plan.id,
      held.reserved.plan.id,
      held.reserved.status,
      held.reserved.activatedAt,
      held.reserved.expiresAt,
    ],
    [PLAN.basic, PLAN.professional, 'reserved', null, null],
  );
  assert.equal(held.canActivateReserved, false, 'the active plan still runs');
  await assertError(
    await call(owner, 'POST', 'orders/cart', { employerId, planId: PLAN.enterprise }),
    409,
    'EXC_PRODUCTS_ALREADY_HAS_RESERVED_PLAN',
  );
  await assertError(
    await call(owner, 'PUT', `products/${employerId}/purchased-plans/activate-reserve`),
    409,
    'EXC_PRODUCTS_ALREADY_HAS_ACTIVE_PLAN',
  );

  const refunded = await ok(call(owner, 'PUT', `products/${employerId}/purchased-plans/cancel-reserve`));
  assert.deepEqual([refunded.purchasedPlan.id, refunded.purchasedPlan.status], [held.reserved.id, 'cancelled']);
  assert.equal(refunded.wallet.balanceRials, 9_900_000);
  assert.deepEqual(await ok(call(owner, 'GET', `finance/${employerId}/wallet`)), refunded.wallet);
  await assertError(
    await call(owner, 'PUT', `products/${employerId}/purchased-plans/activate-reserve`),
    404,
    'EXC_PRODUCTS_RESERVED_PLAN_NOT_FOUND',
  );
  await assertError(
    await call(owner, 'PUT', `products/${employerId}/purchased-plans/cancel-reserve`),
    404,
    'EXC_PRODUCTS_RESERVED_PLAN_NOT_FOUND',
  );
  // The history's order of the cancelled reservation stays paid and carries the credit.
  const history = await ok(call(owner, 'GET', `orders/${employerId}/list?page=1&pageSize=10`));
  const reservedOrder = history.items.find((item: any) => item.id === second.cart.id);
  assert.equal(reservedOrder.status, 'paid');
  assert.deepEqual(
    reservedOrder.credits.map((credit: any) => [credit.amountRials, credit.reason]),
    [[9_900_000, 'reservation_refund']],
  );
  assert.match(reservedOrder.credits[0].createdAt, /^\d{4}-\d{2}-\d{2}T/);

  // A cart deleted is cancelled for good; the next one is paid from the wallet, with no provider.
  const dropped = await ok(call(owner, 'POST', 'orders/cart', { employerId, planId: PLAN.enterprise }), 200);
  assert.equal((await call(owner, 'DELETE', `orders/${dropped.id}/cart`)).status, 204);
  assert.equal((await ok(call(owner, 'GET', `orders/${employerId}/cart/${dropped.id}`))).status, 'cancelled');
  await assertError(await call(owner, 'DELETE', `orders/${dropped.id}/cart`), 409, 'EXC_ORDERS_ORDER_IS_NOT_PENDING');

  const fromWallet = await ok(call(owner, 'POST', 'orders/cart', { employerId, planId: PLAN.basic }), 200);
  const withCode = await ok(call(owner, 'POST', 'orders/cart/discounts', { employerId, code: 'GATEWAY20' }));
  assert.equal(withCode.totalRials, 2_320_000);
  const withoutCode = await ok(call(owner, 'DELETE', `orders/${fromWallet.id}/cart/discounts`));
  assert.deepEqual([withoutCode.discountCode, withoutCode.discountRials, withoutCode.totalRials], [null, 0, 2_900_000]);
  const paid = await ok(call(owner, 'POST', 'orders/payments', { orderId: fromWallet.id, method: 'wallet' }), 200);
  assert.deepEqual([paid.redirectUrl, paid.payment.method, paid.payment.status], ['', 'wallet', 'paid']);
  const wallet = await ok(call(owner, 'GET', `finance/${employerId}/wallet`));
  assert.equal(wallet.balanceRials, 7_000_000);
  assert.deepEqual(
    wallet.entries.map((entry: any) => entry.amountRials).sort((a: number, b: number) => a - b),
    [-2_900_000, 9_900_000],
  );
  assert.equal((await ok(call(owner, 'GET', `products/${employerId}/resources`))).reserved.plan.id, PLAN.basic);
  assert.equal(
    (await ok(call(owner, 'GET', `orders/${employerId}/list?page=1&pageSize=2`))).page.total,
    4,
    'basic (cancelled by the payer, then paid), professional, enterprise (cancelled), basic from the wallet',
  );

  // The active plan's thirty days run out: the service says the reservation may start, and it does.
  running.stack.clock.advance(31 * 24 * 60 * 60 * 1000);
  const back = await user(owner.cellphone);
  const ended = await ok(call(back, 'GET', `products/${employerId}/resources`));
  assert.deepEqual([ended.active, ended.reserved.plan.id, ended.canActivateReserved], [null, PLAN.basic, true]);
  const started = await ok(call(back, 'PUT', `products/${employerId}/purchased-plans/activate-reserve`));
  assert.equal(started.status, 'active');
  const after = await ok(call(back, 'GET', `products/${employerId}/resources`));
  assert.deepEqual([after.active.id, after.reserved, after.canActivateReserved], [started.id, null, false]);
});

test('a stranger is refused every employer-scoped call; an agent needs the Billing permission', async () => {
  const owner = await user();
  const employerId = await newEmployer(owner);
  const cart = await ok(call(owner, 'POST', 'orders/cart', { employerId, planId: PLAN.basic }), 200);
  const stranger = await user();
  for (const [method, route, body] of [
    ['GET', `products/${employerId}/resources`],
    ['GET', `products/purchased-plans/list?employerId=${employerId}`],
    ['GET', `orders/${employerId}/cart/current-order`],
    ['GET', `orders/${employerId}/list`],
    ['GET', `finance/${employerId}/wallet`],
    ['PUT', `products/${employerId}/purchased-plans/cancel-reserve`],
    ['POST', 'orders/cart', { employerId, planId: PLAN.professional }],
    ['POST', 'orders/cart/discounts', { employerId, code: 'GATEWAY20' }],
    ['PUT', `orders/${cart.id}/cart`, { planId: PLAN.professional }],
    ['DELETE', `orders/${cart.id}/cart`],
    ['POST', 'orders/payments', { orderId: cart.id, method: 'gateway' }],
  ] as const) {
    await assertError(await call(stranger, method, route, body), 403, 'EXC_AUTHORIZATION_FORBIDDEN');
  }
  assert.equal(
    (await ok(call(owner, 'GET', `orders/${employerId}/cart/current-order`))).status,
    'pending',
    'the stranger changed nothing',
  );
  await assertError(
    await call(anonymous(), 'GET', `orders/${employerId}/cart/current-order`),
    401,
    'EXC_AUTHENTICATION_REQUIRED',
  );
  await assertError(
    await call(owner, 'GET', `orders/${randomUUID()}/cart/current-order`),
    404,
    'EXC_EMPLOYERS_NOT_FOUND',
  );

  const agentCellphone = newCellphone();
  await ok(
    call(owner, 'POST', `employers/${employerId}/agents`, {
      firstName: 'سارا',
      lastName: 'احمدی',
      cellphone: agentCellphone,
      permissions: ['EmployerEdit'],
    }),
  );
  const agent = await user(agentCellphone);
  await ok(call(agent, 'GET', 'employers')); // the first call links the invitation
  await assertError(
    await call(agent, 'GET', `orders/${employerId}/cart/current-order`),
    403,
    'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED',
  );
});

test("the browser's session cookie is a session too", async () => {
  const owner = await user();
  const employerId = await newEmployer(owner);
  const jar = new CookieJar(running.stack.clock);
  await login(running.url, owner.cellphone, jar);
  const browser: Client = { id: owner.id, headers: { cookie: jar.header(), 'x-forwarded-for': newClientIp() } };
  const cart = await ok(call(browser, 'POST', 'orders/cart', { employerId, planId: PLAN.enterprise }), 200);
  assert.equal((await ok(call(browser, 'GET', `orders/${employerId}/cart/current-order`))).id, cart.id);
});

test('malformed input is refused with a code, never a 500', async () => {
  const owner = await user();
  const employerId = await newEmployer(owner);
  await assertError(await call(owner, 'GET', 'products/42/resources'), 400, 'EXC_BAD_REQUEST');
  await assertError(await call(owner, 'POST', 'orders/cart', { employerId }), 400, 'EXC_BAD_REQUEST');
  await assertError(await call(owner, 'POST', 'orders/cart', { employerId, planId: 'basic' }), 400, 'EXC_BAD_REQUEST');
  await assertError(
    await call(owner, 'POST', 'orders/cart', { employerId, planId: randomUUID() }),
    404,
    'EXC_PRODUCTS_PLAN_NOT_FOUND',
  );
  await assertError(
    await call(owner, 'POST', 'orders/payments', { orderId: randomUUID(), method: 'bitcoin' }),
    400,
    'EXC_FINANCE_PAYMENT_METHOD_IS_INVALID',
  );
  await assertError(
    await call(owner, 'POST', 'orders/payments', { orderId: randomUUID(), method: 'wallet' }),
    404,
    'EXC_ORDERS_NOT_FOUND',
  );
  await assertError(
    await call(owner, 'POST', 'orders/cart/discounts', { employerId, code: 'GATEWAY20' }),
    404,
    'EXC_ORDERS_NOT_FOUND',
  );
  await assertError(
    await call(owner, 'GET', `orders/${employerId}/list?pageSize=500`),
    400,
    'EXC_PAGINATION_PAGE_SIZE_IS_INVALID',
  );
  await assertError(await call(owner, 'GET', `orders/${employerId}/cart/${randomUUID()}`), 404, 'EXC_ORDERS_NOT_FOUND');
  await assertError(await submit('S1', 'PAID'), 400, 'EXC_FINANCE_PAYMENT_STATUS_IS_INVALID');
  await assertError(await call(anonymous(), 'GET', 'finance/sandbox/..%2F..'), 400, 'EXC_BAD_REQUEST');
  await assertError(
    await call(anonymous(), 'GET', `finance/sandbox/S${'1'.repeat(35)}`),
    404,
    'EXC_FINANCE_PAYMENT_NOT_FOUND',
  );
  const broken = await fetch(`${running.url}/api/v1/orders/cart`, {
    method: 'POST',
    headers: { ...owner.headers, 'content-type': 'application/json' },
    body: '{"employerId":',
  });
  await assertError(broken, 400, 'EXC_BAD_REQUEST');
});
