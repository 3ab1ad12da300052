// The cart and the purchase history. The cart is the employer's one pending order holding one
// plan; a paid or cancelled order never changes again (docs/billing.md).
import { randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUniqueViolation, type Database, type OrderRow, type PlanRow, type Transaction } from '../db/client.ts';
import type { AccessCheck } from './access.ts';
import { discountOn, employerMayUse, isUsable, normalizeCode, requireUsableBy } from './discounts.ts';
import { isUuid, parsePage } from '@darmankar/platform/input';
import { requireEmployerId } from './input.ts';
import { refuseWhenBothHeld } from './purchases.ts';
import { orderView, type OrderView } from './views.ts';

export function requireOrderId(orderId: string): string {
  if (!isUuid(orderId)) throw new DomainError('EXC_ORDERS_ID_IS_INVALID');
  return orderId;
}

/** The order by id, or EXC_ORDERS_NOT_FOUND. */
export async function findOrder(db: Database | Transaction, orderId: string): Promise<OrderRow> {
  const row = await db.order.findUnique({ where: { id: requireOrderId(orderId) } });
  if (!row) throw new DomainError('EXC_ORDERS_NOT_FOUND');
  return row;
}

/** Locks the order until the transaction ends and answers it as it is now. */
export async function lockOrder(tx: Transaction, orderId: string): Promise<OrderRow> {
  await tx.$executeRaw`SELECT 1 FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
  return tx.order.findUniqueOrThrow({ where: { id: orderId } });
}

export async function planOnSale(db: Database | Transaction, planId: string): Promise<PlanRow> {
  const plan = isUuid(planId) ? await db.plan.findUnique({ where: { id: planId } }) : null;
  if (!plan || !plan.onSale) throw new DomainError('EXC_PRODUCTS_PLAN_NOT_FOUND');
  return plan;
}

/**
 * A change to the cart changes what is owed, so a payment already sent to the provider for the
 * old total must not complete it: it is failed (an unverified Zarinpal payment is returned to
 * the payer by Zarinpal; one verified in the same moment is credited to the wallet, payments.ts).
 */
async function failPendingPayments(tx: Transaction, orderId: string, nowMs: number): Promise<void> {
  await tx.payment.updateMany({
    where: { orderId, status: 'pending' },
    data: { status: 'failed', completedAt: new Date(nowMs) },
  });
}

export interface OrdersOptions {
  /**
   * VAT_PERCENT: written on the cart with every change, so the order is paid at the rate its
   * employer was shown, and kept with it once paid (its invoice's rate).
   */
  vatPercent?: number;
}

export class Orders {
  constructor(
    private readonly db: Database,
    private readonly access: AccessCheck,
    private readonly clock: Clock,
    private readonly options: OrdersOptions = {},
  ) {}

  private get vatPercent(): number {
    return this.options.vatPercent ?? 10;
  }

  async view(row: OrderRow, db: Database | Transaction = this.db): Promise<OrderView> {
    const [plan, payments, credits] = await Promise.all([
      db.plan.findUniqueOrThrow({ where: { id: row.planId } }),
      db.payment.findMany({ where: { orderId: row.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
      // By employer too: wallet entries are indexed by employer.
      db.walletEntry.findMany({
        where: { employerId: row.employerId, orderId: row.id, amountRials: { gt: 0n } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      }),
    ]);
    return orderView(row, plan, payments, credits);
  }

  /** The order and the employer it belongs to, once the caller may act for that employer. */
  async accessibleOrder(userId: string | undefined, orderId: string): Promise<OrderRow> {
    const row = await findOrder(this.db, orderId);
    await this.access.require(userId, row.employerId, 'Billing');
    return row;
  }

  async current(userId: string | undefined, employerId: string): Promise<OrderView | null> {
    requireEmployerId(employerId);
    await this.access.require(userId, employerId, 'Billing');
    const row = await this.db.order.findFirst({ where: { employerId, status: 'pending' } });
    return row && this.view(row);
  }

  async get(userId: string | undefined, employerId: string, orderId: string): Promise<OrderView> {
    requireEmployerId(employerId);
    requireOrderId(orderId);
    await this.access.require(userId, employerId, 'Billing');
    const row = await this.db.order.findFirst({ where: { id: requireOrderId(orderId), employerId } });
    if (!row) throw new DomainError('EXC_ORDERS_NOT_FOUND');
    return this.view(row);
  }

  /** Purchase history, newest first: pending, paid and cancelled orders. */
  async list(
    userId: string | undefined,
    employerId: string,
    page?: number,
    pageSize?: number,
  ): Promise<{ items: OrderView[]; page: number; pageSize: number; total: number }> {
    requireEmployerId(employerId);
    const paging = parsePage(page, pageSize);
    await this.access.require(userId, employerId, 'Billing');
    const [rows, total] = await Promise.all([
      this.db.order.findMany({
        where: { employerId },
        orderBy: [{ createdAt: 'desc' }, { number: 'desc' }],
        skip: (paging.page - 1) * paging.pageSize,
        take: paging.pageSize,
      }),
      this.db.order.count({ where: { employerId } }),
    ]);
    return { items: await Promise.all(rows.map((row) => this.view(row))), ...paging, total };
  }

  async createCart(userId: string | undefined, employerId: string, planId: string): Promise<OrderView> {
    requireEmployerId(employerId);
    await this.access.require(userId, employerId, 'Billing');
    const plan = await planOnSale(this.db, planId);
    const now = this.clock();
    await refuseWhenBothHeld(this.db, employerId, now);
    if (await this.db.order.findFirst({ where: { employerId, status: 'pending' }, select: { id: true } }))
      throw new DomainError('EXC_ORDERS_PENDING_ORDER_EXISTS');
    try {
      const row = await this.db.order.create({
        data: {
          id: randomUUID(),
          employerId,
          status: 'pending',
          planId: plan.id,
          priceRials: plan.priceRials,
          discountRials: 0n,
          totalRials: plan.priceRials,
          createdAt: new Date(now),
          vatPercent: this.vatPercent,
        },
      });
      return this.view(row);
    } catch (error) {
      // Two carts created at once: the one-cart index lets one through.
      if (isUniqueViolation(error)) throw new DomainError('EXC_ORDERS_PENDING_ORDER_EXISTS');
      throw error;
    }
  }

  /** Another plan in the cart; the discount code stays if it still applies and is dropped otherwise. */
  async updateCart(userId: string | undefined, orderId: string, planId: string): Promise<OrderView> {
    const order = await this.accessibleOrder(userId, orderId);
    const plan = await planOnSale(this.db, planId);
    return this.changePending(order.id, async (tx, locked, now) => {
      if (locked.planId === plan.id) throw new DomainError('EXC_ORDERS_SAME_ORDER_IN_CART');
      const code = locked.discountCodeId
        ? await tx.discountCode.findUnique({ where: { id: locked.discountCodeId } })
        : null;
      const keep =
        code !== null && isUsable(code, plan.id, now) && (await employerMayUse(tx, code, locked.employerId, locked.id));
      const discount = keep ? discountOn(code, plan.priceRials) : 0n;
      return {
        planId: plan.id,
        priceRials: plan.priceRials,
        discountCodeId: keep ? code.id : null,
        discountCode: keep ? code.code : null,
        discountRials: discount,
        totalRials: plan.priceRials - discount,
      };
    });
  }

  async deleteCart(userId: string | undefined, orderId: string): Promise<void> {
    const order = await this.accessibleOrder(userId, orderId);
    await this.changePending(order.id, async () => ({ status: 'cancelled' }));
  }

  async applyDiscount(userId: string | undefined, employerId: string, rawCode: string): Promise<OrderView> {
    requireEmployerId(employerId);
    const codeText = normalizeCode(rawCode);
    if (codeText === '') throw new DomainError('EXC_ORDERS_DISCOUNT_CODE_IS_REQUIRED');
    await this.access.require(userId, employerId, 'Billing');
    const cart = await this.db.order.findFirst({ where: { employerId, status: 'pending' } });
    if (!cart) throw new DomainError('EXC_ORDERS_NOT_FOUND');
    return this.changePending(cart.id, async (tx, locked, now) => {
      const code = await requireUsableBy(
        tx,
        await tx.discountCode.findUnique({ where: { code: codeText } }),
        locked,
        now,
      );
      const discount = discountOn(code, locked.priceRials);
      return {
        discountCodeId: code.id,
        discountCode: code.code,
        discountRials: discount,
        totalRials: locked.priceRials - discount,
      };
    });
  }

  async removeDiscount(userId: string | undefined, orderId: string): Promise<OrderView> {
    const order = await this.accessibleOrder(userId, orderId);
    return this.changePending(order.id, async (_tx, locked) => ({
      discountCodeId: null,
      discountCode: null,
      discountRials: 0n,
      totalRials: locked.priceRials,
    }));
  }

  /** Changes a pending order under its lock; a paid or cancelled one answers EXC_ORDERS_ORDER_IS_NOT_PENDING. */
  private async changePending(
    orderId: string,
    change: (
      tx: Transaction,
      order: OrderRow,
      nowMs: number,
    ) => Promise<
      Partial<
        Pick<
          OrderRow,
          'status' | 'planId' | 'priceRials' | 'discountCodeId' | 'discountCode' | 'discountRials' | 'totalRials'
        >
      >
    >,
  ): Promise<OrderView> {
    return this.db.$transaction(async (tx) => {
      const now = this.clock();
      const locked = await lockOrder(tx, orderId);
      if (locked.status !== 'pending') throw new DomainError('EXC_ORDERS_ORDER_IS_NOT_PENDING');
      const updated = await tx.order.update({
        where: { id: orderId },
        data: { ...(await change(tx, locked, now)), vatPercent: this.vatPercent },
      });
      await failPendingPayments(tx, orderId, now);
      return this.view(updated, tx);
    });
  }
}
