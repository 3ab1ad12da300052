// Domain views to contract messages: enums by name, rials in Money, epoch milliseconds as int64.
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  OrderStatus,
  PaymentMethod,
  PaymentPurpose,
  PaymentStatus,
  PurchasedPlanStatus,
  ResourceKind,
  type OrderSchema,
  type PaymentSchema,
  type PlanSchema,
  type PurchasedPlanSchema,
  type SubmitPaymentResponseSchema,
  type WalletSchema,
} from '@darmankar/proto/billing/v1/billing_pb';
import type { SubmitOutcome } from '../domain/payments.ts';
import type { TopUpBounds } from '../domain/top-ups.ts';
import type {
  OrderView,
  PaymentView,
  PlanView,
  PurchasedPlanView,
  ResourceAmount,
  WalletEntryView,
  WalletView,
} from '../domain/views.ts';
import type { InvoicePartyView, InvoiceView } from '../domain/invoices.ts';
import type { InvoiceSchema } from '@darmankar/proto/billing/v1/billing_pb';

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
const PAYMENT_PURPOSE = { order: PaymentPurpose.ORDER, top_up: PaymentPurpose.TOP_UP } as const;

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
    number: BigInt(view.number),
    purpose: PAYMENT_PURPOSE[view.purpose],
    employerId: view.employerId,
    orderId: view.orderId ?? '',
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
    orderNumber: epochOrAbsent(entry.orderNumber),
    paymentNumber: epochOrAbsent(entry.paymentNumber),
  };
}

export function walletMessage(view: WalletView, bounds: TopUpBounds): MessageInitShape<typeof WalletSchema> {
  return {
    balance: money(view.balanceRials),
    entries: view.entries.map(walletEntryMessage),
    topUpMin: money(bounds.minRials),
    topUpMax: money(bounds.maxRials),
  };
}

/** The payer's return: no employer, reference or card (anyone holding the authority reads it). */
export function submitOutcomeMessage(outcome: SubmitOutcome): MessageInitShape<typeof SubmitPaymentResponseSchema> {
  return {
    status: PAYMENT_STATUS[outcome.status],
    purpose: PAYMENT_PURPOSE[outcome.purpose],
    orderId: outcome.orderId ?? '',
    paymentNumber: BigInt(outcome.paymentNumber ?? 0),
  };
}

const party = (view: InvoicePartyView) => ({ ...view });

export function invoiceMessage(view: InvoiceView): MessageInitShape<typeof InvoiceSchema> {
  return {
    orderId: view.orderId,
    orderNumber: BigInt(view.orderNumber),
    issuedAtMs: epoch(view.issuedAtMs),
    seller: party(view.seller),
    buyer: party(view.buyer),
    lines: view.lines.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      unitPrice: money(line.unitPriceRials),
      amount: money(line.amountRials),
    })),
    subtotal: money(view.subtotalRials),
    discount: money(view.discountRials),
    discountCode: view.discountCode ?? undefined,
    vatPercent: view.vatPercent,
    vat: money(view.vatRials),
    total: money(view.totalRials),
    payment: paymentMessage(view.payment),
  };
}
