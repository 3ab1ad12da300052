// Plan time: active plans that ended are written down as expired, and the employer is told a
// few days before. Each change is one conditional UPDATE and its event in one transaction, so
// two sweeps running at once (two instances, or a sweep and a purchase settling the same plan)
// write and announce each change once.
import type { Clock } from '@darmankar/platform/clock';
import type { Database, PurchasedPlanRow, Transaction } from '../db/client.ts';
import { planEvents, type PlanEndWhy } from '../events/plan-events.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Plans looked at per query of a sweep; a sweep goes on until none is left. */
const BATCH = 200;

/**
 * Marks the plan expired if it is still active and has ended (its time ran out, or every
 * resource is used), and writes PlanExpired with it. Answers whether this call expired it: a
 * concurrent caller waits on the row and then finds it no longer active.
 */
export async function expireIfEnded(tx: Transaction, planId: string, nowMs: number): Promise<boolean> {
  const now = new Date(nowMs);
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE purchased_plans SET status = 'expired'
     WHERE id = ${planId}::uuid AND status = 'active'
       AND (expires_at <= ${now} OR recruitment_remaining + featured_remaining = 0)
     RETURNING id`;
  if (rows.length === 0) return false;
  const row = await tx.purchasedPlan.findUniqueOrThrow({ where: { id: planId } });
  const plan = await tx.plan.findUniqueOrThrow({ where: { id: row.planId } });
  const why: PlanEndWhy = row.expiresAt !== null && row.expiresAt.getTime() <= nowMs ? 'time_up' : 'resources_used';
  // The postings this plan featured and that still hold their unit: their featuring ends with it.
  const featured = await tx.resourceUsage.findMany({
    where: { purchasedPlanId: row.id, kind: 'featured', releasedAt: null },
    orderBy: [{ createdAt: 'asc' }, { referenceId: 'asc' }],
    select: { referenceId: true },
  });
  await planEvents.expired(
    tx,
    row,
    plan,
    why,
    featured.map((usage) => usage.referenceId),
    nowMs,
  );
  return true;
}

/** Writes PlanActivated for a plan that became active in `tx`. */
export async function announceActivated(tx: Transaction, row: PurchasedPlanRow, nowMs: number): Promise<void> {
  const plan = await tx.plan.findUniqueOrThrow({ where: { id: row.planId } });
  await planEvents.activated(tx, row, plan, nowMs);
}

export interface PlanTimeSettings {
  /** PLAN_EXPIRING_DAYS: how long before its end an active plan's employer is told. */
  expiringDays: number;
}

export class PlanTime {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly settings: PlanTimeSettings,
  ) {}

  /** One pass at the clock's now: what ended is expired, what ends soon is announced once. */
  async sweep(): Promise<{ expired: number; expiring: number }> {
    const nowMs = this.clock();
    return { expired: await this.expireEnded(nowMs), expiring: await this.announceExpiring(nowMs) };
  }

  private async expireEnded(nowMs: number): Promise<number> {
    let expired = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const batch = await this.db.purchasedPlan.findMany({
        where: {
          status: 'active',
          id: { gt: after },
          OR: [{ expiresAt: { lte: new Date(nowMs) } }, { recruitmentRemaining: 0, featuredRemaining: 0 }],
        },
        orderBy: { id: 'asc' },
        take: BATCH,
        select: { id: true },
      });
      for (const { id } of batch) {
        if (await this.db.$transaction((tx) => expireIfEnded(tx, id, nowMs))) expired++;
      }
      if (batch.length < BATCH) return expired;
      after = batch.at(-1)!.id;
    }
  }

  private async announceExpiring(nowMs: number): Promise<number> {
    const horizon = new Date(nowMs + this.settings.expiringDays * DAY_MS);
    let sent = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const batch = await this.db.purchasedPlan.findMany({
        where: {
          status: 'active',
          id: { gt: after },
          expiringNotifiedAt: null,
          expiresAt: { gt: new Date(nowMs), lte: horizon },
        },
        orderBy: { id: 'asc' },
        take: BATCH,
        select: { id: true },
      });
      for (const { id } of batch) {
        if (await this.db.$transaction((tx) => this.announceOne(tx, id, nowMs))) sent++;
      }
      if (batch.length < BATCH) return sent;
      after = batch.at(-1)!.id;
    }
  }

  /** PlanExpiring for one plan, once: the column that remembers it is set by the same conditional UPDATE. */
  private async announceOne(tx: Transaction, id: string, nowMs: number): Promise<boolean> {
    const now = new Date(nowMs);
    const claimed = await tx.$queryRaw<{ id: string }[]>`
      UPDATE purchased_plans SET expiring_notified_at = ${now}
       WHERE id = ${id}::uuid AND status = 'active' AND expiring_notified_at IS NULL AND expires_at > ${now}
       RETURNING id`;
    if (claimed.length === 0) return false;
    const row = await tx.purchasedPlan.findUniqueOrThrow({ where: { id } });
    const plan = await tx.plan.findUniqueOrThrow({ where: { id: row.planId } });
    const daysLeft = Math.ceil((row.expiresAt!.getTime() - nowMs) / DAY_MS);
    await planEvents.expiring(tx, row, plan, daysLeft, nowMs);
    return true;
  }
}
