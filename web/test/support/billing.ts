// Billing answers as the gateway gives them, for the screens' tests: two plans, a cart, a paid
// order, an active plan, a wallet and a top-up. Each builder takes what a test changes.
import type { Order, Payment, Plan, PurchasedPlan, TopUp, Wallet, WalletEntry } from '../../app/lib/billing/types.ts';

export const BASIC: Plan = {
  id: 'plan-basic',
  slug: 'basic',
  title: 'پایه',
  description: 'برای یک آگهی',
  priceRials: 1_500_000,
  durationDays: 30,
  resources: [{ kind: 'recruitment', quantity: 1 }],
  promotion: false,
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
  promotion: true,
};

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'pay-1',
    number: 5001,
    purpose: 'order',
    employerId: 'e1',
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

export function walletEntry(overrides: Partial<WalletEntry> = {}): WalletEntry {
  return {
    id: 'entry-1',
    amountRials: 5_000_000,
    reason: 'top_up',
    createdAt: '2026-03-21T09:00:00.000Z',
    orderNumber: null,
    paymentNumber: 5002,
    ...overrides,
  };
}

export function wallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    balanceRials: 0,
    entries: [],
    topUpMinRials: 100_000,
    topUpMaxRials: 500_000_000,
    ...overrides,
  };
}

/** A top-up's payment (no order) and the balance after it. */
export function topUp(paymentOverrides: Partial<Payment> = {}, balanceRials = 5_000_000): TopUp {
  return {
    payment: payment({
      id: 'pay-top-up',
      number: 5002,
      purpose: 'top_up',
      orderId: null,
      amountRials: 5_000_000,
      reference: '301122',
      ...paymentOverrides,
    }),
    balanceRials,
  };
}
