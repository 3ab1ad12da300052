// The billing screens' pure rules: what a plan grants, what is left of a purchase, the cart's
// figures, whether the wallet covers it, which label a status reads as and where the payment
// callback sends the payer. Kept apart from the components so they are testable alone.
import type { MessageKey } from '../../i18n/index.ts';
import { localePath, type Locale } from '../locale.ts';
import {
  RESOURCE_KINDS,
  type Order,
  type OrderStatus,
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

/** Where the payment callback sends the payer once the provider's answer is submitted. */
export function outcomePath(locale: Locale, answer: Pick<SubmittedPayment, 'payment'>): string {
  const page = answer.payment.status === 'paid' ? '/orders/successorder' : '/orders/failorder';
  return `${localePath(locale, page)}?orderId=${encodeURIComponent(answer.payment.orderId)}`;
}
