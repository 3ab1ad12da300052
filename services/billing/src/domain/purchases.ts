// What employers bought: at most one active and one reserved plan each (docs/billing.md).
import { randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Database, OrderRow, PlanRow, PurchasedPlanRow, Transaction } from '../db/client.ts';
import { billingEvents } from '../events/billing-events.ts';
import type { AccessCheck } from './access.ts';
import { isUuid, parsePage } from '@darmankar/platform/input';
import { requireEmployerId } from './input.ts';
import { hasEnded, purchasedPlanView, type PurchasedPlanView, type WalletView } from './views.ts';
import { lockEmployer, moveMoney, readWallet } from './wallet.ts';
import { announceActivated, expireIfEnded } from './plan-time.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes down that active plans which ended (time up or resources used) are expired, with
 * PlanExpired, so the one-active rule makes room for the next. The employer must be locked in `tx`.
 */
export async function settleEnded(
  tx: Transaction,
  employerId: string,
  nowMs: number,
): Promise<PurchasedPlanRow | null> {
  const active = await tx.purchasedPlan.findFirst({ where: { employerId, status: 'active' } });
  if (active && hasEnded(active, nowMs)) {
    await expireIfEnded(tx, active.id, nowMs);
    return null;
  }
  return active;
}

/** The plans that still count: the active one (if it has not ended) and the reserved one. */
export async function currentPlans(
  db: Database | Transaction,
  employerId: string,
  nowMs: number,
): Promise<{ active: PurchasedPlanRow | null; reserved: PurchasedPlanRow | null }> {
  const rows = await db.purchasedPlan.findMany({ where: { employerId, status: { in: ['active', 'reserved'] } } });
  const active = rows.find((row) => row.status === 'active' && !hasEnded(row, nowMs)) ?? null;
  const reserved = rows.find((row) => row.status === 'reserved') ?? null;
  return { active, reserved };
}

/** Buying is refused while the employer already holds an active and a reserved plan. */
export async function refuseWhenBothHeld(db: Database | Transaction, employerId: string, nowMs: number): Promise<void> {
  const { active, reserved } = await currentPlans(db, employerId, nowMs);
  if (active && reserved) throw new DomainError('EXC_PRODUCTS_ALREADY_HAS_RESERVED_PLAN');
}

/**
 * The plan a paid order buys: active at once when none is active, else reserved. Runs inside
 * the completing transaction, with the employer locked.
 */
export async function grantPurchase(
  tx: Transaction,
  order: OrderRow,
  plan: PlanRow,
  nowMs: number,
): Promise<PurchasedPlanRow> {
  const active = await settleEnded(tx, order.employerId, nowMs);
  const reserved = active
    ? await tx.purchasedPlan.findFirst({ where: { employerId: order.employerId, status: 'reserved' } })
    : null;
  if (active && reserved) throw new DomainError('EXC_PRODUCTS_ALREADY_HAS_RESERVED_PLAN');
  const startsNow = !active;
  const row = await tx.purchasedPlan.create({
    data: {
      id: randomUUID(),
      employerId: order.employerId,
      planId: plan.id,
      orderId: order.id,
      status: startsNow ? 'active' : 'reserved',
      activatedAt: startsNow ? new Date(nowMs) : null,
      expiresAt: startsNow ? new Date(nowMs + plan.durationDays * DAY_MS) : null,
      createdAt: new Date(nowMs),
      paidRials: order.totalRials,
      recruitmentRemaining: plan.recruitment,
      featuredRemaining: plan.featured,
    },
  });
  if (startsNow) await announceActivated(tx, row, nowMs);
  return row;
}

export class PurchasedPlans {
  constructor(
    private readonly db: Database,
    private readonly access: AccessCheck,
    private readonly clock: Clock,
  ) {}

  private async view(row: PurchasedPlanRow): Promise<PurchasedPlanView> {
    const plan = await this.db.plan.findUniqueOrThrow({ where: { id: row.planId } });
    return purchasedPlanView(row, plan, this.clock());
  }

  async list(
    userId: string | undefined,
    employerId: string,
    page?: number,
    pageSize?: number,
  ): Promise<{ items: PurchasedPlanView[]; page: number; pageSize: number; total: number }> {
    requireEmployerId(employerId);
    const paging = parsePage(page, pageSize);
    await this.access.require(userId, employerId, 'Billing');
    const [rows, total] = await Promise.all([
      this.db.purchasedPlan.findMany({
        where: { employerId },
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        skip: (paging.page - 1) * paging.pageSize,
        take: paging.pageSize,
      }),
      this.db.purchasedPlan.count({ where: { employerId } }),
    ]);
    return { items: await Promise.all(rows.map((row) => this.view(row))), ...paging, total };
  }

  async get(userId: string | undefined, employerId: string, id: string): Promise<PurchasedPlanView> {
    requireEmployerId(employerId);
    await this.access.require(userId, employerId, 'Billing');
    const row = isUuid(id) ? await this.db.purchasedPlan.findFirst({ where: { id, employerId } }) : null;
    if (!row) throw new DomainError('EXC_PRODUCTS_PURCHASED_PLAN_NOT_FOUND');
    return this.view(row);
  }

  /**
   * The plans that count, and whether the reserved one may be activated now: the rule
   * `activateReserved` applies (one reserved, none active that has not ended), so no client
   * works it out again.
   */
  async resources(
    userId: string | undefined,
    employerId: string,
  ): Promise<{ active: PurchasedPlanView | null; reserved: PurchasedPlanView | null; canActivateReserved: boolean }> {
    requireEmployerId(employerId);
    await this.access.require(userId, employerId, 'Billing');
    const { active, reserved } = await currentPlans(this.db, employerId, this.clock());
    return {
      active: active && (await this.view(active)),
      reserved: reserved && (await this.view(reserved)),
      canActivateReserved: reserved !== null && active === null,
    };
  }

  /** The reserved plan starts now; refused while another plan is active and has not ended. */
  async activateReserved(userId: string | undefined, employerId: string): Promise<PurchasedPlanView> {
    requireEmployerId(employerId);
    await this.access.require(userId, employerId, 'Billing');
    const row = await this.db.$transaction(async (tx) => {
      const now = this.clock();
      await lockEmployer(tx, employerId, now);
      const reserved = await tx.purchasedPlan.findFirst({ where: { employerId, status: 'reserved' } });
      if (!reserved) throw new DomainError('EXC_PRODUCTS_RESERVED_PLAN_NOT_FOUND');
      if (await settleEnded(tx, employerId, now)) throw new DomainError('EXC_PRODUCTS_ALREADY_HAS_ACTIVE_PLAN');
      const plan = await tx.plan.findUniqueOrThrow({ where: { id: reserved.planId } });
      const activated = await tx.purchasedPlan.update({
        where: { id: reserved.id },
        data: { status: 'active', activatedAt: new Date(now), expiresAt: new Date(now + plan.durationDays * DAY_MS) },
      });
      await announceActivated(tx, activated, now);
      return activated;
    });
    return this.view(row);
  }

  /** The reserved plan is cancelled and what was paid for it goes to the wallet, in one transaction. */
  async cancelReserved(
    userId: string | undefined,
    employerId: string,
  ): Promise<{ purchasedPlan: PurchasedPlanView; wallet: WalletView }> {
    requireEmployerId(employerId);
    await this.access.require(userId, employerId, 'Billing');
    const row = await this.db.$transaction(async (tx) => {
      const now = this.clock();
      await lockEmployer(tx, employerId, now);
      const reserved = await tx.purchasedPlan.findFirst({ where: { employerId, status: 'reserved' } });
      if (!reserved) throw new DomainError('EXC_PRODUCTS_RESERVED_PLAN_NOT_FOUND');
      const cancelled = await tx.purchasedPlan.update({ where: { id: reserved.id }, data: { status: 'cancelled' } });
      if (reserved.paidRials > 0n) {
        await moveMoney(
          tx,
          {
            employerId,
            amountRials: reserved.paidRials,
            reason: 'reservation_refund',
            orderId: reserved.orderId,
            purchasedPlanId: reserved.id,
          },
          now,
        );
      }
      await billingEvents.reservedPlanCancelled(
        tx,
        { employerId, purchasedPlanId: reserved.id, refunded: { rials: reserved.paidRials } },
        now,
      );
      return cancelled;
    });
    return { purchasedPlan: await this.view(row), wallet: await readWallet(this.db, employerId) };
  }

  async wallet(userId: string | undefined, employerId: string): Promise<WalletView> {
    requireEmployerId(employerId);
    await this.access.require(userId, employerId, 'Billing');
    return readWallet(this.db, employerId);
  }
}
