// Discount codes: what a code takes off a plan's price, and whether it may be used now.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { DiscountCodeRow, Transaction } from '../db/client.ts';

/** Codes are typed by people: compared without case or surrounding spaces. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Whether the code may be used on `planId` at `nowMs` (not counting a use in flight). */
export function isUsable(code: DiscountCodeRow, planId: string, nowMs: number): boolean {
  if (code.startsAt && code.startsAt.getTime() > nowMs) return false;
  if (code.endsAt && code.endsAt.getTime() <= nowMs) return false;
  if (code.maxUses !== null && code.usedCount >= code.maxUses) return false;
  return code.planIds.length === 0 || code.planIds.includes(planId);
}

/** What the code takes off `priceRials`: never more than the price, so the total never goes below zero. */
export function discountOn(code: DiscountCodeRow, priceRials: bigint): bigint {
  const off = code.percent !== null ? (priceRials * BigInt(code.percent)) / 100n : (code.amountRials ?? 0n);
  return off > priceRials ? priceRials : off;
}

/**
 * Counts one use of the code, in the transaction that completes the order: a conditional
 * UPDATE, so when two orders race for the last use only one gets it.
 */
export async function countUse(tx: Transaction, code: DiscountCodeRow, planId: string, nowMs: number): Promise<void> {
  const now = new Date(nowMs);
  const counted = await tx.$executeRaw`
    UPDATE discount_codes SET used_count = used_count + 1
     WHERE id = ${code.id}::uuid
       AND (max_uses IS NULL OR used_count < max_uses)
       AND (starts_at IS NULL OR starts_at <= ${now})
       AND (ends_at IS NULL OR ends_at > ${now})
       AND (cardinality(plan_ids) = 0 OR ${planId}::uuid = ANY (plan_ids))`;
  if (counted !== 1) throw new DomainError('EXC_ORDERS_DISCOUNT_CODE_IS_INVALID');
}
