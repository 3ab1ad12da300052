// The employer's wallet: a ledger of entries whose sum is the balance, never negative. Its row
// is also the lock every change to the employer's money or plans takes first, so two such
// changes of one employer run one after the other.
import { randomUUID } from 'node:crypto';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Database, Transaction } from '../db/client.ts';
import { walletView, type WalletView } from './views.ts';

export type WalletReason = 'reservation_refund' | 'order_payment' | 'unmatched_payment';

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
  return walletView(wallet?.balanceRials ?? 0n, entries);
}
