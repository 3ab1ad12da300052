// A throw-away Postgres event log for a service's own tests: the bus a test publishes other
// services' events on, and `settled()`, which waits until the service has read every topic to its
// end (redeliveries included) and handled every event published through it.
import { randomBytes, randomUUID } from 'node:crypto';
import { create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import pg from 'pg';
import { createEventBus, toBusMessage, type BusMessage, type EventBus } from '../events/index.ts';
import { dropDatabase } from '../migrate.ts';
import { eventually, testPostgresUrl } from '../testing.ts';

export interface TestEventLog {
  /** The event log's database, for the service's EVENTS_DATABASE_URL. */
  url: string;
  bus: EventBus;
  /** Publishes an event as its service would (topic, key), at `at` (ms) when given. */
  publish<D extends DescMessage>(
    schema: D,
    fields: MessageInitShape<D>,
    topic: string,
    key: string,
    at?: number,
  ): Promise<BusMessage>;
  /** Publishes a message already published once (a redelivery: the same event id). */
  republish(message: BusMessage): Promise<void>;
  /** Waits until the consumer `group` has read every topic and `serviceDb` has handled every event published. */
  settled(group: string, serviceDb: pg.Pool): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestEventLog(label: string): Promise<TestEventLog> {
  const events = new URL(testPostgresUrl());
  events.pathname = `/dk_test_events_${label}_${randomBytes(4).toString('hex')}`;
  const url = events.toString();
  const bus = await createEventBus({ eventsDatabaseUrl: url });
  const eventsDb = new pg.Pool({ connectionString: url, max: 1 });
  const published = new Set<string>();
  return {
    url,
    bus,
    async publish(schema, fields, topic, key, at) {
      const withTime =
        at === undefined ? fields : { ...fields, meta: { eventId: randomUUID(), occurredAtMs: BigInt(at) } };
      const message = toBusMessage(schema, create(schema, withTime as MessageInitShape<typeof schema>), {
        topic,
        key,
      });
      await bus.publish([message]);
      published.add(message.id);
      return message;
    },
    async republish(message) {
      await bus.publish([message]);
    },
    async settled(group, serviceDb) {
      await eventually(async () => {
        const { rows } = await eventsDb.query<{ behind: number }>(
          `SELECT count(*)::int AS behind FROM event_topics t
             LEFT JOIN consumer_offsets c ON c.topic = t.topic AND c.group_name = $1
            WHERE COALESCE(c.committed_offset, 0) < t.last_offset`,
          [group],
        );
        return rows[0]!.behind === 0;
      }, 'the service to read every event');
      await eventually(async () => {
        const { rows } = await serviceDb.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM processed_events WHERE event_id = ANY($1::text[])`,
          [[...published]],
        );
        return rows[0]!.n === published.size;
      }, 'the service to handle every event');
    },
    async stop() {
      await bus.close();
      await eventsDb.end();
      await dropDatabase(url);
    },
  };
}
