// ApplicationChanged, written to the outbox inside the transaction that makes the change, so
// the event exists exactly when the change does (docs/events.md). Topic hiring.application.v1,
// keyed by posting id: one posting's changes stay in order for the counts kept from them.
import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { toBusMessage } from '@darmankar/platform/events/bus';
import { enqueueEvent, prismaExecutor } from '@darmankar/platform/events/outbox';
import { ApplicationChangedSchema } from '@darmankar/proto/hiring/v1/events_pb';
import type { ApplicationChangePublisher } from '../domain/application-changes.ts';
import { changeValue, stateValue } from '../rpc/enums.ts';

export const APPLICATION_TOPIC = 'hiring.application.v1';

/** The domain's ApplicationChangePublisher: ApplicationChanged in the outbox, in the change's transaction. */
export const publishApplicationChanged: ApplicationChangePublisher = async (tx, event, nowMs) => {
  const message = create(ApplicationChangedSchema, {
    meta: { eventId: randomUUID(), occurredAtMs: BigInt(nowMs) },
    applicationId: event.applicationId,
    postingId: event.postingId,
    employerId: event.employerId,
    resumeId: event.resumeId,
    applicantUserId: event.applicantUserId,
    change: changeValue(event.change),
    state: stateValue(event.state),
    step: event.step,
    read: event.read,
    version: event.version,
    postingTitle: event.postingTitle,
    actorUserId: event.actorUserId,
  });
  await enqueueEvent(
    prismaExecutor(tx),
    toBusMessage(ApplicationChangedSchema, message, { topic: APPLICATION_TOPIC, key: event.postingId }),
  );
};
