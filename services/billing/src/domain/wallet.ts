// The employer's wallet: a ledger of entries whose sum is the balance, never negative. Its row
// is also the lock every change to the employer's money or plans takes first, so two such
// changes of one employer run one after the other.
import { randomUUID } from 'node:crypto';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Database, PaymentRow, Transaction } from '../db/client.ts';
import { billingEvents } from '../events/billing-events.ts';
import { walletView, type WalletView } from './views.ts';

/**
 * top_up: money brought in through the provider; order_payment: an order paid from the wallet;
 * reservation_refund: a cancelled reservation's price back; unmatched_payment: a confirmed
 * payment its order could no longer take (docs/adr/022).
 */
export type WalletReason = 'top_up' | 'reservation_refund' | 'order_payment' | 'unmatched_payment';

/** Creates the employer's wallet row if it is new and locks it until the transaction ends. */
export async function lockEmployer(tx: Transaction, employerId: string, nowMs: number): Promise<bigint> {
  await tx.$executeRaw`INSERT INTO wallets (employer_id, balance_rials, updated_at) VALUES (${employerId}::uuid, 0, ${new Date(nowMs)}) ON CONFLICT (employer_id) DO NOTHING`;
  const rows = await tx.$queryRaw<
    { balance: bigint }[]
  >`SELECT balance_rials AS balance FROM wallets WHERE employer_id = ${employerId}::uuid FOR UPDATE`;
  return rows[0]!.balance;
}

export interface WalletMove {
  employerId: string;
  /** Positive credits, negative debits. */
  amountRials: bigint;
  reason: WalletReason;
  orderId?: string;
  paymentId?: string;
  purchasedPlanId?: string;
}

/** Writes an entry and moves the balance; the employer must be locked (lockEmployer) in `tx`. */
export async function moveMoney(tx: Transaction, move: WalletMove, nowMs: number): Promise<void> {
  const updated =
    await tx.$executeRaw`UPDATE wallets SET balance_rials = balance_rials + ${move.amountRials}, updated_at = ${new Date(nowMs)} WHERE employer_id = ${move.employerId}::uuid AND balance_rials + ${move.amountRials} >= 0`;
  if (updated !== 1) throw new DomainError('EXC_FINANCE_WALLET_BALANCE_IS_NOT_SUFFICIENT');
  await tx.walletEntry.create({
    data: {
      id: randomUUID(),
      employerId: move.employerId,
      amountRials: move.amountRials,
      reason: move.reason,
      orderId: move.orderId ?? null,
      paymentId: move.paymentId ?? null,
      purchasedPlanId: move.purchasedPlanId ?? null,
      createdAt: new Date(nowMs),
    },
  });
}

export async function readWallet(db: Database | Transaction, employerId: string): Promise<WalletView> {
  const [wallet, entries] = await Promise.all([
    db.wallet.findUnique({ where: { employerId } }),
    db.walletEntry.findMany({ where: { employerId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: 100 }),
  ]);
  const ids = (pick: (entry: (typeof entries)[number]) => string | null) => [
    ...new Set(entries.map(pick).filter((id): id is string => id !== null)),
  ];
  // People know orders and payments by number: the ledger names them so.
  const [orders, payments] = await Promise.all([
    db.order.findMany({ where: { id: { in: ids((entry) => entry.orderId) } }, select: { id: true, number: true } }),
    db.payment.findMany({
      where: { id: { in: ids((entry) => entry.paymentId) } },
      select: { id: true, number: true },
    }),
  ]);
  return walletView(wallet?.balanceRials ?? 0n, entries, {
    orders: new Map(orders.map((row) => [row.id, row.number])),
    payments: new Map(payments.map((row) => [row.id, row.number])),
  });
}

/**
 * A top-up the provider confirmed: the payment paid and its amount credited (`top_up`) with
 * WalletToppedUp in the outbox, inside the caller's transaction, which holds the payment's lock.
 */
export async function creditTopUp(
  tx: Transaction,
  payment: PaymentRow,
  receipt: { reference: string | null; card: string | null },
  nowMs: number,
): Promise<void> {
  const before = await lockEmployer(tx, payment.employerId, nowMs);
  await moveMoney(
    tx,
    { employerId: payment.employerId, amountRials: payment.amountRials, reason: 'top_up', paymentId: payment.id },
    nowMs,
  );
  await tx.payment.update({
    where: { id: payment.id },
    data: { status: 'paid', reference: receipt.reference, card: receipt.card, completedAt: new Date(nowMs) },
  });
  await billingEvents.walletToppedUp(
    tx,
    {
      employerId: payment.employerId,
      paymentNumber: payment.number,
      amount: { rials: payment.amountRials },
      balance: { rials: before + payment.amountRials },
    },
    nowMs,
  );
}
