// Discount codes: what a code takes off a plan's price, whether it may be used now, and whether
// this employer may still use it (a per-employer limit, first purchases only). A use is
// written when the order is paid, under the code's row lock, so the limits hold under races.
import { randomUUID } from 'node:crypto';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Database, DiscountCodeRow, OrderRow, Transaction } from '../db/client.ts';

/** Codes are typed by people: compared without case or surrounding spaces. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Whether the code may be used on `planId` at `nowMs` (not counting a use in flight, nor who uses it). */
export function isUsable(code: DiscountCodeRow, planId: string, nowMs: number): boolean {
  if (code.disabledAt !== null) return false;
  if (code.startsAt && code.startsAt.getTime() > nowMs) return false;
  if (code.endsAt && code.endsAt.getTime() <= nowMs) return false;
  if (code.maxUses !== null && code.usedCount >= code.maxUses) return false;
  return code.planIds.length === 0 || code.planIds.includes(planId);
}

/** Whether the code can be used at all at `nowMs`, whatever the plan (the banner's question). */
export function isLive(code: DiscountCodeRow, nowMs: number): boolean {
  return isUsable(code, code.planIds[0] ?? '', nowMs);
}

/**
 * Whether `employerId` may still use the code: under its per-employer limit (uses by other
 * orders than `orderId`) and, for a first-purchase code, with no paid order yet.
 */
export async function employerMayUse(
  db: Database | Transaction,
  code: DiscountCodeRow,
  employerId: string,
  orderId: string | null,
): Promise<boolean> {
  if (code.maxUsesPerEmployer !== null) {
    const used = await db.discountCodeUse.count({
      where: { discountCodeId: code.id, employerId, ...(orderId ? { orderId: { not: orderId } } : {}) },
    });
    if (used >= code.maxUsesPerEmployer) return false;
  }
  if (code.firstPurchaseOnly) {
    const paid = await db.order.findFirst({
      where: { employerId, status: 'paid', ...(orderId ? { id: { not: orderId } } : {}) },
      select: { id: true },
    });
    if (paid) return false;
  }
  return true;
}

/**
 * The code's verdict for an employer's order: EXC_ORDERS_DISCOUNT_CODE_IS_INVALID when the code
 * does not apply (unknown, disabled, out of its dates, used up, another plan),
 * EXC_ORDERS_DISCOUNT_CODE_ALREADY_USED when this employer may no longer use it.
 */
export async function requireUsableBy(
  db: Database | Transaction,
  code: DiscountCodeRow | null,
  order: Pick<OrderRow, 'id' | 'employerId' | 'planId'>,
  nowMs: number,
): Promise<DiscountCodeRow> {
  if (!code || !isUsable(code, order.planId, nowMs)) throw new DomainError('EXC_ORDERS_DISCOUNT_CODE_IS_INVALID');
  if (!(await employerMayUse(db, code, order.employerId, order.id)))
    throw new DomainError('EXC_ORDERS_DISCOUNT_CODE_ALREADY_USED');
  return code;
}

/**
 * Whether the order's code still applies, checked under the code's row lock inside the
 * completing transaction (false: the order cannot be completed with it).
 */
export async function codeStillApplies(
  tx: Transaction,
  code: DiscountCodeRow,
  order: OrderRow,
  nowMs: number,
): Promise<boolean> {
  await tx.$executeRaw`SELECT 1 FROM discount_codes WHERE id = ${code.id}::uuid FOR UPDATE`;
  const locked = await tx.discountCode.findUniqueOrThrow({ where: { id: code.id } });
  return isUsable(locked, order.planId, nowMs) && (await employerMayUse(tx, locked, order.employerId, order.id));
}

/** What the code takes off `priceRials`: never more than the price, so the total never goes below zero. */
export function discountOn(code: DiscountCodeRow, priceRials: bigint): bigint {
  const off = code.percent !== null ? (priceRials * BigInt(code.percent)) / 100n : (code.amountRials ?? 0n);
  return off > priceRials ? priceRials : off;
}

/**
 * Counts one use of the code by the order's employer, in the transaction that completes the
 * order. The code's row is locked first, so two completions using one code (two carts, two
 * payments) are taken one after the other and the second sees the first's use: at its limit,
 * it is refused (the transaction rolls back, nothing is granted).
 */
export async function countUse(tx: Transaction, code: DiscountCodeRow, order: OrderRow, nowMs: number): Promise<void> {
  await tx.$executeRaw`SELECT 1 FROM discount_codes WHERE id = ${code.id}::uuid FOR UPDATE`;
  const locked = await tx.discountCode.findUniqueOrThrow({ where: { id: code.id } });
  if (!isUsable(locked, order.planId, nowMs)) throw new DomainError('EXC_ORDERS_DISCOUNT_CODE_IS_INVALID');
  if (!(await employerMayUse(tx, locked, order.employerId, order.id)))
    throw new DomainError('EXC_ORDERS_DISCOUNT_CODE_ALREADY_USED');
  const counted = await tx.$executeRaw`
    UPDATE discount_codes SET used_count = used_count + 1
     WHERE id = ${code.id}::uuid AND (max_uses IS NULL OR used_count < max_uses)`;
  if (counted !== 1) throw new DomainError('EXC_ORDERS_DISCOUNT_CODE_IS_INVALID');
  await tx.discountCodeUse.create({
    data: {
      id: randomUUID(),
      discountCodeId: code.id,
      employerId: order.employerId,
      orderId: order.id,
      createdAt: new Date(nowMs),
    },
  });
}

/** What an operator gives to create a code (`npm run discounts -- create`). */
export interface NewDiscountCode {
  code: string;
  percent?: number;
  amountRials?: bigint;
  maxUses?: number;
  maxUsesPerEmployer?: number;
  firstPurchaseOnly?: boolean;
  banner?: boolean;
  startsAt?: Date;
  endsAt?: Date;
  planIds?: string[];
}

export interface DiscountCodeSummary {
  code: string;
  kind: string;
  usedCount: number;
  maxUses: number | null;
  maxUsesPerEmployer: number | null;
  firstPurchaseOnly: boolean;
  banner: boolean;
  disabled: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  planIds: string[];
}

/** The codes as operators and the banner see them. */
export class DiscountCodes {
  constructor(
    private readonly db: Database,
    private readonly clock: () => number,
  ) {}

  /** The banner's code: flagged for it, not disabled, and usable now; the newest such one. */
  async banner(): Promise<string | null> {
    const now = this.clock();
    const flagged = await this.db.discountCode.findMany({
      where: { banner: true, disabledAt: null },
      orderBy: [{ createdAt: 'desc' }, { code: 'asc' }],
    });
    return flagged.find((code) => isLive(code, now))?.code ?? null;
  }

  async create(input: NewDiscountCode): Promise<DiscountCodeSummary> {
    const code = normalizeCode(input.code);
    if (!/^[A-Z0-9_-]{3,40}$/.test(code)) throw new Error('the code is 3 to 40 letters, digits, - or _');
    if ((input.percent === undefined) === (input.amountRials === undefined))
      throw new Error('give exactly one of --percent and --amount-rials');
    if (input.percent !== undefined && !(Number.isInteger(input.percent) && input.percent >= 1 && input.percent <= 100))
      throw new Error('--percent is a whole number from 1 to 100');
    if (input.amountRials !== undefined && input.amountRials <= 0n) throw new Error('--amount-rials is above 0');
    for (const [name, value] of [
      ['--max-uses', input.maxUses],
      ['--max-uses-per-employer', input.maxUsesPerEmployer],
    ] as const) {
      if (value !== undefined && !(Number.isInteger(value) && value > 0))
        throw new Error(`${name} is a whole number above 0`);
    }
    if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) throw new Error('--ends is after --starts');
    const planIds = input.planIds ?? [];
    if (planIds.length > 0) {
      const known = await this.db.plan.count({ where: { id: { in: planIds } } });
      if (known !== new Set(planIds).size) throw new Error('--plans names a plan that does not exist');
    }
    if (await this.db.discountCode.findUnique({ where: { code } })) throw new Error(`the code ${code} exists`);
    const row = await this.db.discountCode.create({
      data: {
        id: randomUUID(),
        code,
        percent: input.percent ?? null,
        amountRials: input.amountRials ?? null,
        maxUses: input.maxUses ?? null,
        maxUsesPerEmployer: input.maxUsesPerEmployer ?? null,
        firstPurchaseOnly: input.firstPurchaseOnly ?? false,
        banner: input.banner ?? false,
        startsAt: input.startsAt ?? null,
        endsAt: input.endsAt ?? null,
        planIds,
        createdAt: new Date(this.clock()),
      },
    });
    return summary(row);
  }

  async list(): Promise<DiscountCodeSummary[]> {
    const rows = await this.db.discountCode.findMany({ orderBy: [{ createdAt: 'asc' }, { code: 'asc' }] });
    return rows.map(summary);
  }

  /** Switches the code off for good (it stays for the orders that used it); false when unknown. */
  async disable(rawCode: string): Promise<DiscountCodeSummary | null> {
    const code = normalizeCode(rawCode);
    const row = await this.db.discountCode.findUnique({ where: { code } });
    if (!row) return null;
    const updated = row.disabledAt
      ? row
      : await this.db.discountCode.update({ where: { id: row.id }, data: { disabledAt: new Date(this.clock()) } });
    return summary(updated);
  }
}

function summary(row: DiscountCodeRow): DiscountCodeSummary {
  return {
    code: row.code,
    kind: row.percent !== null ? `${row.percent}%` : `${row.amountRials} rials`,
    usedCount: row.usedCount,
    maxUses: row.maxUses,
    maxUsesPerEmployer: row.maxUsesPerEmployer,
    firstPurchaseOnly: row.firstPurchaseOnly,
    banner: row.banner,
    disabled: row.disabledAt !== null,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    planIds: row.planIds,
  };
}
