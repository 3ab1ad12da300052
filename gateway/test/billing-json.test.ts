// Billing's protobuf messages as REST JSON: amounts exact or refused, "not yet" times as null,
// enums as the contract's words and an unnamed value refused rather than passed on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { create } from '@bufbuild/protobuf';
import { MoneySchema } from '@darmankar/proto/common/v1/common_pb';
import {
  OrderSchema,
  OrderStatus,
  PaymentMethod,
  PaymentSchema,
  PaymentStatus,
  PlanSchema,
  PurchasedPlanSchema,
  PurchasedPlanStatus,
  ResourceKind,
} from '@darmankar/proto/billing/v1/billing_pb';
import { orderJson, paymentJson, purchasedPlanJson, rialsOf, timeOrNull } from '../src/services/billing/json.ts';

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
    },
  });
});

test('an order with its payment: optional strings null when absent, the number a plain number', () => {
  const payment = create(PaymentSchema, {
    id: 'pay1',
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
    () => paymentJson(create(PaymentSchema, { method: PaymentMethod.UNSPECIFIED, status: PaymentStatus.PAID })),
    /payment method 0/,
  );
  assert.throws(() => orderJson(create(OrderSchema, { status: 7 as OrderStatus })), /order status 7/);
});
