// Billing answers as the gateway gives them, for the screens' tests: two plans, a cart, a paid
// order, an active plan. Each builder takes what a test changes.
import type { Order, Payment, Plan, PurchasedPlan } from '../../app/lib/billing/types.ts';

export const BASIC: Plan = {
  id: 'plan-basic',
  slug: 'basic',
  title: 'پایه',
  description: 'برای یک آگهی',
  priceRials: 1_500_000,
  durationDays: 30,
  resources: [{ kind: 'recruitment', quantity: 1 }],
};

export const PRO: Plan = {
  id: 'plan-pro',
  slug: 'pro',
  title: 'حرفه‌ای',
  description: 'برای چند آگهی',
  priceRials: 12_500_000,
  durationDays: 90,
  resources: [
    { kind: 'recruitment', quantity: 5 },
    { kind: 'featured', quantity: 2 },
  ],
};

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'pay-1',
    orderId: 'order-1',
    method: 'gateway',
    status: 'paid',
    amountRials: 11_250_000,
    reference: '201874',
    card: '6037****1234',
    createdAt: '2026-03-20T08:00:00.000Z',
    completedAt: '2026-03-20T08:01:00.000Z',
    ...overrides,
  };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'order-1',
    number: 1042,
    employerId: 'e1',
    status: 'pending',
    items: [{ plan: PRO, priceRials: PRO.priceRials }],
    discountCode: null,
    subtotalRials: PRO.priceRials,
    discountRials: 0,
    totalRials: PRO.priceRials,
    payments: [],
    createdAt: '2026-03-20T08:00:00.000Z',
    paidAt: null,
    credits: [],
    ...overrides,
  };
}

export function purchased(overrides: Partial<PurchasedPlan> = {}): PurchasedPlan {
  return {
    id: 'pp-1',
    employerId: 'e1',
    plan: PRO,
    orderId: 'order-0',
    status: 'active',
    // 1 Farvardin 1405 in Tehran.
    activatedAt: '2026-03-21T08:00:00.000Z',
    expiresAt: '2026-06-19T08:00:00.000Z',
    createdAt: '2026-03-21T08:00:00.000Z',
    remaining: [
      { kind: 'recruitment', quantity: 3 },
      { kind: 'featured', quantity: 0 },
    ],
    paidRials: PRO.priceRials,
    ...overrides,
  };
}
