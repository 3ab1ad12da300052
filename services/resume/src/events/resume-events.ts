// The facts about resumes this service publishes (topic resume.resume.v1, keyed by resume id),
// written to the outbox inside the transaction that makes the change.
import { create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { toBusMessage } from '@darmankar/platform/events/bus';
import { enqueueEvent, prismaExecutor } from '@darmankar/platform/events/outbox';
import { ResumeCreatedSchema, ResumeUpdatedSchema } from '@darmankar/proto/resume/v1/events_pb';
import type { Transaction } from '../db/client.ts';

export const RESUME_TOPIC = 'resume.resume.v1';

async function publish<Desc extends DescMessage>(
  tx: Transaction,
  schema: Desc,
  resumeId: string,
  fields: MessageInitShape<Desc>,
): Promise<void> {
  await enqueueEvent(
    prismaExecutor(tx),
    toBusMessage(schema, create(schema, fields), { topic: RESUME_TOPIC, key: resumeId }),
  );
}

export const resumeEvents = {
  created: (tx: Transaction, resumeId: string, ownerUserId: string, slug: string) =>
    publish(tx, ResumeCreatedSchema, resumeId, { resumeId, ownerUserId, slug }),
  updated: (tx: Transaction, resumeId: string, ownerUserId: string, part: string, completenessScore: number) =>
    publish(tx, ResumeUpdatedSchema, resumeId, { resumeId, ownerUserId, part, completenessScore }),
};
