// The facts about users this service publishes (topic auth.user.v1, keyed by user id),
// written to the outbox inside the transaction that makes the change.
import { create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { toBusMessage } from '@darmankar/platform/events/bus';
import { enqueueEvent, prismaExecutor } from '@darmankar/platform/events/outbox';
import {
  UserCellphoneChangedSchema,
  UserEmailVerifiedSchema,
  UserRegisteredSchema,
} from '@darmankar/proto/auth/v1/events_pb';
import type { Transaction } from '../db/client.ts';

export const USER_TOPIC = 'auth.user.v1';

async function publish<Desc extends DescMessage>(
  tx: Transaction,
  schema: Desc,
  userId: string,
  fields: MessageInitShape<Desc>,
): Promise<void> {
  await enqueueEvent(
    prismaExecutor(tx),
    toBusMessage(schema, create(schema, fields), { topic: USER_TOPIC, key: userId }),
  );
}

export const userEvents = {
  registered: (tx: Transaction, userId: string, cellphone: string) =>
    publish(tx, UserRegisteredSchema, userId, { userId, cellphone }),
  cellphoneChanged: (tx: Transaction, userId: string, oldCellphone: string, newCellphone: string) =>
    publish(tx, UserCellphoneChangedSchema, userId, { userId, oldCellphone, newCellphone }),
  emailVerified: (tx: Transaction, userId: string, email: string) =>
    publish(tx, UserEmailVerifiedSchema, userId, { userId, email }),
};
