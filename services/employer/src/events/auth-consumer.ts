// Learns users' cellphones from the auth service (auth.user.v1), so an agent invited by
// cellphone is linked to the user who has it.
import {
  decodeBusMessage,
  handleOnce,
  prismaExecutor,
  type Consumer,
  type EventBus,
} from '@darmankar/platform/events/index';
import { UserCellphoneChangedSchema, UserRegisteredSchema } from '@darmankar/proto/auth/v1/events_pb';
import type { Database } from '../db/client.ts';
import type { KnownUsers } from '../domain/users.ts';

const AUTH_USER_TOPIC = 'auth.user.v1';
const GROUP = 'employer';

export function consumeAuthEvents(bus: EventBus, db: Database, users: KnownUsers): Promise<Consumer> {
  return bus.subscribe({
    group: GROUP,
    topics: [AUTH_USER_TOPIC],
    handler: (message) =>
      db.$transaction(async (tx) => {
        await handleOnce(prismaExecutor(tx), GROUP, message, async () => {
          if (message.type === UserRegisteredSchema.typeName) {
            const event = decodeBusMessage(UserRegisteredSchema, message);
            await users.learn(tx, event.userId, event.cellphone);
          } else if (message.type === UserCellphoneChangedSchema.typeName) {
            const event = decodeBusMessage(UserCellphoneChangedSchema, message);
            await users.learn(tx, event.userId, event.newCellphone);
          }
        });
      }),
  });
}
