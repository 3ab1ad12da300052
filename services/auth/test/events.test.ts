import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { decodeBusMessage, createEventBus, type BusMessage, type EventBus } from '@darmankar/platform/events/index';
import { dropDatabase } from '@darmankar/platform/migrate';
import { testPostgresUrl, type TestDatabase } from '@darmankar/platform/testing';
import { UserRegisteredSchema } from '@darmankar/proto/auth/v1/events_pb';
import type { Database } from '../src/db/client.ts';
import { USER_TOPIC } from '../src/events/user-events.ts';
import {
  createAuthTestDatabase,
  inspect,
  login,
  newCellphone,
  sleep,
  startTestAuth,
  type TestAuth,
} from './helpers.ts';

// The whole path of an event: the change and its outbox row commit together, the relay in
// the service moves the row to the bus (the embedded Postgres log here), a consumer reads it.
let database: TestDatabase;
let db: Database;
let eventsUrl: string;
let auth: TestAuth;
let bus: EventBus;

before(async () => {
  database = await createAuthTestDatabase();
  db = inspect(database);
  const url = new URL(testPostgresUrl());
  url.pathname = `/dk_test_events_auth_${randomBytes(4).toString('hex')}`;
  eventsUrl = url.toString();
  auth = await startTestAuth(database, { EVENTS_DATABASE_URL: eventsUrl });
  bus = await createEventBus({ eventsDatabaseUrl: eventsUrl });
});
after(async () => {
  await bus.close();
  await auth.stop();
  await db.$disconnect();
  await database.drop();
  await dropDatabase(eventsUrl);
});

test('UserRegistered reaches a consumer of auth.user.v1 through the outbox relay', async () => {
  const received: BusMessage[] = [];
  const consumer = await bus.subscribe({
    group: 'auth-test',
    topics: [USER_TOPIC],
    handler: async (message) => {
      received.push(message);
    },
  });
  try {
    const cellphone = newCellphone();
    const { user } = await login(auth.client, cellphone);
    for (let i = 0; i < 100 && !received.some((m) => m.key === user!.id); i++) await sleep(50);
    const message = received.find((m) => m.key === user!.id);
    assert.ok(message, 'the event reached the consumer');
    assert.equal(message.topic, USER_TOPIC);
    const event = decodeBusMessage(UserRegisteredSchema, message);
    assert.deepEqual([event.userId, event.cellphone], [user!.id, cellphone]);
    const rows = await db.$queryRawUnsafe<{ status: string }[]>(`SELECT status FROM outbox WHERE key = $1`, user!.id);
    assert.deepEqual(
      rows.map((r) => r.status),
      ['published'],
    );
  } finally {
    await consumer.stop();
  }
});
