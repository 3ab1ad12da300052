// What the gateway's billing routes decide before the billing service is asked: the session,
// the shape of ids and bodies, and the per-IP budget of the anonymous payment look-ups. The
// billing service is not running here, so whatever gets past these answers 503.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertError, login, newCellphone, startStack, type Stack } from './helpers.ts';

const LOOKUP_POINTS = 3;
const UUID = '3f1c9a52-7d4e-4b8a-9c1f-2e6d5a7b8c90';

let stack: Stack;
let bearer: Record<string, string>;

before(async () => {
  // Nothing listens on port 1: a call that reaches the service fails fast as unavailable.
  stack = await startStack({
    gatewayEnv: { BILLING_GRPC_URL: '127.0.0.1:1', RATE_LIMIT_LOOKUP_IP_POINTS: String(LOOKUP_POINTS) },
  });
  const { session } = await login(stack.url, newCellphone());
  bearer = { authorization: `Bearer ${session!.accessToken}` };
});
after(() => stack.stop());

let lastOctet = 0;
const newClientIp = () => `10.9.${process.pid % 250}.${(++lastOctet % 250) + 1}`;

function call(method: string, route: string, headers: Record<string, string> = {}, body?: unknown): Promise<Response> {
  return fetch(`${stack.url}/api/v1/${route}`, {
    method,
    headers: {
      'x-forwarded-for': newClientIp(),
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

test("the employer's billing calls need a session; the plans, the callback and the sandbox do not", async () => {
  await assertError(await call('GET', `products/${UUID}/resources`), 401, 'EXC_AUTHENTICATION_REQUIRED');
  await assertError(
    await call('POST', 'orders/cart', {}, { employerId: UUID, planId: UUID }),
    401,
    'EXC_AUTHENTICATION_REQUIRED',
  );
  await assertError(await call('GET', `finance/${UUID}/wallet`), 401, 'EXC_AUTHENTICATION_REQUIRED');
  await assertError(
    await call('POST', `finance/${UUID}/wallet/top-ups`, {}, { amountRials: 1_000_000 }),
    401,
    'EXC_AUTHENTICATION_REQUIRED',
  );
  await assertError(await call('GET', `finance/${UUID}/wallet/top-ups/50000`), 401, 'EXC_AUTHENTICATION_REQUIRED');
  await assertError(await call('GET', `orders/${UUID}/invoices/${UUID}`), 401, 'EXC_AUTHENTICATION_REQUIRED');
  // The banner's code is public (and so never taken for orders/{employerId}/…).
  await assertError(await call('GET', 'orders/discounts/banner'), 503, 'EXC_SERVICE_UNAVAILABLE');
  // Past the session check, on to the (stopped) service.
  await assertError(await call('GET', 'products/plans/list'), 503, 'EXC_SERVICE_UNAVAILABLE');
  await assertError(
    await call(
      'POST',
      'finance/payments/submit',
      {},
      { authority: 'A0000000000000000000000000000012345', status: 'OK' },
    ),
    503,
    'EXC_SERVICE_UNAVAILABLE',
  );
  await assertError(await call('GET', 'finance/sandbox/SB-1'), 503, 'EXC_SERVICE_UNAVAILABLE');
});

test('ids that are not UUIDs are refused as a bad request before any call', async () => {
  await assertError(await call('GET', 'products/not-a-uuid/resources', bearer), 400, 'EXC_BAD_REQUEST');
  await assertError(await call('GET', `products/${UUID}/purchased-plans/42`, bearer), 400, 'EXC_BAD_REQUEST');
  await assertError(await call('GET', 'products/purchased-plans/list?employerId=1', bearer), 400, 'EXC_BAD_REQUEST');
  await assertError(await call('PUT', 'orders/1/cart', bearer, { planId: UUID }), 400, 'EXC_BAD_REQUEST');
  await assertError(await call('DELETE', 'orders/1%27%20or%201=1/cart', bearer), 400, 'EXC_BAD_REQUEST');
  await assertError(await call('GET', `orders/${UUID}/cart/abc`, bearer), 400, 'EXC_BAD_REQUEST');
  await assertError(await call('GET', `orders/${UUID}/invoices/1000`, bearer), 400, 'EXC_BAD_REQUEST');
  await assertError(await call('GET', `orders/abc/invoices/${UUID}`, bearer), 400, 'EXC_BAD_REQUEST');
  await assertError(
    await call('POST', 'finance/1/wallet/top-ups', bearer, { amountRials: 1_000_000 }),
    400,
    'EXC_BAD_REQUEST',
  );
  await assertError(
    await call('POST', 'orders/cart', bearer, { employerId: UUID, planId: 'basic' }),
    400,
    'EXC_BAD_REQUEST',
  );
});

test('bodies: a missing field, an unknown method or status, an empty discount code each have their code', async () => {
  await assertError(await call('POST', 'orders/cart', bearer, { employerId: UUID }), 400, 'EXC_BAD_REQUEST');
  await assertError(
    await call('POST', 'orders/payments', bearer, { orderId: UUID, method: 'cash' }),
    400,
    'EXC_FINANCE_PAYMENT_METHOD_IS_INVALID',
  );
  await assertError(
    await call('POST', 'orders/payments', bearer, { orderId: UUID }),
    400,
    'EXC_FINANCE_PAYMENT_METHOD_IS_INVALID',
  );
  await assertError(
    await call('POST', 'orders/payments', bearer, { orderId: 'x', method: 'wallet' }),
    400,
    'EXC_BAD_REQUEST',
  );
  await assertError(
    await call('POST', 'orders/cart/discounts', bearer, { employerId: UUID, code: '   ' }),
    400,
    'EXC_ORDERS_DISCOUNT_CODE_IS_REQUIRED',
  );
  await assertError(
    await call('POST', 'finance/payments/submit', {}, { authority: 'A1', status: 'MAYBE' }),
    400,
    'EXC_FINANCE_PAYMENT_STATUS_IS_INVALID',
  );
  await assertError(await call('POST', 'finance/payments/submit', {}, { status: 'OK' }), 400, 'EXC_BAD_REQUEST');
  await assertError(await call('POST', 'finance/sandbox/SB-1', {}, { approve: 'yes' }), 400, 'EXC_BAD_REQUEST');
  await assertError(await call('GET', `orders/${UUID}/list?page=0`, bearer), 400, 'EXC_PAGINATION_PAGE_IS_INVALID');
});

test('the anonymous look-ups by authority share a per-IP budget; another address still has its own', async () => {
  const ip = { 'x-forwarded-for': '10.10.10.10' };
  const submit = () =>
    call('POST', 'finance/payments/submit', ip, { authority: 'A00000000000000000000000000000guess', status: 'OK' });
  await assertError(await submit(), 503, 'EXC_SERVICE_UNAVAILABLE');
  await assertError(await call('GET', 'finance/sandbox/SB-2', ip), 503, 'EXC_SERVICE_UNAVAILABLE');
  await assertError(await call('POST', 'finance/sandbox/SB-2', ip, { approve: true }), 503, 'EXC_SERVICE_UNAVAILABLE');
  const refused = await submit();
  assert.ok(Number(refused.headers.get('retry-after')) > 0, 'Retry-After says when to come back');
  await assertError(refused, 429, 'EXC_TOO_MANY_REQUESTS');
  await assertError(
    await call('POST', 'finance/payments/submit', {}, { authority: 'A1', status: 'NOK' }),
    503,
    'EXC_SERVICE_UNAVAILABLE',
  );
});

test('a top-up amount that is not a positive whole number of rials is refused before any call', async () => {
  for (const amountRials of [0, -1_000_000, 1.5, '1000000', null, 2 ** 53, true])
    await assertError(
      await call('POST', `finance/${UUID}/wallet/top-ups`, bearer, { amountRials }),
      422,
      'EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID',
    );
  await assertError(
    await call('POST', `finance/${UUID}/wallet/top-ups`, bearer, {}),
    422,
    'EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID',
  );
  // A whole amount goes on to the service, which judges the bounds.
  await assertError(
    await call('POST', `finance/${UUID}/wallet/top-ups`, bearer, { amountRials: 1_000_000 }),
    503,
    'EXC_SERVICE_UNAVAILABLE',
  );
});

test('a payment number is digits from 1 (Persian digits too), else EXC_FINANCE_PAYMENT_NUMBER_IS_INVALID', async () => {
  for (const number of ['0', '-5', '1.5', 'abc', '5e4', '1234567890123456', '%20'])
    await assertError(
      await call('GET', `finance/${UUID}/wallet/top-ups/${number}`, bearer),
      400,
      'EXC_FINANCE_PAYMENT_NUMBER_IS_INVALID',
    );
  for (const number of ['50000', encodeURIComponent('۵۰۰۰۰')])
    await assertError(
      await call('GET', `finance/${UUID}/wallet/top-ups/${number}`, bearer),
      503,
      'EXC_SERVICE_UNAVAILABLE',
    );
});
