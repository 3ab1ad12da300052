// The search side of the posting events: the indexer's consumer of recruitment.posting.v1
// (group recruitment-indexer, on the service's one bus) and the JobAlert events it writes to
// the outbox (recruitment.job-alert.v1, keyed by the filter owner's user id).
import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import {
  decodeBusMessage,
  enqueueEvent,
  handleOnce,
  prismaExecutor,
  toBusMessage,
  type Consumer,
  type EventBus,
} from '@darmankar/platform/events/index';
import type { Clock } from '@darmankar/platform/clock';
import { JobAlertSchema, PostingChangedSchema } from '@darmankar/proto/recruitment/v1/events_pb';
import type { Database } from '../db/client.ts';
import type { JobAlertPublisher, JobAlerts } from '../domain/search/job-alerts.ts';
import type { SearchIndexer } from '../domain/search/indexer.ts';
import { POSTING_TOPIC } from './posting-events.ts';

export const SEARCH_INDEXER_GROUP = 'recruitment-indexer';
const JOB_ALERT_TOPIC = 'recruitment.job-alert.v1';

/** Writes a JobAlert to the outbox in the caller's transaction. */
export function jobAlertPublisher(clock: Clock): JobAlertPublisher {
  return async (tx, alert) => {
    const message = create(JobAlertSchema, {
      meta: { eventId: randomUUID(), occurredAtMs: BigInt(clock()) },
      ...alert,
    });
    await enqueueEvent(
      prismaExecutor(tx),
      toBusMessage(JobAlertSchema, message, { topic: JOB_ALERT_TOPIC, key: alert.userId }),
    );
  };
}

/** Handles one PostingChanged: once per event, the index brought up to the row, alerts on a first publish. */
export function indexPostingEvent(db: Database, indexer: SearchIndexer, alerts: JobAlerts) {
  return (message: Parameters<Parameters<EventBus['subscribe']>[0]['handler']>[0]) =>
    db.$transaction(
      async (tx) => {
        await handleOnce(prismaExecutor(tx), SEARCH_INDEXER_GROUP, message, async () => {
          if (message.type !== PostingChangedSchema.typeName) return;
          const event = decodeBusMessage(PostingChangedSchema, message);
          await indexer.apply(tx, event.postingId);
          if (event.publishedNow) await alerts.announce(tx, event.postingId);
        });
      },
      { timeout: 60_000 },
    );
}

export function consumePostingEventsForSearch(
  bus: EventBus,
  db: Database,
  indexer: SearchIndexer,
  alerts: JobAlerts,
): Promise<Consumer> {
  return bus.subscribe({
    group: SEARCH_INDEXER_GROUP,
    topics: [POSTING_TOPIC],
    handler: indexPostingEvent(db, indexer, alerts),
  });
}
