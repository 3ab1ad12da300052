// The facts this service publishes about purchases and money, written to the outbox inside the
// transaction that makes the change: billing.order.v1, keyed by the employer id so one
// employer's purchases and top-ups stay in order.
import { create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { toBusMessage } from '@darmankar/platform/events/bus';
import { enqueueEvent, prismaExecutor } from '@darmankar/platform/events/outbox';
import {
  OrderPaidSchema,
  ReservedPlanCancelledSchema,
  WalletToppedUpSchema,
} from '@darmankar/proto/billing/v1/events_pb';
import type { Transaction } from '../db/client.ts';

const ORDER_TOPIC = 'billing.order.v1';

async function publish<Desc extends DescMessage>(
  tx: Transaction,
  schema: Desc,
  employerId: string,
  fields: MessageInitShape<Desc>,
  nowMs: number,
): Promise<void> {
  const message = create(schema, {
    ...fields,
    meta: { eventId: crypto.randomUUID(), occurredAtMs: BigInt(nowMs) },
  } as MessageInitShape<Desc>);
  await enqueueEvent(prismaExecutor(tx), toBusMessage(schema, message, { topic: ORDER_TOPIC, key: employerId }));
}

export interface OrderPaidFacts {
  employerId: string;
  orderId: string;
  orderNumber: bigint;
  total: { rials: bigint };
  planId: string;
  purchasedPlanId: string;
  reserved: boolean;
}

export const billingEvents = {
  orderPaid: (tx: Transaction, facts: OrderPaidFacts, nowMs: number) =>
    publish(tx, OrderPaidSchema, facts.employerId, facts, nowMs),
  reservedPlanCancelled: (
    tx: Transaction,
    facts: { employerId: string; purchasedPlanId: string; refunded: { rials: bigint } },
    nowMs: number,
  ) => publish(tx, ReservedPlanCancelledSchema, facts.employerId, facts, nowMs),
  walletToppedUp: (
    tx: Transaction,
    facts: { employerId: string; paymentNumber: bigint; amount: { rials: bigint }; balance: { rials: bigint } },
    nowMs: number,
  ) => publish(tx, WalletToppedUpSchema, facts.employerId, facts, nowMs),
};
