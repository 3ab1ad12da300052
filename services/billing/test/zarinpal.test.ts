// The Zarinpal adapter against a local server that speaks Zarinpal's REST v4 protocol (a
// double of the external provider; our own services are real): request and StartPay, verify's
// 100 (paid) and 101 (verified before), its error answers, and a provider too slow to answer.
import { generateKeyPairSync } from 'node:crypto';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OrderStatus, PaymentMethod, PaymentPurpose, PaymentStatus } from '@darmankar/proto/billing/v1/billing_pb';
import { createZarinpalProvider } from '../src/adapters/zarinpal.ts';
import { billingConfig } from '../src/config.ts';
import { newEmployer, PLAN, rejectsWith, startStack, type Stack } from './helpers.ts';

const MERCHANT = '1344b5d4-0048-11e8-94db-005056a205be';

/** What the fake Zarinpal knows: payments it was asked for, which were paid, which verified. */
interface Book {
  requests: Record<string, unknown>[];
  amounts: Map<string, number>;
  paid: Set<string>;
  verified: Set<string>;
  /** Milliseconds to wait before answering (a slow provider). */
  delayMs: number;
}

const book: Book = { requests: [], amounts: new Map(), paid: new Set(), verified: new Set(), delayMs: 0 };
let server: Server;
let baseUrl: string;
let counter = 0;

const error = (code: number, message: string) => ({ data: [], errors: { code, message, validations: [] } });

async function answer(request: IncomingMessage, response: ServerResponse) {
  let body = '';
  for await (const chunk of request) body += chunk;
  const input = JSON.parse(body || '{}') as Record<string, unknown>;
  await new Promise((resolve) => setTimeout(resolve, book.delayMs));
  const send = (value: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(value));
  };
  if (input.merchant_id !== MERCHANT) return send(error(-9, 'The input params invalid, validation error.'));
  if (request.url === '/pg/v4/payment/request.json') {
    book.requests.push(input);
    if (typeof input.amount !== 'number' || input.amount < 10_000)
      return send(error(-9, 'The amount must be at least 1000 toman.'));
    const authority = `A${String(++counter).padStart(35, '0')}`;
    book.amounts.set(authority, input.amount);
    return send({ data: { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 }, errors: [] });
  }
  if (request.url === '/pg/v4/payment/verify.json') {
    const authority = String(input.authority);
    if (!book.amounts.has(authority)) return send(error(-54, 'Invalid authority.'));
    if (book.amounts.get(authority) !== input.amount)
      return send(error(-50, 'Session is not valid, amounts values is not the same.'));
    if (!book.paid.has(authority)) return send(error(-51, 'Session is not valid, session is not active paid try.'));
    const code = book.verified.has(authority) ? 101 : 100;
    book.verified.add(authority);
    return send({
      data: {
        code,
        message: code === 100 ? 'Paid' : 'Verified',
        card_hash: 'abc',
        card_pan: '502229******5995',
        ref_id: 201,
        fee_type: 'Merchant',
        fee: 0,
      },
      errors: [],
    });
  }
  response.writeHead(404).end();
}

before(async () => {
  server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('request gives an authority and the StartPay page; verify answers 100, then 101 for the same authority', async () => {
  const zarinpal = createZarinpalProvider({ merchantId: MERCHANT, baseUrl, timeoutMs: 2000 });
  const started = await zarinpal.request({
    amountRials: 2_900_000,
    description: 'خرید بستهٔ پایه',
    callbackUrl: 'http://web.test/orders/payment-callback',
    orderId: 'order-1',
  });
  assert.equal(started.redirectUrl, `${baseUrl}/pg/StartPay/${started.authority}`);
  assert.deepEqual(book.requests.at(-1), {
    merchant_id: MERCHANT,
    amount: 2_900_000,
    currency: 'IRR',
    description: 'خرید بستهٔ پایه',
    callback_url: 'http://web.test/orders/payment-callback',
    metadata: { order_id: 'order-1' },
  });
  assert.deepEqual(await zarinpal.verify(started.authority, 2_900_000), { paid: false, code: '-51' }, 'not paid yet');
  book.paid.add(started.authority);
  assert.deepEqual(await zarinpal.verify(started.authority, 2_000_000), { paid: false, code: '-50' }, 'another amount');
  assert.deepEqual(await zarinpal.verify(started.authority, 2_900_000), {
    paid: true,
    alreadyVerified: false,
    reference: '201',
    card: '502229******5995',
  });
  assert.deepEqual(await zarinpal.verify(started.authority, 2_900_000), {
    paid: true,
    alreadyVerified: true,
    reference: '201',
    card: '502229******5995',
  });
});

test('a refused request, a wrong merchant and a provider that does not answer in time are EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE', async () => {
  const zarinpal = createZarinpalProvider({ merchantId: MERCHANT, baseUrl, timeoutMs: 200 });
  const payment = { amountRials: 5_000, description: 'کم', callbackUrl: 'http://web.test/cb', orderId: 'o' };
  await rejectsWith(zarinpal.request(payment), 'EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE');
  await rejectsWith(
    createZarinpalProvider({ merchantId: 'wrong', baseUrl, timeoutMs: 200 }).request({
      ...payment,
      amountRials: 100_000,
    }),
    'EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE',
  );
  await rejectsWith(
    createZarinpalProvider({ merchantId: MERCHANT, baseUrl: 'http://127.0.0.1:1', timeoutMs: 200 }).request({
      ...payment,
      amountRials: 100_000,
    }),
    'EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE',
  );
  book.delayMs = 1000;
  try {
    await rejectsWith(zarinpal.verify('A1', 100_000), 'EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE');
  } finally {
    book.delayMs = 0;
  }
});

test('the service with Zarinpal: paid once through request, StartPay and verify; a slow verify loses nothing and a later submit completes', async () => {
  const stack: Stack = await startStack({
    PAYMENT_PROVIDER: 'zarinpal',
    ZARINPAL_MERCHANT_ID: MERCHANT,
    ZARINPAL_BASE_URL: baseUrl,
    PAYMENT_TIMEOUT_MS: '300',
  });
  try {
    const { owner, employerId } = await newEmployer(stack);
    const order = (await stack.billing.createCart({ employerId, planId: PLAN.basic }, { userId: owner })).order!;
    const started = await stack.billing.startPayment(
      { orderId: order.id, method: PaymentMethod.GATEWAY },
      { userId: owner },
    );
    assert.match(started.redirectUrl, new RegExp(`^${baseUrl}/pg/StartPay/A\\d{35}$`));
    assert.equal(book.requests.at(-1)?.callback_url, 'http://web.test/orders/payment-callback');
    const authority = started.redirectUrl.split('/').pop()!;
    book.paid.add(authority);

    book.delayMs = 1000;
    try {
      await rejectsWith(
        stack.billing.submitPayment({ authority, status: 'OK' }),
        'EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE',
      );
    } finally {
      book.delayMs = 0;
    }
    const waiting = (await stack.billing.getOrder({ employerId, orderId: order.id }, { userId: owner })).order!;
    assert.deepEqual(
      [waiting.status, waiting.payments[0]?.status],
      [OrderStatus.PENDING, PaymentStatus.PENDING],
      'nothing decided, nothing lost',
    );

    // The slow verify reached Zarinpal, so the next one answers 101: still paid, completed once.
    const paid = await stack.billing.submitPayment({ authority, status: 'OK' });
    assert.deepEqual([paid.status, paid.orderId], [PaymentStatus.PAID, order.id]);
    const payment = (await stack.billing.getOrder({ employerId, orderId: order.id }, { userId: owner })).order!
      .payments[0]!;
    assert.deepEqual(
      [payment.status, payment.reference, payment.card],
      [PaymentStatus.PAID, '201', '502229******5995'],
    );
    assert.equal((await stack.billing.submitPayment({ authority, status: 'OK' })).status, PaymentStatus.PAID);
    assert.equal(await stack.db.purchasedPlan.count({ where: { employerId } }), 1);

    // A top-up through Zarinpal: no order to name, the payment's number in the description. Its
    // payer's NOK (Zarinpal's -51 on verify) leaves it pending; paid later, the next return credits it.
    const topUp = await stack.billing.startTopUp({ employerId, amount: { rials: 500_000n } }, { userId: owner });
    const asked = book.requests.at(-1)!;
    assert.equal(asked.metadata, undefined);
    assert.equal(asked.amount, 500_000);
    assert.match(String(asked.description), new RegExp(`کیف پول.*${topUp.payment!.number}`));
    const topUpAuthority = topUp.redirectUrl.split('/').pop()!;
    const nok = await stack.billing.submitPayment({ authority: topUpAuthority, status: 'NOK' });
    assert.deepEqual(
      [nok.status, nok.purpose, nok.paymentNumber, nok.orderId],
      [PaymentStatus.PENDING, PaymentPurpose.TOP_UP, topUp.payment!.number, ''],
    );
    book.paid.add(topUpAuthority);
    assert.equal(
      (await stack.billing.submitPayment({ authority: topUpAuthority, status: 'OK' })).status,
      PaymentStatus.PAID,
    );
    assert.equal((await stack.billing.getWallet({ employerId }, { userId: owner })).wallet?.balance?.rials, 500_000n);

    // The sandbox's calls are refused when Zarinpal takes the money.
    await rejectsWith(stack.billing.getSandboxPayment({ authority }), 'EXC_FINANCE_SANDBOX_IS_DISABLED');
    await rejectsWith(
      stack.billing.decideSandboxPayment({ authority, approve: true }),
      'EXC_FINANCE_SANDBOX_IS_DISABLED',
    );

    // Zarinpal refuses the request (here: an amount below its minimum): the payment fails, the cart stays.
    const other = await newEmployer(stack);
    await stack.db.discountCode.create({
      data: { id: crypto.randomUUID(), code: 'ALMOSTFREE', amountRials: 2_895_000n, createdAt: new Date() },
    });
    const cheap = (
      await stack.billing.createCart({ employerId: other.employerId, planId: PLAN.basic }, { userId: other.owner })
    ).order!;
    await stack.billing.applyDiscount({ employerId: other.employerId, code: 'ALMOSTFREE' }, { userId: other.owner });
    await rejectsWith(
      stack.billing.startPayment({ orderId: cheap.id, method: PaymentMethod.GATEWAY }, { userId: other.owner }),
      'EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE',
    );
    const after = (await stack.billing.getCurrentOrder({ employerId: other.employerId }, { userId: other.owner }))
      .order!;
    assert.deepEqual([after.id, after.payments.map((p) => p.status)], [cheap.id, [PaymentStatus.FAILED]]);
  } finally {
    await stack.stop();
  }
});

test('configuration: the sandbox is refused in production, Zarinpal there needs its merchant id, invoices a real seller', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://x/y',
    CALLER_ASSERTION_PUBLIC_KEY: 'k',
    CALLER_ASSERTION_PRIVATE_KEY: 'k',
  };
  assert.throws(() => billingConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' }), /PAYMENT_PROVIDER/);
  assert.throws(() => billingConfig({ ...production, PAYMENT_PROVIDER: 'zarinpal' }), /ZARINPAL_MERCHANT_ID/);
  // Invoices name the seller: the made-up development company is refused in production.
  const keys = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const zarinpal = {
    ...production,
    CALLER_ASSERTION_PUBLIC_KEY: keys.publicKey,
    CALLER_ASSERTION_PRIVATE_KEY: keys.privateKey,
    PAYMENT_PROVIDER: 'zarinpal',
    ZARINPAL_MERCHANT_ID: 'm'.repeat(36),
  };
  assert.throws(() => billingConfig(zarinpal), /INVOICE_SELLER_NAME.*INVOICE_SELLER_PHONE/s);
  const seller = {
    INVOICE_SELLER_NAME: 'شرکت سلامت‌یار نوین',
    INVOICE_SELLER_NATIONAL_ID: '10320894567',
    INVOICE_SELLER_ECONOMIC_CODE: '411133557799',
    INVOICE_SELLER_ADDRESS: 'تهران، خیابان شریعتی، پلاک ۴۰',
    INVOICE_SELLER_POSTAL_CODE: '1547713111',
    INVOICE_SELLER_PHONE: '021-22001100',
  };
  assert.equal(billingConfig({ ...zarinpal, ...seller }).INVOICE_SELLER_NAME, 'شرکت سلامت‌یار نوین');
  assert.throws(() => billingConfig({ ...zarinpal, ...seller, INVOICE_SELLER_PHONE: ' ' }), /INVOICE_SELLER_PHONE/);
  const development = billingConfig({ DATABASE_URL: 'postgres://x/y' });
  assert.deepEqual(
    [
      development.PAYMENT_PROVIDER,
      development.ZARINPAL_BASE_URL,
      development.PUBLIC_WEB_URL,
      development.EMPLOYER_GRPC_URL,
      development.GRPC_PORT,
    ],
    ['sandbox', 'https://payment.zarinpal.com', 'http://127.0.0.1:3000', '127.0.0.1:50054', 50057],
  );
});
