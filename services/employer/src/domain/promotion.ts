// Promotion's two sources, kept apart: the operator's switch (for exceptions) and the active
// plan that includes promotion, known from billing.plan.v1 by its purchased plan id. is_promoted,
// which the promoted lists read, is either; a change of it is published as EmployerUpdated in
// the transaction that makes it, so search and caches follow.
import { isUuid } from '@darmankar/platform/input';
import type { EmployerRow, Transaction } from '../db/client.ts';
import { employerEvents } from '../events/employer-events.ts';
import { isProfileCompleted } from './profile.ts';

export interface PromotionFacts {
  byOperator: boolean;
  /** The purchased plan that promotes the employer, null when none does. */
  byPlanId: string | null;
}

export type PromotionChange =
  | { source: 'operator'; promoted: boolean }
  /** A purchased plan became the employer's active plan (billing holds one active plan at a time). */
  | { source: 'plan-activated'; purchasedPlanId: string; promotion: boolean }
  | { source: 'plan-expired'; purchasedPlanId: string };

export const isPromoted = (facts: PromotionFacts): boolean => facts.byOperator || facts.byPlanId !== null;

/** The facts after `change`. */
export function nextPromotion(current: PromotionFacts, change: PromotionChange): PromotionFacts {
  switch (change.source) {
    case 'operator':
      return { ...current, byOperator: change.promoted };
    case 'plan-activated':
      // The newly active plan replaces whatever plan was recorded: it promotes, or nothing does.
      return { ...current, byPlanId: change.promotion ? change.purchasedPlanId : null };
    case 'plan-expired':
      // Only the recorded plan's end counts: an older plan ending after a newer one was
      // activated (a reservation activated before the plan-time job marked the old one
      // expired) leaves the newer plan's promotion alone.
      return change.purchasedPlanId === current.byPlanId ? { ...current, byPlanId: null } : current;
  }
}

const factsOf = (row: EmployerRow): PromotionFacts => ({
  byOperator: row.promotedByOperator,
  byPlanId: row.promotedByPlanId,
});

/**
 * Applies `change` to the employer's row, locked for the rest of `tx` so the operator's switch
 * and a plan event take turns. Answers the row as it stands after, or null for an employer this
 * service does not know (or an id that is none).
 */
export async function changePromotion(
  tx: Transaction,
  employerId: string,
  change: PromotionChange,
  nowMs: number,
): Promise<EmployerRow | null> {
  if (!isUuid(employerId)) return null;
  const locked = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM employers WHERE id = ${employerId}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  const row = await tx.employer.findUniqueOrThrow({ where: { id: employerId } });
  const before = factsOf(row);
  const after = nextPromotion(before, change);
  const promoted = isPromoted(after);
  const same = after.byOperator === before.byOperator && after.byPlanId === before.byPlanId;
  // A row written around the domain (a bulk load setting is_promoted alone) is set right by its next change.
  if (same && promoted === row.isPromoted) return row;
  const updated = await tx.employer.update({
    where: { id: employerId },
    data: {
      promotedByOperator: after.byOperator,
      promotedByPlanId: after.byPlanId,
      isPromoted: promoted,
      updatedAt: new Date(nowMs),
    },
  });
  if (promoted !== row.isPromoted)
    await employerEvents.updated(
      tx,
      {
        employerId,
        slug: updated.slug,
        brand: updated.brand,
        isSelfEmployed: updated.isSelfEmployed,
        isProfileCompleted: isProfileCompleted(updated),
        isPromoted: promoted,
      },
      nowMs,
    );
  return updated;
}
