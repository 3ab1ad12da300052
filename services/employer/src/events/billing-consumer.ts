// Follows the plan's promotion from billing.plan.v1 (group employer-promotion): a plan that
// includes promotion promotes its employer while it is active (PlanActivated), and the
// promotion ends with that plan (PlanExpired). The processed event is recorded in the
// transaction of the change, so a redelivered event changes nothing.
import {
  decodeBusMessage,
  handleOnce,
  prismaExecutor,
  type BusMessage,
  type Consumer,
  type EventBus,
} from '@darmankar/platform/events/index';
import type { Clock } from '@darmankar/platform/clock';
import type { Logger } from '@darmankar/platform/log';
import { PlanActivatedSchema, PlanExpiredSchema } from '@darmankar/proto/billing/v1/events_pb';
import type { Database } from '../db/client.ts';
import { changePromotion, type PromotionChange } from '../domain/promotion.ts';

export const PLAN_TOPIC = 'billing.plan.v1';
export const PROMOTION_GROUP = 'employer-promotion';

/** The promotion change an event of billing.plan.v1 makes, if any (PlanExpiring and ResourcesLow make none). */
function changeOf(message: BusMessage): { employerId: string; change: PromotionChange } | null {
  if (message.type === PlanActivatedSchema.typeName) {
    const event = decodeBusMessage(PlanActivatedSchema, message);
    return {
      employerId: event.employerId,
      change: { source: 'plan-activated', purchasedPlanId: event.purchasedPlanId, promotion: event.promotion },
    };
  }
  if (message.type === PlanExpiredSchema.typeName) {
    const event = decodeBusMessage(PlanExpiredSchema, message);
    return { employerId: event.employerId, change: { source: 'plan-expired', purchasedPlanId: event.purchasedPlanId } };
  }
  return null;
}

/** Handles one delivery: once per event. */
export function recordPlanEvent(db: Database, clock: Clock, log?: Logger) {
  return (message: BusMessage) =>
    db.$transaction(async (tx) => {
      await handleOnce(prismaExecutor(tx), PROMOTION_GROUP, message, async () => {
        const found = changeOf(message);
        if (!found) return;
        const row = await changePromotion(tx, found.employerId, found.change, clock());
        if (!row) log?.warn({ employerId: found.employerId, type: message.type }, 'plan event of an unknown employer');
      });
    });
}

export function consumePlanEvents(bus: EventBus, db: Database, clock: Clock, log?: Logger): Promise<Consumer> {
  return bus.subscribe({ group: PROMOTION_GROUP, topics: [PLAN_TOPIC], handler: recordPlanEvent(db, clock, log) });
}
