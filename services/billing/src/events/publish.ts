// One fact into the outbox, inside the transaction that makes the change; keyed by the employer
// id so one employer's facts arrive in order on every topic.
import { create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { toBusMessage } from '@darmankar/platform/events/bus';
import { enqueueEvent, prismaExecutor } from '@darmankar/platform/events/outbox';
import type { Transaction } from '../db/client.ts';

export async function publishFact<Desc extends DescMessage>(
  tx: Transaction,
  topic: string,
  schema: Desc,
  employerId: string,
  fields: MessageInitShape<Desc>,
  nowMs: number,
): Promise<void> {
  const message = create(schema, {
    ...fields,
    meta: { eventId: crypto.randomUUID(), occurredAtMs: BigInt(nowMs) },
  } as MessageInitShape<Desc>);
  await enqueueEvent(prismaExecutor(tx), toBusMessage(schema, message, { topic, key: employerId }));
}
