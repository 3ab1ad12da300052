// PostingChanged, written to the outbox inside the transaction that makes the change, so the
// event exists exactly when the change does (docs/events.md). Topic recruitment.posting.v1,
// keyed by posting id: one posting's changes stay in order; the indexer reads the current row.
import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { toBusMessage } from '@darmankar/platform/events/bus';
import { enqueueEvent, prismaExecutor } from '@darmankar/platform/events/outbox';
import { PostingChangedSchema } from '@darmankar/proto/recruitment/v1/events_pb';
import type { PostingChangePublisher } from '../domain/posting-changes.ts';

export const POSTING_TOPIC = 'recruitment.posting.v1';

/** The domain's PostingChangePublisher: PostingChanged in the outbox, in the change's transaction. */
export const publishPostingChanged: PostingChangePublisher = async (tx, change, nowMs) => {
  const message = create(PostingChangedSchema, {
    ...change,
    meta: { eventId: randomUUID(), occurredAtMs: BigInt(nowMs) },
  });
  await enqueueEvent(
    prismaExecutor(tx),
    toBusMessage(PostingChangedSchema, message, { topic: POSTING_TOPIC, key: change.postingId }),
  );
};
