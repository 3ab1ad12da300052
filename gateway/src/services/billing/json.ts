// Billing's protobuf messages as the JSON of the REST contract: money as integer rials (the
// proto's int64 made a number only when it is exact), epoch milliseconds as ISO strings, an
// absent (optional) time as null, enums as lower-case words, every key present.
import type { Money, PageInfo } from '@darmankar/proto/common/v1/common_pb';
import {
  OrderStatus,
  PaymentMethod,
  PaymentPurpose,
  PaymentStatus,
  PurchasedPlanStatus,
  ResourceKind,
  type Invoice,
  type InvoiceParty,
  type Order,
  type Payment,
  type Plan,
  type PurchasedPlan,
  type Resource,
  type SubmitPaymentResponse,
  type Wallet,
  type WalletEntry,
} from '@darmankar/proto/billing/v1/billing_pb';
import type { z } from 'zod';
import type {
  bannerDiscountResponse,
  invoiceSchema,
  orderSchema,
  pageInfoSchema,
  paymentSchema,
  planSchema,
  purchasedPlanSchema,
  resourceSchema,
  submitPaymentResponse,
  topUpStateResponse,
  walletSchema,
} from './schemas.ts';

export type PlanJson = z.input<typeof planSchema>;
export type PurchasedPlanJson = z.input<typeof purchasedPlanSchema>;
export type OrderJson = z.input<typeof orderSchema>;
export type PaymentJson = z.input<typeof paymentSchema>;
export type WalletJson = z.input<typeof walletSchema>;
export type PageInfoJson = z.input<typeof pageInfoSchema>;
export type SubmitPaymentJson = z.input<typeof submitPaymentResponse>;
export type TopUpStateJson = z.input<typeof topUpStateResponse>;
export type InvoiceJson = z.input<typeof invoiceSchema>;
export type BannerDiscountJson = z.input<typeof bannerDiscountResponse>;
type ResourceJson = z.input<typeof resourceSchema>;

/**
 * Rials as a JSON number. Beyond 2^53 a number would silently round, and a wrong amount is
 * worse than a failed answer: such a value throws (an internal error, logged).
 */
export function rialsOf(money: Money | undefined): number {
  const rials = money?.rials ?? 0n;
  if (rials > BigInt(Number.MAX_SAFE_INTEGER) || rials < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`an amount of ${rials} rials does not fit a JSON number exactly`);
  }
  return Number(rials);
}

/** A sequence number (an order's, a payment's) as a JSON number; beyond 2^53 it throws, as rials do. */
export function numberOf(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`the number ${value} does not fit a JSON number exactly`);
  }
  return Number(value);
}

/** A number the service leaves absent (an entry of no order, of no payment): null. */
const numberOrNull = (value: bigint | undefined): number | null => (value === undefined ? null : numberOf(value));

/** A time that may not have come yet (not activated, not paid): the service leaves it absent. */
export function timeOrNull(ms: bigint | undefined): string | null {
  return ms === undefined ? null : new Date(Number(ms)).toISOString();
}

const time = (ms: bigint): string => new Date(Number(ms)).toISOString();

/** One lower-case word per enum value; UNSPECIFIED never reaches a client as a valid value. */
function wordOf<E extends number, W extends string>(words: Record<E, W>, kind: string) {
  return (value: E): W => {
    const word = words[value];
    if (word === undefined)
      throw new RangeError(`the billing service answered ${kind} ${value}, which the contract does not name`);
    return word;
  };
}

export const resourceKindWord = wordOf(
  { [ResourceKind.RECRUITMENT]: 'recruitment', [ResourceKind.FEATURED]: 'featured' } as Record<
    ResourceKind,
    ResourceJson['kind']
  >,
  'resource kind',
);
const purchasedPlanStatusWord = wordOf(
  {
    [PurchasedPlanStatus.RESERVED]: 'reserved',
    [PurchasedPlanStatus.ACTIVE]: 'active',
    [PurchasedPlanStatus.EXPIRED]: 'expired',
    [PurchasedPlanStatus.CANCELLED]: 'cancelled',
  } as Record<PurchasedPlanStatus, PurchasedPlanJson['status']>,
  'purchased plan status',
);
const orderStatusWord = wordOf(
  { [OrderStatus.PENDING]: 'pending', [OrderStatus.PAID]: 'paid', [OrderStatus.CANCELLED]: 'cancelled' } as Record<
    OrderStatus,
    OrderJson['status']
  >,
  'order status',
);
const paymentMethodWord = wordOf(
  { [PaymentMethod.GATEWAY]: 'gateway', [PaymentMethod.WALLET]: 'wallet' } as Record<
    PaymentMethod,
    PaymentJson['method']
  >,
  'payment method',
);
const paymentPurposeWord = wordOf(
  { [PaymentPurpose.ORDER]: 'order', [PaymentPurpose.TOP_UP]: 'top_up' } as Record<
    PaymentPurpose,
    PaymentJson['purpose']
  >,
  'payment purpose',
);
const paymentStatusWord = wordOf(
  { [PaymentStatus.PENDING]: 'pending', [PaymentStatus.PAID]: 'paid', [PaymentStatus.FAILED]: 'failed' } as Record<
    PaymentStatus,
    PaymentJson['status']
  >,
  'payment status',
);

/** The request's method word as the proto's enum. */
export const PAYMENT_METHOD_OF: Record<PaymentJson['method'], PaymentMethod> = {
  gateway: PaymentMethod.GATEWAY,
  wallet: PaymentMethod.WALLET,
};

const resourceJson = (resource: Resource): ResourceJson => ({
  kind: resourceKindWord(resource.kind),
  quantity: resource.quantity,
});

export const planJson = (plan: Plan): PlanJson => ({
  id: plan.id,
  slug: plan.slug,
  title: plan.title,
  description: plan.description,
  priceRials: rialsOf(plan.price),
  durationDays: plan.durationDays,
  resources: plan.resources.map(resourceJson),
  promotion: plan.promotion,
});

export const purchasedPlanJson = (purchased: PurchasedPlan): PurchasedPlanJson => ({
  id: purchased.id,
  employerId: purchased.employerId,
  plan: planJson(purchased.plan!),
  orderId: purchased.orderId,
  status: purchasedPlanStatusWord(purchased.status),
  activatedAt: timeOrNull(purchased.activatedAtMs),
  expiresAt: timeOrNull(purchased.expiresAtMs),
  createdAt: time(purchased.createdAtMs),
  remaining: purchased.remaining.map(resourceJson),
  paidRials: rialsOf(purchased.paid),
});

export const paymentJson = (payment: Payment): PaymentJson => ({
  id: payment.id,
  number: numberOf(payment.number),
  purpose: paymentPurposeWord(payment.purpose),
  employerId: payment.employerId,
  // proto3 has no null string: a top-up's order id is empty.
  orderId: payment.orderId === '' ? null : payment.orderId,
  method: paymentMethodWord(payment.method),
  status: paymentStatusWord(payment.status),
  amountRials: rialsOf(payment.amount),
  reference: payment.reference ?? null,
  card: payment.card ?? null,
  createdAt: time(payment.createdAtMs),
  completedAt: timeOrNull(payment.completedAtMs),
});

export const orderJson = (order: Order): OrderJson => ({
  id: order.id,
  number: numberOf(order.number),
  employerId: order.employerId,
  status: orderStatusWord(order.status),
  items: order.items.map((item) => ({ plan: planJson(item.plan!), priceRials: rialsOf(item.price) })),
  discountCode: order.discountCode ?? null,
  subtotalRials: rialsOf(order.subtotal),
  discountRials: rialsOf(order.discount),
  totalRials: rialsOf(order.total),
  payments: order.payments.map(paymentJson),
  createdAt: time(order.createdAtMs),
  paidAt: timeOrNull(order.paidAtMs),
  credits: order.credits.map(walletEntryJson),
});

const walletEntryJson = (entry: WalletEntry) => ({
  id: entry.id,
  amountRials: rialsOf(entry.amount),
  reason: entry.reason,
  createdAt: time(entry.createdAtMs),
  orderNumber: numberOrNull(entry.orderNumber),
  paymentNumber: numberOrNull(entry.paymentNumber),
});

export const walletJson = (wallet: Wallet): WalletJson => ({
  balanceRials: rialsOf(wallet.balance),
  entries: wallet.entries.map(walletEntryJson),
  topUpMinRials: rialsOf(wallet.topUpMin),
  topUpMaxRials: rialsOf(wallet.topUpMax),
});

/**
 * The anonymous callback's answer: the outcome and where the outcome page leads, by purpose
 * (an order's id, or a top-up's number), and nothing that says whose payment it is.
 */
export const submitPaymentJson = (answer: SubmitPaymentResponse): SubmitPaymentJson => {
  const purpose = paymentPurposeWord(answer.purpose);
  return {
    status: paymentStatusWord(answer.status),
    purpose,
    orderId: purpose === 'order' && answer.orderId !== '' ? answer.orderId : null,
    paymentNumber: purpose === 'top_up' && answer.paymentNumber > 0n ? numberOf(answer.paymentNumber) : null,
  };
};

const partyJson = (party: InvoiceParty | undefined): InvoiceJson['seller'] => ({
  name: party?.name ?? '',
  nationalId: party?.nationalId ?? '',
  economicCode: party?.economicCode ?? '',
  address: party?.address ?? '',
  postalCode: party?.postalCode ?? '',
  phone: party?.phone ?? '',
});

export const invoiceJson = (invoice: Invoice): InvoiceJson => ({
  orderId: invoice.orderId,
  orderNumber: numberOf(invoice.orderNumber),
  issuedAt: time(invoice.issuedAtMs),
  seller: partyJson(invoice.seller),
  buyer: partyJson(invoice.buyer),
  lines: invoice.lines.map((line) => ({
    title: line.title,
    quantity: line.quantity,
    unitPriceRials: rialsOf(line.unitPrice),
    amountRials: rialsOf(line.amount),
  })),
  subtotalRials: rialsOf(invoice.subtotal),
  discountRials: rialsOf(invoice.discount),
  discountCode: invoice.discountCode ?? null,
  vatPercent: invoice.vatPercent,
  vatRials: rialsOf(invoice.vat),
  totalRials: rialsOf(invoice.total),
  payment: paymentJson(invoice.payment!),
});

export const pageInfoJson = (page: PageInfo | undefined): PageInfoJson => ({
  page: page?.page ?? 1,
  pageSize: page?.pageSize ?? 0,
  total: Number(page?.total ?? 0n),
});
