// The billing screens' pure rules: what a plan grants, what is left of a purchase, the cart's
// figures, whether the wallet covers it, which label a status reads as and where the payment
// callback sends the payer. Kept apart from the components so they are testable alone.
import type { MessageKey } from '../../i18n/index.ts';
import { formatNumber, rialsToToman } from '../format.ts';
import { localePath, type Locale } from '../locale.ts';
import {
  RESOURCE_KINDS,
  type Order,
  type OrderStatus,
  type Payment,
  type PaymentStatus,
  type Resource,
  type ResourceKind,
  type Resources,
  type SubmittedPayment,
} from './types.ts';

/** How many units of `kind` a list holds (0 when the plan grants none of it). */
export function quantityOf(resources: readonly Resource[], kind: ResourceKind): number {
  return resources.find((resource) => resource.kind === kind)?.quantity ?? 0;
}

/** Each resource kind a plan grants, with what is left of it when `remaining` is given. */
export function resourceRows(
  granted: readonly Resource[],
  remaining?: readonly Resource[],
): Array<{ kind: ResourceKind; total: number; left: number }> {
  return RESOURCE_KINDS.map((kind) => ({
    kind,
    total: quantityOf(granted, kind),
    left: remaining ? quantityOf(remaining, kind) : quantityOf(granted, kind),
  })).filter((row) => row.total > 0);
}

export interface CartFigures {
  planTitle: string | null;
  planId: string | null;
  subtotalRials: number;
  discountRials: number;
  totalRials: number;
  discountCode: string | null;
}

/**
 * The cart's figures as the service worked them out: the screens never compute a price
 * themselves (the discount's rules and rounding are the service's), they only show it.
 */
export function cartFigures(order: Order): CartFigures {
  const item = order.items[0];
  return {
    planTitle: item?.plan.title ?? null,
    planId: item?.plan.id ?? null,
    subtotalRials: order.subtotalRials,
    discountRials: order.discountRials,
    totalRials: order.totalRials,
    discountCode: order.discountCode,
  };
}

/** Whether the wallet alone can pay `totalRials` (the service checks again under a lock). */
export function walletCovers(balanceRials: number, totalRials: number): boolean {
  return balanceRials >= totalRials;
}

/** An employer holding an active and a reserved plan cannot start another purchase. */
export function canBuy(resources: Pick<Resources, 'active' | 'reserved'>): boolean {
  return !(resources.active && resources.reserved);
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageKey> = {
  pending: 'billing.orderStatus.pending',
  paid: 'billing.orderStatus.paid',
  cancelled: 'billing.orderStatus.cancelled',
};

/** What the history says of an order: its status, except a paid order whose reserved plan was cancelled and refunded. */
export type OrderStatusShown = OrderStatus | 'refunded';

export const ORDER_STATUS_SHOWN_LABELS: Record<OrderStatusShown, MessageKey> = {
  ...ORDER_STATUS_LABELS,
  refunded: 'billing.orderStatus.refunded',
};

/**
 * A paid order stays `paid` in the service; when its reserved plan was cancelled the money went
 * back to the wallet (a `reservation_refund` credit), and the history says so instead.
 */
export function orderStatusShown(order: Pick<Order, 'status' | 'credits'>): OrderStatusShown {
  return order.status === 'paid' && order.credits.some((credit) => credit.reason === 'reservation_refund')
    ? 'refunded'
    : order.status;
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, MessageKey> = {
  pending: 'billing.paymentStatus.pending',
  paid: 'billing.paymentStatus.paid',
  failed: 'billing.paymentStatus.failed',
};

export const RESOURCE_LABELS: Record<ResourceKind, MessageKey> = {
  recruitment: 'billing.resource.recruitment',
  featured: 'billing.resource.featured',
};

/** The reference of the payment that paid the order, if one did (a wallet payment has none). */
export function paidReference(order: Pick<Order, 'payments'>): string | null {
  return order.payments.find((payment) => payment.status === 'paid')?.reference ?? null;
}

/**
 * Money the provider took for this order that the order could no longer take (changed or paid
 * meanwhile): the service credits it to the wallet and keeps the payment `failed` with the
 * provider's reference (docs/adr/022). The latest such payment, or null.
 */
export function walletCredit(order: Pick<Order, 'payments'>): { amountRials: number; reference: string } | null {
  const credited = order.payments.filter((payment) => payment.status === 'failed' && payment.reference);
  const latest = credited.sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0];
  return latest?.reference ? { amountRials: latest.amountRials, reference: latest.reference } : null;
}

/**
 * Where the payment callback sends the payer, by what the payment paid and how it stands: an
 * order paid is its success page, an order not (yet) paid its failure page (which says when the
 * bank's answer is still being confirmed); a top-up likewise by its payment number.
 */
export function outcomePath(locale: Locale, answer: SubmittedPayment): string {
  const paid = answer.status === 'paid';
  if (answer.purpose === 'top_up') {
    const page = paid ? '/orders/successwallet' : '/orders/failwallet';
    return answer.paymentNumber === null
      ? localePath(locale, page)
      : `${localePath(locale, page)}?paymentNumber=${encodeURIComponent(answer.paymentNumber)}`;
  }
  const page = paid ? '/orders/successorder' : '/orders/failorder';
  return answer.orderId === null
    ? localePath(locale, page)
    : `${localePath(locale, page)}?orderId=${encodeURIComponent(answer.orderId)}`;
}

/**
 * The order's payment through the provider that is still waiting for the provider's word, if
 * the latest one is: the money may have been taken, and reconciliation completes the order once
 * the provider confirms it.
 */
export function pendingPayment(order: Pick<Order, 'payments'>): Payment | null {
  const latest = [...order.payments].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0];
  return latest?.status === 'pending' ? latest : null;
}

/** What a ledger entry was for, in words; a reason the catalogue does not know reads as "other". */
export const WALLET_REASON_LABELS = {
  top_up: 'billing.wallet.reason.top_up',
  order_payment: 'billing.wallet.reason.order_payment',
  reservation_refund: 'billing.wallet.reason.reservation_refund',
  unmatched_payment: 'billing.wallet.reason.unmatched_payment',
} as const satisfies Record<string, MessageKey>;

export function walletReasonLabel(reason: string): MessageKey {
  return (WALLET_REASON_LABELS as Record<string, MessageKey>)[reason] ?? 'billing.wallet.reason.other';
}

/** A payment number of `?paymentNumber=`: a whole number from 1, else null (no such top-up). */
export function paymentNumberOf(value: string | null): number | null {
  if (!value || !/^[0-9]{1,15}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

/**
 * A ledger amount in toman with its sign (+ for a credit, − for a debit), without the unit, so
 * the page keeps the sign next to the digits in either direction: «+۵۰٬۰۰۰».
 */
export function signedToman(rials: number, locale: Locale): string {
  const sign = rials > 0 ? '+' : rials < 0 ? '−' : '';
  return `${sign}${formatNumber(rialsToToman(Math.abs(rials)), locale)}`;
}
