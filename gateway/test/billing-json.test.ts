// Billing's protobuf messages as REST JSON: amounts exact or refused, "not yet" times as null,
// enums as the contract's words and an unnamed value refused rather than passed on; the
// callback's anonymous answer carries only the outcome and where the outcome page leads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { create } from '@bufbuild/protobuf';
import { MoneySchema } from '@darmankar/proto/common/v1/common_pb';
import {
  InvoiceSchema,
  OrderSchema,
  OrderStatus,
  PaymentMethod,
  PaymentPurpose,
  PaymentSchema,
  PaymentStatus,
  PlanSchema,
  PurchasedPlanSchema,
  PurchasedPlanStatus,
  ResourceKind,
  SubmitPaymentResponseSchema,
  WalletSchema,
} from '@darmankar/proto/billing/v1/billing_pb';
import {
  invoiceJson,
  numberOf,
  orderJson,
  paymentJson,
  purchasedPlanJson,
  rialsOf,
  submitPaymentJson,
  timeOrNull,
  walletJson,
} from '../src/services/billing/json.ts';

const money = (rials: bigint) => create(MoneySchema, { rials });
const plan = create(PlanSchema, {
  id: 'p1',
  slug: 'basic',
  title: 'پایه',
  description: 'یک آگهی',
  price: money(5_000_000n),
  durationDays: 30,
  resources: [
    { kind: ResourceKind.RECRUITMENT, quantity: 1 },
    { kind: ResourceKind.FEATURED, quantity: 2 },
  ],
  promotion: true,
});

test('an amount is the exact integer of rials, and one a JSON number cannot hold exactly is refused', () => {
  assert.equal(rialsOf(money(12_345_678_900n)), 12_345_678_900);
  assert.equal(rialsOf(money(-40_000n)), -40_000, 'a debit in the wallet is negative');
  assert.equal(rialsOf(undefined), 0);
  assert.equal(rialsOf(money(BigInt(Number.MAX_SAFE_INTEGER))), Number.MAX_SAFE_INTEGER);
  assert.throws(() => rialsOf(money(BigInt(Number.MAX_SAFE_INTEGER) + 1n)), RangeError);
  assert.throws(() => rialsOf(money(-(2n ** 62n))), RangeError);
});

test('an absent time is "not yet" (null); a present one an ISO time, the epoch itself included', () => {
  assert.equal(timeOrNull(undefined), null);
  assert.equal(timeOrNull(1_767_225_600_000n), '2026-01-01T00:00:00.000Z');
  assert.equal(timeOrNull(0n), '1970-01-01T00:00:00.000Z', 'no value stands for "none"');
});

test('a reserved plan: words for enums, null times, every key present', () => {
  const json = purchasedPlanJson(
    create(PurchasedPlanSchema, {
      id: 'pp1',
      employerId: 'e1',
      plan,
      orderId: 'o1',
      status: PurchasedPlanStatus.RESERVED,
      createdAtMs: 1_767_225_600_000n,
      remaining: [{ kind: ResourceKind.RECRUITMENT, quantity: 1 }],
      paid: money(4_500_000n),
    }),
  );
  assert.deepEqual(json, {
    id: 'pp1',
    employerId: 'e1',
    orderId: 'o1',
    status: 'reserved',
    activatedAt: null,
    expiresAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    remaining: [{ kind: 'recruitment', quantity: 1 }],
    paidRials: 4_500_000,
    plan: {
      id: 'p1',
      slug: 'basic',
      title: 'پایه',
      description: 'یک آگهی',
      priceRials: 5_000_000,
      durationDays: 30,
      resources: [
        { kind: 'recruitment', quantity: 1 },
        { kind: 'featured', quantity: 2 },
      ],
      promotion: true,
    },
  });
});

test('an order with its payment: optional strings null when absent, the number a plain number', () => {
  const payment = create(PaymentSchema, {
    id: 'pay1',
    number: 50_000n,
    purpose: PaymentPurpose.ORDER,
    employerId: 'e1',
    orderId: 'o1',
    method: PaymentMethod.GATEWAY,
    status: PaymentStatus.PENDING,
    amount: money(4_500_000n),
    createdAtMs: 1_767_225_600_000n,
  });
  const json = orderJson(
    create(OrderSchema, {
      id: 'o1',
      employerId: 'e1',
      status: OrderStatus.PENDING,
      number: 1000n,
      items: [{ plan, price: money(5_000_000n) }],
      discountCode: 'WELCOME',
      subtotal: money(5_000_000n),
      discount: money(500_000n),
      total: money(4_500_000n),
      payments: [payment],
      createdAtMs: 1_767_225_600_000n,
    }),
  );
  assert.equal(json.number, 1000);
  assert.equal(json.status, 'pending');
  assert.equal(json.discountCode, 'WELCOME');
  assert.deepEqual([json.subtotalRials, json.discountRials, json.totalRials], [5_000_000, 500_000, 4_500_000]);
  assert.equal(json.paidAt, null);
  assert.deepEqual(json.payments[0], {
    id: 'pay1',
    number: 50_000,
    purpose: 'order',
    employerId: 'e1',
    orderId: 'o1',
    method: 'gateway',
    status: 'pending',
    amountRials: 4_500_000,
    reference: null,
    card: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    completedAt: null,
  });
  assert.equal(orderJson(create(OrderSchema, { status: OrderStatus.CANCELLED })).discountCode, null);
});

test('an enum value the contract does not name is refused, not passed on as a word', () => {
  assert.throws(
    () =>
      paymentJson(
        create(PaymentSchema, {
          purpose: PaymentPurpose.ORDER,
          method: PaymentMethod.UNSPECIFIED,
          status: PaymentStatus.PAID,
        }),
      ),
    /payment method 0/,
  );
  assert.throws(
    () =>
      paymentJson(
        create(PaymentSchema, {
          purpose: PaymentPurpose.UNSPECIFIED,
          method: PaymentMethod.GATEWAY,
          status: PaymentStatus.PAID,
        }),
      ),
    /payment purpose 0/,
  );
  assert.throws(() => orderJson(create(OrderSchema, { status: 7 as OrderStatus })), /order status 7/);
});

test("a top-up's payment: no order (null), its number and purpose; a number beyond exact JSON refused", () => {
  const json = paymentJson(
    create(PaymentSchema, {
      id: 'pay2',
      number: 50_001n,
      purpose: PaymentPurpose.TOP_UP,
      employerId: 'e1',
      orderId: '',
      method: PaymentMethod.GATEWAY,
      status: PaymentStatus.PAID,
      amount: money(2_000_000n),
      reference: 'R1',
      createdAtMs: 1_767_225_600_000n,
      completedAtMs: 1_767_225_660_000n,
    }),
  );
  assert.deepEqual(
    [json.orderId, json.purpose, json.number, json.employerId, json.completedAt],
    [null, 'top_up', 50_001, 'e1', '2026-01-01T00:01:00.000Z'],
  );
  assert.equal(numberOf(BigInt(Number.MAX_SAFE_INTEGER)), Number.MAX_SAFE_INTEGER);
  assert.throws(() => numberOf(BigInt(Number.MAX_SAFE_INTEGER) + 1n), RangeError);
});

test("the callback's answer: four keys, the order's id for an order and the number for a top-up, never both", () => {
  const forOrder = submitPaymentJson(
    create(SubmitPaymentResponseSchema, {
      status: PaymentStatus.PAID,
      purpose: PaymentPurpose.ORDER,
      orderId: 'o1',
      paymentNumber: 50_002n,
    }),
  );
  assert.deepEqual(forOrder, { status: 'paid', purpose: 'order', orderId: 'o1', paymentNumber: null });
  const forTopUp = submitPaymentJson(
    create(SubmitPaymentResponseSchema, {
      status: PaymentStatus.PENDING,
      purpose: PaymentPurpose.TOP_UP,
      orderId: 'o1',
      paymentNumber: 50_003n,
    }),
  );
  assert.deepEqual(forTopUp, { status: 'pending', purpose: 'top_up', orderId: null, paymentNumber: 50_003 });
  assert.deepEqual(Object.keys(forTopUp).sort(), ['orderId', 'paymentNumber', 'purpose', 'status']);
  assert.throws(
    () => submitPaymentJson(create(SubmitPaymentResponseSchema, { status: PaymentStatus.FAILED })),
    /payment purpose 0/,
  );
});

test('the wallet: its top-up bounds, and each entry the order and payment it concerns or null', () => {
  const json = walletJson(
    create(WalletSchema, {
      balance: money(1_500_000n),
      topUpMin: money(100_000n),
      topUpMax: money(1_000_000_000n),
      entries: [
        { id: 'w2', amount: money(-500_000n), reason: 'order_payment', createdAtMs: 2n, orderNumber: 1001n },
        { id: 'w1', amount: money(2_000_000n), reason: 'top_up', createdAtMs: 1n, paymentNumber: 50_001n },
      ],
    }),
  );
  assert.deepEqual([json.balanceRials, json.topUpMinRials, json.topUpMaxRials], [1_500_000, 100_000, 1_000_000_000]);
  assert.deepEqual(
    json.entries.map((entry) => [entry.id, entry.amountRials, entry.reason, entry.orderNumber, entry.paymentNumber]),
    [
      ['w2', -500_000, 'order_payment', 1001, null],
      ['w1', 2_000_000, 'top_up', null, 50_001],
    ],
  );
});

const PAID_PAYMENT = {
  id: 'pay1',
  number: 50_000n,
  purpose: PaymentPurpose.ORDER,
  employerId: 'e1',
  orderId: 'o1',
  method: PaymentMethod.GATEWAY,
  status: PaymentStatus.PAID,
  amount: money(2_320_000n),
  createdAtMs: 1_767_225_600_000n,
};

test('an invoice: parties with empty strings for what is unknown, lines and figures in rials, the paying payment', () => {
  const json = invoiceJson(
    create(InvoiceSchema, {
      orderId: 'o1',
      orderNumber: 1000n,
      issuedAtMs: 1_767_225_600_000n,
      seller: { name: 'درمان‌کار', nationalId: '14008765432', economicCode: '411498765432' },
      lines: [{ title: 'پایه', quantity: 1, unitPrice: money(2_900_000n), amount: money(2_900_000n) }],
      subtotal: money(2_900_000n),
      discount: money(580_000n),
      discountCode: 'GATEWAY20',
      vatPercent: 10,
      vat: money(210_909n),
      total: money(2_320_000n),
      payment: PAID_PAYMENT,
    }),
  );
  assert.deepEqual(json.seller, {
    name: 'درمان‌کار',
    nationalId: '14008765432',
    economicCode: '411498765432',
    address: '',
    postalCode: '',
    phone: '',
  });
  assert.deepEqual(json.buyer, { name: '', nationalId: '', economicCode: '', address: '', postalCode: '', phone: '' });
  assert.deepEqual(json.lines, [{ title: 'پایه', quantity: 1, unitPriceRials: 2_900_000, amountRials: 2_900_000 }]);
  assert.deepEqual(
    [json.orderNumber, json.issuedAt, json.subtotalRials, json.discountRials, json.discountCode],
    [1000, '2026-01-01T00:00:00.000Z', 2_900_000, 580_000, 'GATEWAY20'],
  );
  assert.deepEqual([json.vatPercent, json.vatRials, json.totalRials], [10, 210_909, 2_320_000]);
  assert.deepEqual([json.payment.id, json.payment.amountRials], ['pay1', 2_320_000]);
  const plain = invoiceJson(create(InvoiceSchema, { orderNumber: 1001n, payment: { ...PAID_PAYMENT } }));
  assert.equal(plain.discountCode, null, 'no code: null');
});
