// The facts this service publishes about purchases and money, written to the outbox inside the
// transaction that makes the change: billing.order.v1, keyed by the employer id so one
// employer's purchases and top-ups stay in order.
import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import {
  OrderPaidSchema,
  ReservedPlanCancelledSchema,
  WalletToppedUpSchema,
} from '@darmankar/proto/billing/v1/events_pb';
import type { Transaction } from '../db/client.ts';
import { publishFact } from './publish.ts';

const ORDER_TOPIC = 'billing.order.v1';

const publish = <Desc extends DescMessage>(
  tx: Transaction,
  schema: Desc,
  employerId: string,
  fields: MessageInitShape<Desc>,
  nowMs: number,
) => publishFact(tx, ORDER_TOPIC, schema, employerId, fields, nowMs);

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
