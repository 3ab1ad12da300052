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
import { isUuid } from '@darmankar/platform/input';
import type { Logger } from '@darmankar/platform/log';
import { PlanActivatedSchema, PlanExpiredSchema } from '@darmankar/proto/billing/v1/events_pb';
import type { Database } from '../db/client.ts';
import { changePromotion, type PromotionChange } from '../domain/promotion.ts';

export const PLAN_TOPIC = 'billing.plan.v1';
export const PROMOTION_GROUP = 'employer-promotion';

type PlanChange = Exclude<PromotionChange, { source: 'operator' }>;

/** The promotion change an event of billing.plan.v1 makes, if any (PlanExpiring and ResourcesLow make none). */
function changeOf(message: BusMessage): { employerId: string; change: PlanChange } | null {
  // Plan ids in lower case, as Postgres answers the recorded uuid.
  if (message.type === PlanActivatedSchema.typeName) {
    const event = decodeBusMessage(PlanActivatedSchema, message);
    const purchasedPlanId = event.purchasedPlanId.toLowerCase();
    return {
      employerId: event.employerId,
      change: { source: 'plan-activated', purchasedPlanId, promotion: event.promotion },
    };
  }
  if (message.type === PlanExpiredSchema.typeName) {
    const event = decodeBusMessage(PlanExpiredSchema, message);
    const purchasedPlanId = event.purchasedPlanId.toLowerCase();
    return { employerId: event.employerId, change: { source: 'plan-expired', purchasedPlanId } };
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
        if (!isUuid(found.change.purchasedPlanId)) {
          // Never a plan billing sold: nothing to record, and retrying would not make it one.
          log?.warn({ employerId: found.employerId, type: message.type }, 'plan event without a purchased plan id');
          return;
        }
        const row = await changePromotion(tx, found.employerId, found.change, clock());
        if (!row) log?.warn({ employerId: found.employerId, type: message.type }, 'plan event of an unknown employer');
      });
    });
}

export function consumePlanEvents(bus: EventBus, db: Database, clock: Clock, log?: Logger): Promise<Consumer> {
  return bus.subscribe({ group: PROMOTION_GROUP, topics: [PLAN_TOPIC], handler: recordPlanEvent(db, clock, log) });
}
