// Plan time as facts: billing.plan.v1, keyed by the employer id so one employer's plan facts
// arrive in order, written to the outbox inside the transaction that changes the plan. The
// notification service tells the employer; the employer service follows promotion and the
// recruitment service featuring from them.
import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import { ResourceKind } from '@darmankar/proto/billing/v1/billing_pb';
import {
  PlanActivatedSchema,
  PlanEndReason,
  PlanExpiredSchema,
  PlanExpiringSchema,
  ResourcesLowSchema,
} from '@darmankar/proto/billing/v1/events_pb';
import type { PlanRow, PurchasedPlanRow, Transaction } from '../db/client.ts';
import { publishFact } from './publish.ts';
import type { ResourceKind as Kind } from '../domain/views.ts';

export const PLAN_TOPIC = 'billing.plan.v1';

export type PlanEndWhy = 'time_up' | 'resources_used';

const REASON = { time_up: PlanEndReason.TIME_UP, resources_used: PlanEndReason.RESOURCES_USED } as const;
const KIND = { recruitment: ResourceKind.RECRUITMENT, featured: ResourceKind.FEATURED } as const;

const publish = <Desc extends DescMessage>(
  tx: Transaction,
  schema: Desc,
  employerId: string,
  fields: MessageInitShape<Desc>,
  nowMs: number,
) => publishFact(tx, PLAN_TOPIC, schema, employerId, fields, nowMs);

const ms = (date: Date | null) => BigInt(date ? date.getTime() : 0);

export const planEvents = {
  activated: (tx: Transaction, purchased: PurchasedPlanRow, plan: PlanRow, nowMs: number) =>
    publish(
      tx,
      PlanActivatedSchema,
      purchased.employerId,
      {
        employerId: purchased.employerId,
        purchasedPlanId: purchased.id,
        planId: plan.id,
        planTitle: plan.title,
        activatedAtMs: ms(purchased.activatedAt),
        expiresAtMs: ms(purchased.expiresAt),
        promotion: plan.promotion,
      },
      nowMs,
    ),
  expiring: (tx: Transaction, purchased: PurchasedPlanRow, plan: PlanRow, daysLeft: number, nowMs: number) =>
    publish(
      tx,
      PlanExpiringSchema,
      purchased.employerId,
      {
        employerId: purchased.employerId,
        purchasedPlanId: purchased.id,
        planTitle: plan.title,
        expiresAtMs: ms(purchased.expiresAt),
        daysLeft,
      },
      nowMs,
    ),
  expired: (
    tx: Transaction,
    purchased: PurchasedPlanRow,
    plan: PlanRow,
    why: PlanEndWhy,
    featuredReferenceIds: string[],
    nowMs: number,
  ) =>
    publish(
      tx,
      PlanExpiredSchema,
      purchased.employerId,
      {
        employerId: purchased.employerId,
        purchasedPlanId: purchased.id,
        planTitle: plan.title,
        reason: REASON[why],
        promotion: plan.promotion,
        featuredReferenceIds,
      },
      nowMs,
    ),
  resourcesLow: (
    tx: Transaction,
    employerId: string,
    purchasedPlanId: string,
    kind: Kind,
    remaining: number,
    nowMs: number,
  ) => publish(tx, ResourcesLowSchema, employerId, { employerId, purchasedPlanId, kind: KIND[kind], remaining }, nowMs),
};
