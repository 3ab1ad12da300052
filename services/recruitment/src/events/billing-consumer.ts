// The recruitment service's consumer of billing.plan.v1 (group recruitment-featuring, on the
// service's one bus): a plan's PlanExpired ends the featuring its units paid for. The processed
// event is recorded in the transaction of the change, so a redelivered event changes nothing.
import {
  decodeBusMessage,
  handleOnce,
  prismaExecutor,
  type BusMessage,
  type Consumer,
  type EventBus,
} from '@darmankar/platform/events/index';
import type { Logger } from '@darmankar/platform/log';
import { PlanExpiredSchema } from '@darmankar/proto/billing/v1/events_pb';
import type { Database } from '../db/client.ts';
import type { PlanFeaturing } from '../domain/plan-featuring.ts';

export const PLAN_TOPIC = 'billing.plan.v1';
export const PLAN_FEATURING_GROUP = 'recruitment-featuring';

/** Handles one delivery: once per event; only PlanExpired changes anything here. */
export function recordPlanEvent(db: Database, featuring: PlanFeaturing, log?: Logger) {
  return (message: BusMessage) =>
    db.$transaction(async (tx) => {
      await handleOnce(prismaExecutor(tx), PLAN_FEATURING_GROUP, message, async () => {
        if (message.type !== PlanExpiredSchema.typeName) return;
        const event = decodeBusMessage(PlanExpiredSchema, message);
        const ended = await featuring.planEnded(tx, event.employerId, event.featuredReferenceIds);
        if (ended > 0)
          log?.info(
            { employerId: event.employerId, purchasedPlanId: event.purchasedPlanId, ended },
            'featuring ended with its plan',
          );
      });
    });
}

export function consumePlanEvents(
  bus: EventBus,
  db: Database,
  featuring: PlanFeaturing,
  log?: Logger,
): Promise<Consumer> {
  return bus.subscribe({
    group: PLAN_FEATURING_GROUP,
    topics: [PLAN_TOPIC],
    handler: recordPlanEvent(db, featuring, log),
  });
}
