// What the domain answers: plain values, rials as numbers (every amount fits in 2^53), times
// as epoch milliseconds. The handlers turn them into contract messages.
import type { OrderRow, PaymentRow, PlanRow, PurchasedPlanRow, WalletEntryRow } from '../db/client.ts';

export type ResourceKind = 'recruitment' | 'featured';
export const RESOURCE_KINDS: readonly ResourceKind[] = ['recruitment', 'featured'];

export interface ResourceAmount {
  kind: ResourceKind;
  quantity: number;
}

export interface PlanView {
  id: string;
  slug: string;
  title: string;
  description: string;
  priceRials: number;
  durationDays: number;
  resources: ResourceAmount[];
  /** The plan promotes its employer while it is active. */
  promotion: boolean;
}

export type PurchasedPlanStatus = 'reserved' | 'active' | 'expired' | 'cancelled';

export interface PurchasedPlanView {
  id: string;
  employerId: string;
  plan: PlanView;
  orderId: string;
  status: PurchasedPlanStatus;
  activatedAtMs: number | null;
  expiresAtMs: number | null;
  createdAtMs: number;
  remaining: ResourceAmount[];
  paidRials: number;
}

export type PaymentMethod = 'gateway' | 'wallet';
export type PaymentStatus = 'pending' | 'paid' | 'failed';
export type PaymentPurpose = 'order' | 'top_up';

export interface PaymentView {
  id: string;
  /** Shown to people (a top-up's outcome page). */
  number: number;
  purpose: PaymentPurpose;
  employerId: string;
  /** Null for a top-up. */
  orderId: string | null;
  method: PaymentMethod;
  status: PaymentStatus;
  amountRials: number;
  reference: string | null;
  card: string | null;
  createdAtMs: number;
  completedAtMs: number | null;
}

export type OrderStatus = 'pending' | 'paid' | 'cancelled';

export interface OrderView {
  id: string;
  number: number;
  employerId: string;
  status: OrderStatus;
  plan: PlanView;
  priceRials: number;
  discountCode: string | null;
  subtotalRials: number;
  discountRials: number;
  totalRials: number;
  payments: PaymentView[];
  createdAtMs: number;
  paidAtMs: number | null;
  /** Money the order put back into the wallet (a cancelled reservation's refund, a payment it could not take), oldest first. */
  credits: WalletEntryView[];
}

export interface WalletEntryView {
  id: string;
  amountRials: number;
  reason: string;
  createdAtMs: number;
  /** The numbers people know of the order and the payment the entry concerns, if any. */
  orderNumber: number | null;
  paymentNumber: number | null;
}

export interface WalletView {
  balanceRials: number;
  entries: WalletEntryView[];
}

/** What an entry's order and payment ids are called where people see them: their numbers. */
export interface EntryNumbers {
  orders: ReadonlyMap<string, bigint>;
  payments: ReadonlyMap<string, bigint>;
}

const ms = (date: Date | null) => (date ? date.getTime() : null);

export function planView(row: PlanRow): PlanView {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    priceRials: Number(row.priceRials),
    durationDays: row.durationDays,
    resources: [
      { kind: 'recruitment', quantity: row.recruitment },
      { kind: 'featured', quantity: row.featured },
    ],
    promotion: row.promotion,
  };
}

/** Whether an active plan has ended: its time ran out or every resource is used (docs/billing.md). */
export function hasEnded(
  row: Pick<PurchasedPlanRow, 'status' | 'expiresAt' | 'recruitmentRemaining' | 'featuredRemaining'>,
  nowMs: number,
): boolean {
  if (row.status !== 'active') return row.status === 'expired';
  const timeIsUp = row.expiresAt !== null && row.expiresAt.getTime() <= nowMs;
  return timeIsUp || row.recruitmentRemaining + row.featuredRemaining === 0;
}

export function purchasedPlanView(row: PurchasedPlanRow, plan: PlanRow, nowMs: number): PurchasedPlanView {
  // An active plan whose time ran out reads as expired before anything writes it so.
  const timeIsUp = row.status === 'active' && row.expiresAt !== null && row.expiresAt.getTime() <= nowMs;
  return {
    id: row.id,
    employerId: row.employerId,
    plan: planView(plan),
    orderId: row.orderId,
    status: timeIsUp ? 'expired' : (row.status as PurchasedPlanStatus),
    activatedAtMs: ms(row.activatedAt),
    expiresAtMs: ms(row.expiresAt),
    createdAtMs: row.createdAt.getTime(),
    remaining: [
      { kind: 'recruitment', quantity: row.recruitmentRemaining },
      { kind: 'featured', quantity: row.featuredRemaining },
    ],
    paidRials: Number(row.paidRials),
  };
}

export function paymentView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    number: Number(row.number),
    purpose: row.purpose as PaymentPurpose,
    employerId: row.employerId,
    orderId: row.orderId,
    method: row.method as PaymentMethod,
    status: row.status as PaymentStatus,
    amountRials: Number(row.amountRials),
    reference: row.reference,
    card: row.card,
    createdAtMs: row.createdAt.getTime(),
    completedAtMs: ms(row.completedAt),
  };
}

const numberOf = (ids: ReadonlyMap<string, bigint>, id: string | null) => {
  const found = id === null ? undefined : ids.get(id);
  return found === undefined ? null : Number(found);
};

const walletEntryView = (entry: WalletEntryRow, numbers: EntryNumbers): WalletEntryView => ({
  id: entry.id,
  amountRials: Number(entry.amountRials),
  reason: entry.reason,
  createdAtMs: entry.createdAt.getTime(),
  orderNumber: numberOf(numbers.orders, entry.orderId),
  paymentNumber: numberOf(numbers.payments, entry.paymentId),
});

/** `credits`: the order's wallet entries that put money back (positive amounts). */
export function orderView(
  row: OrderRow,
  plan: PlanRow,
  payments: PaymentRow[],
  credits: WalletEntryRow[] = [],
): OrderView {
  return {
    id: row.id,
    number: Number(row.number),
    employerId: row.employerId,
    status: row.status as OrderStatus,
    plan: planView(plan),
    priceRials: Number(row.priceRials),
    discountCode: row.discountCode,
    subtotalRials: Number(row.priceRials),
    discountRials: Number(row.discountRials),
    totalRials: Number(row.totalRials),
    payments: payments.map(paymentView),
    createdAtMs: row.createdAt.getTime(),
    paidAtMs: ms(row.paidAt),
    credits: credits
      .filter((entry) => entry.amountRials > 0n)
      .map((entry) =>
        walletEntryView(entry, {
          orders: new Map([[row.id, row.number]]),
          payments: new Map(payments.map((payment) => [payment.id, payment.number])),
        }),
      ),
  };
}

export function walletView(balanceRials: bigint, entries: WalletEntryRow[], numbers: EntryNumbers): WalletView {
  return {
    balanceRials: Number(balanceRials),
    entries: entries.map((entry) => walletEntryView(entry, numbers)),
  };
}
