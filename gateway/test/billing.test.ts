// products/*, orders/* and finance/* through the real gateway, auth, employer and billing
// services, walking what an employer owner does: pick a plan, fill the cart, apply a discount
// code, pay through the sandbox provider, come back through the callback, and see the plan
// active; then a second plan reserved, cancelled into the wallet, and a third paid from it.
// Strangers, agents without the Billing permission and malformed input are refused.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { billingConfig, billingService, type RunningBillingService } from '@darmankar/billing';
import { employerConfig, employerService, type RunningEmployerService } from '@darmankar/employer';
import { createLogger } from '@darmankar/platform/log';
import { dropDatabase, serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, freePort, testPostgresUrl, type TestDatabase } from '@darmankar/platform/testing';
import { assertError, CookieJar, login, newCellphone, startStack, type Stack } from './helpers.ts';

// The plans billing's migration puts on sale, and the discount codes this test seeds.
const PLAN = {
  basic: '0b6f3c2e-6d0a-4c51-9a10-000000000001',
  professional: '0b6f3c2e-6d0a-4c51-9a10-000000000002',
  enterprise: '0b6f3c2e-6d0a-4c51-9a10-000000000003',
};
const SEED = { name: 'gateway-billing-test', dir: fileURLToPath(new URL('./fixtures/billing-seed/', import.meta.url)) };
const WEB = 'http://127.0.0.1:3999';

const eventsUrl = (() => {
  const url = new URL(testPostgresUrl());
  url.pathname = `/dk_test_events_gw_billing_${randomBytes(4).toString('hex')}`;
  return url.toString();
})();

let stack: Stack;
let employerDb: TestDatabase;
let billingDb: TestDatabase;
let employer: RunningEmployerService;
let billing: RunningBillingService;

before(async () => {
  employerDb = await createTestDatabase('gateway_billing_employer', serviceMigrationSets(employerService.dir));
  billingDb = await createTestDatabase('gateway_billing', [...serviceMigrationSets(billingService.dir), SEED]);
  const [employerPort, billingPort] = [await freePort(), await freePort()];
  stack = await startStack({
    authEnv: { EVENTS_DATABASE_URL: eventsUrl },
    gatewayEnv: { EMPLOYER_GRPC_URL: `127.0.0.1:${employerPort}`, BILLING_GRPC_URL: `127.0.0.1:${billingPort}` },
  });
  employer = await employerService.start(
    employerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: employerDb.url,
      GRPC_PORT: String(employerPort),
      EVENTS_DATABASE_URL: eventsUrl,
      AUTH_GRPC_URL: `127.0.0.1:${stack.auth.port}`,
      FILES_GRPC_URL: '127.0.0.1:1',
    }),
    { log: createLogger('employer-test', 'silent') },
  );
  billing = await billingService.start(
    billingConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: billingDb.url,
      GRPC_PORT: String(billingPort),
      EVENTS_DATABASE_URL: eventsUrl,
      EMPLOYER_GRPC_URL: `127.0.0.1:${employerPort}`,
      PUBLIC_WEB_URL: WEB,
      PAYMENT_PROVIDER: 'sandbox',
    }),
    { log: createLogger('billing-test', 'silent'), clock: stack.clock },
  );
});
after(async () => {
  await stack?.stop();
  await billing?.stop();
  await employer?.stop();
  await billingDb?.drop();
  await employerDb?.drop();
  await dropDatabase(eventsUrl);
});

let lastOctet = 0;
/** Each client its own address, as browsers behind the web app are: no per-IP limit is shared. */
const newClientIp = () => `10.11.${process.pid % 250}.${(++lastOctet % 250) + 1}`;

interface Client {
  id: string | undefined;
  headers: Record<string, string>;
}

async function user(cellphone = newCellphone()): Promise<Client & { cellphone: string }> {
  const { session, user: who } = await login(stack.url, cellphone);
  return {
    id: who.id,
    cellphone,
    headers: { authorization: `Bearer ${session!.accessToken}`, 'x-forwarded-for': newClientIp() },
  };
}
const anonymous = (): Client => ({ id: undefined, headers: { 'x-forwarded-for': newClientIp() } });

function call(client: Client, method: string, route: string, body?: unknown): Promise<Response> {
  return fetch(`${stack.url}/api/v1/${route}`, {
    method,
    headers: { ...client.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function ok<T = any>(response: Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  assert.equal(answer.status, status, `expected ${status}, got ${answer.status} ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

async function newEmployer(owner: Client, brand = 'درمانگاه صورتحساب'): Promise<string> {
  return (await ok<{ id: string }>(call(owner, 'POST', 'employers', { brand }))).id;
}

/** The payer's trip through the sandbox page: the page, the button, the callback address. */
async function throughSandbox(redirectUrl: string, approve: boolean): Promise<{ authority: string; status: string }> {
  const page = new URL(redirectUrl);
  assert.equal(page.origin, WEB, "the sandbox page is the web app's");
  const authority = decodeURIComponent(page.pathname.replace(/^\/payments\/sandbox\//, ''));
  const payer = anonymous();
  const shown = await ok(call(payer, 'GET', `finance/sandbox/${authority}`));
  assert.equal(shown.decided, false);
  const { redirectUrl: back } = await ok<{ redirectUrl: string }>(
    call(payer, 'POST', `finance/sandbox/${authority}`, { approve }),
  );
  const callback = new URL(back);
  assert.equal(`${callback.origin}${callback.pathname}`, `${WEB}/orders/payment-callback`);
  assert.equal(callback.searchParams.get('Authority'), authority);
  return { authority, status: callback.searchParams.get('Status')! };
}

const submit = (authority: string, status: string) =>
  call(anonymous(), 'POST', 'finance/payments/submit', { authority, status });

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

  const submitted = await ok(submit(authority, status));
  assert.equal(submitted.employerId, employerId);
  assert.deepEqual([submitted.payment.id, submitted.payment.status], [started.payment.id, 'paid']);
  assert.ok(submitted.payment.reference, "the provider's reference");
  assert.ok(submitted.payment.completedAt);

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

  const cancelled = await pay(PLAN.basic, false);
  assert.equal(cancelled.submitted.payment.status, 'failed');
  const stillThere = await ok(call(owner, 'GET', `orders/${employerId}/cart/current-order`));
  assert.deepEqual(
    [stillThere.id, stillThere.status, stillThere.payments.map((p: any) => p.status)],
    [cancelled.cart.id, 'pending', ['failed']],
  );
  await pay(PLAN.basic);

  const second = await pay(PLAN.professional);
  assert.equal(second.submitted.payment.status, 'paid');
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
    'basic (failed, then paid), professional, enterprise (cancelled), basic from the wallet',
  );

  // The active plan's thirty days run out: the service says the reservation may start, and it does.
  stack.clock.advance(31 * 24 * 60 * 60 * 1000);
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
  const jar = new CookieJar(stack.clock);
  await login(stack.url, owner.cellphone, jar);
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
  const broken = await fetch(`${stack.url}/api/v1/orders/cart`, {
    method: 'POST',
    headers: { ...owner.headers, 'content-type': 'application/json' },
    body: '{"employerId":',
  });
  await assertError(broken, 400, 'EXC_BAD_REQUEST');
});
