// Domain views to contract messages: enums by name, rials in Money, epoch milliseconds as int64.
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  PurchasedPlanStatus,
  ResourceKind,
  type OrderSchema,
  type PaymentSchema,
  type PlanSchema,
  type PurchasedPlanSchema,
  type WalletSchema,
} from '@darmankar/proto/billing/v1/billing_pb';
import type {
  OrderView,
  PaymentView,
  PlanView,
  PurchasedPlanView,
  ResourceAmount,
  WalletEntryView,
  WalletView,
} from '../domain/views.ts';

const KIND = { recruitment: ResourceKind.RECRUITMENT, featured: ResourceKind.FEATURED } as const;
const KIND_NAME: Record<number, string | undefined> = {
  [ResourceKind.RECRUITMENT]: 'recruitment',
  [ResourceKind.FEATURED]: 'featured',
};
const PURCHASED_STATUS = {
  reserved: PurchasedPlanStatus.RESERVED,
  active: PurchasedPlanStatus.ACTIVE,
  expired: PurchasedPlanStatus.EXPIRED,
  cancelled: PurchasedPlanStatus.CANCELLED,
} as const;
const ORDER_STATUS = {
  pending: OrderStatus.PENDING,
  paid: OrderStatus.PAID,
  cancelled: OrderStatus.CANCELLED,
} as const;
const METHOD = { gateway: PaymentMethod.GATEWAY, wallet: PaymentMethod.WALLET } as const;
const METHOD_NAME: Record<number, string | undefined> = {
  [PaymentMethod.GATEWAY]: 'gateway',
  [PaymentMethod.WALLET]: 'wallet',
};
const PAYMENT_STATUS = {
  pending: PaymentStatus.PENDING,
  paid: PaymentStatus.PAID,
  failed: PaymentStatus.FAILED,
} as const;

/** The domain's name of a contract kind; an unknown value becomes '' and the domain refuses it. */
export const kindName = (kind: ResourceKind) => KIND_NAME[kind] ?? '';
export const methodName = (method: PaymentMethod) => METHOD_NAME[method] ?? '';

const money = (rials: number) => ({ rials: BigInt(rials) });
const epoch = (ms: number) => BigInt(ms);
/** A time that may not have come yet (not activated, not paid): absent rather than 0. */
const epochOrAbsent = (ms: number | null) => (ms === null ? undefined : BigInt(ms));
const resources = (items: ResourceAmount[]) =>
  items.map((item) => ({ kind: KIND[item.kind], quantity: item.quantity }));

export function planMessage(plan: PlanView): MessageInitShape<typeof PlanSchema> {
  return { ...plan, price: money(plan.priceRials), resources: resources(plan.resources) };
}

export function purchasedPlanMessage(view: PurchasedPlanView): MessageInitShape<typeof PurchasedPlanSchema> {
  return {
    id: view.id,
    employerId: view.employerId,
    plan: planMessage(view.plan),
    orderId: view.orderId,
    status: PURCHASED_STATUS[view.status],
    activatedAtMs: epochOrAbsent(view.activatedAtMs),
    expiresAtMs: epochOrAbsent(view.expiresAtMs),
    createdAtMs: epoch(view.createdAtMs),
    remaining: resources(view.remaining),
    paid: money(view.paidRials),
  };
}

export function paymentMessage(view: PaymentView): MessageInitShape<typeof PaymentSchema> {
  return {
    id: view.id,
    orderId: view.orderId,
    method: METHOD[view.method],
    status: PAYMENT_STATUS[view.status],
    amount: money(view.amountRials),
    reference: view.reference ?? undefined,
    card: view.card ?? undefined,
    createdAtMs: epoch(view.createdAtMs),
    completedAtMs: epochOrAbsent(view.completedAtMs),
  };
}

export function orderMessage(view: OrderView): MessageInitShape<typeof OrderSchema> {
  return {
    id: view.id,
    number: BigInt(view.number),
    employerId: view.employerId,
    status: ORDER_STATUS[view.status],
    items: [{ plan: planMessage(view.plan), price: money(view.priceRials) }],
    discountCode: view.discountCode ?? undefined,
    subtotal: money(view.subtotalRials),
    discount: money(view.discountRials),
    total: money(view.totalRials),
    payments: view.payments.map(paymentMessage),
    createdAtMs: epoch(view.createdAtMs),
    paidAtMs: epochOrAbsent(view.paidAtMs),
    credits: view.credits.map(walletEntryMessage),
  };
}

function walletEntryMessage(entry: WalletEntryView) {
  return {
    id: entry.id,
    amount: money(entry.amountRials),
    reason: entry.reason,
    createdAtMs: epoch(entry.createdAtMs),
  };
}

export function walletMessage(view: WalletView): MessageInitShape<typeof WalletSchema> {
  return {
    balance: money(view.balanceRials),
    entries: view.entries.map(walletEntryMessage),
  };
}
