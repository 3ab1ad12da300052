// The recruitment service's consumer of hiring.application.v1 (group recruitment-applications,
// on the service's one bus): each ApplicationChanged keeps the application's newest state, which
// the employer's posting cards count.
import {
  decodeBusMessage,
  handleOnce,
  prismaExecutor,
  type BusMessage,
  type Consumer,
  type EventBus,
} from '@darmankar/platform/events/index';
import type { Logger } from '@darmankar/platform/log';
import { ApplicationChangedSchema } from '@darmankar/proto/hiring/v1/events_pb';
import { ApplicationState } from '@darmankar/proto/hiring/v1/hiring_pb';
import type { Database } from '../db/client.ts';
import type { ApplicationCounts } from '../domain/application-counts.ts';

export const APPLICATION_TOPIC = 'hiring.application.v1';
export const APPLICATION_COUNTS_GROUP = 'recruitment-applications';

const STATE_WORDS: Partial<Record<ApplicationState, string>> = {
  [ApplicationState.IN_PROGRESS]: 'in_progress',
  [ApplicationState.ACCEPTED]: 'accepted',
  [ApplicationState.REJECTED]: 'rejected',
  [ApplicationState.CANCELLED]: 'cancelled',
};

/** Handles one delivery: once per event, and only a newer version of an application counts. */
export function recordApplicationEvent(db: Database, counts: ApplicationCounts, log?: Logger) {
  return (message: BusMessage) =>
    db.$transaction(async (tx) => {
      await handleOnce(prismaExecutor(tx), APPLICATION_COUNTS_GROUP, message, async () => {
        if (message.type !== ApplicationChangedSchema.typeName) return;
        const event = decodeBusMessage(ApplicationChangedSchema, message);
        const state = STATE_WORDS[event.state];
        if (!state) {
          // A state this build does not know: counting it as any of ours would be wrong.
          log?.warn({ applicationId: event.applicationId, state: event.state }, 'application event of unknown state');
          return;
        }
        await counts.record(tx, {
          applicationId: event.applicationId,
          postingId: event.postingId,
          state,
          read: event.read,
          version: event.version,
        });
      });
    });
}

export function consumeApplicationEvents(
  bus: EventBus,
  db: Database,
  counts: ApplicationCounts,
  log?: Logger,
): Promise<Consumer> {
  return bus.subscribe({
    group: APPLICATION_COUNTS_GROUP,
    topics: [APPLICATION_TOPIC],
    handler: recordApplicationEvent(db, counts, log),
  });
}
