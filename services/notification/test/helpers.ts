// Shared test set-up: a throw-away database and event log on the real Postgres, the real
// notification service on a free port with its clock in the test's hands, a real gRPC client
// that vouches for users as the gateway does, and the bus the test publishes other services'
// events on.
import { randomBytes, randomUUID } from 'node:crypto';
import { create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { createEventBus, toBusMessage, type BusMessage, type EventBus } from '@darmankar/platform/events/index';
import type { ServiceClient } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { dropDatabase } from '@darmankar/platform/migrate';
import {
  createServiceTestDatabase,
  eventually,
  startServiceUnderTest,
  testClock,
  testPostgresUrl,
  type TestClock,
  type TestDatabase,
} from '@darmankar/platform/testing';
import { UserEmailVerifiedSchema, UserRegisteredSchema } from '@darmankar/proto/auth/v1/events_pb';
import { AgentLinkedSchema, AgentInvitedSchema, EmployerCreatedSchema } from '@darmankar/proto/employer/v1/events_pb';
import { NotificationService } from '@darmankar/proto/notification/v1/notification_pb';
import { ResumeCreatedSchema } from '@darmankar/proto/resume/v1/events_pb';
import pg from 'pg';
import { startNotificationService, type RunningNotificationService } from '../src/app.ts';
import { notificationConfig } from '../src/config.ts';
import { GROUP } from '../src/events/consumers.ts';
import { NOTIFICATION_SERVICE_DIR } from '../src/db/migrate.ts';

export type NotificationClient = ServiceClient<typeof NotificationService>;

/** 11:30 in Tehran (08:00 UTC): outside the quiet hours. */
export const TEHRAN_DAYTIME = Date.parse('2026-11-25T08:00:00Z');
export const HOUR_MS = 60 * 60 * 1000;

export interface Stack {
  client: NotificationClient;
  service: RunningNotificationService;
  address: string;
  db: pg.Pool;
  clock: TestClock;
  bus: EventBus;
  /** Publishes an event as its service would (topic, key); answers the message, to publish again. */
  publish<D extends DescMessage>(
    schema: D,
    fields: MessageInitShape<D>,
    topic: string,
    key: string,
  ): Promise<BusMessage>;
  /** Publishes a message already published once (a redelivery: the same event id). */
  republish(message: BusMessage): Promise<void>;
  /** Waits until the service has handled every event published so far. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export async function startStack(env: Record<string, string> = {}, start = TEHRAN_DAYTIME): Promise<Stack> {
  const events = new URL(testPostgresUrl());
  events.pathname = `/dk_test_events_notification_${randomBytes(4).toString('hex')}`;
  const eventsUrl = events.toString();
  const database: TestDatabase = await createServiceTestDatabase('notification', NOTIFICATION_SERVICE_DIR);
  const clock = testClock(start);
  const bus = await createEventBus({ eventsDatabaseUrl: eventsUrl });
  const config = notificationConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    EVENTS_DATABASE_URL: eventsUrl,
    PUBLIC_WEB_URL: 'http://web.test',
    // Tests run the worker and the digest themselves, on the stack's clock.
    DELIVERY_INTERVAL_MS: String(24 * HOUR_MS),
    DIGEST_INTERVAL_MS: String(24 * HOUR_MS),
    ...env,
  });
  const running = await startServiceUnderTest(
    NotificationService,
    () => startNotificationService(config, { log: createLogger('notification-test', 'silent'), clock }),
    { timeoutMs: 30_000 },
  );
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  const eventsDb = new pg.Pool({ connectionString: eventsUrl, max: 1 });
  const published = new Set<string>();
  const stack: Stack = {
    client: running.client,
    service: running.service,
    address: `127.0.0.1:${running.service.port}`,
    db,
    clock,
    bus,
    async publish(schema, fields, topic, key) {
      const message = toBusMessage(schema, create(schema, fields), { topic, key });
      await bus.publish([message]);
      published.add(message.id);
      return message;
    },
    async republish(message) {
      await bus.publish([message]);
    },
    async settled() {
      // Every delivery read, redeliveries of an event already handled included: the service's
      // group has committed each topic's log up to its end.
      await eventually(async () => {
        const { rows } = await eventsDb.query<{ behind: number }>(
          `SELECT count(*)::int AS behind FROM event_topics t
             LEFT JOIN consumer_offsets c ON c.topic = t.topic AND c.group_name = $1
            WHERE COALESCE(c.committed_offset, 0) < t.last_offset`,
          [GROUP],
        );
        return rows[0]!.behind === 0;
      }, 'the service to read every event');
      await eventually(async () => {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM processed_events WHERE event_id = ANY($1::text[])`,
          [[...published]],
        );
        return rows[0]!.n === published.size;
      }, 'the service to handle every event');
    },
    async stop() {
      await running.stop();
      await bus.close();
      await db.end();
      await eventsDb.end();
      await database.drop();
      await dropDatabase(eventsUrl);
    },
  };
  return stack;
}

let phones = 0;
export function newCellphone(): string {
  phones++;
  return `0912${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(4, '0')}`;
}

/** A user auth told about: registered with a cellphone, and a verified email when `email`. */
export async function newUser(stack: Stack, options: { email?: boolean } = {}) {
  const userId = randomUUID();
  const cellphone = newCellphone();
  await stack.publish(UserRegisteredSchema, { userId, cellphone }, 'auth.user.v1', userId);
  const email = options.email === false ? null : `u${randomBytes(4).toString('hex')}@example.com`;
  if (email) await stack.publish(UserEmailVerifiedSchema, { userId, email }, 'auth.user.v1', userId);
  await stack.settled();
  return { userId, cellphone, email };
}

/** An employer with an owner, and agents with the given permissions (linked to users). */
export async function newEmployer(stack: Stack, agents: string[][] = []) {
  const owner = await newUser(stack);
  const employerId = randomUUID();
  const slug = `clinic-${randomBytes(3).toString('hex')}`;
  await stack.publish(
    EmployerCreatedSchema,
    { employerId, ownerUserId: owner.userId, slug, brand: 'کلینیک آزمون', isSelfEmployed: false },
    'employer.employer.v1',
    employerId,
  );
  const agentUsers = [];
  for (const permissions of agents) {
    const user = await newUser(stack);
    const agentId = randomUUID();
    await stack.publish(
      AgentInvitedSchema,
      { employerId, agentId, cellphone: user.cellphone, employerBrand: 'کلینیک آزمون', firstName: 'سارا', permissions },
      'employer.agent.v1',
      employerId,
    );
    await stack.publish(
      AgentLinkedSchema,
      { employerId, agentId, userId: user.userId },
      'employer.agent.v1',
      employerId,
    );
    agentUsers.push(user);
  }
  await stack.settled();
  return { owner, employerId, slug, agents: agentUsers };
}

export async function newResume(stack: Stack, ownerUserId: string) {
  const resumeId = randomUUID();
  const slug = `resume-${randomBytes(3).toString('hex')}`;
  await stack.publish(ResumeCreatedSchema, { resumeId, ownerUserId, slug }, 'resume.resume.v1', resumeId);
  await stack.settled();
  return { resumeId, slug };
}

export async function notificationsOf(stack: Stack, userId: string) {
  const { rows } = await stack.db.query<{
    id: string;
    kind: string;
    cause_key: string;
    params: Record<string, unknown>;
    link: string | null;
    in_app: boolean;
  }>(
    `SELECT id, kind, cause_key, params, link, in_app FROM notifications WHERE user_id = $1 AND kind <> 'agent_invited' ORDER BY created_at, cause_key`,
    [userId],
  );
  return rows;
}

export async function deliveriesOf(stack: Stack, notificationId: string) {
  const { rows } = await stack.db.query<{
    id: string;
    channel: string;
    recipient: string;
    status: string;
    attempts: number;
    next_attempt_at: Date;
  }>(
    `SELECT id, channel, recipient, status, attempts, next_attempt_at FROM deliveries WHERE notification_id = $1 ORDER BY channel`,
    [notificationId],
  );
  return rows;
}

export async function outbox(stack: Stack, recipient: string) {
  const { rows } = await stack.db.query<{ channel: string; subject: string | null; text: string }>(
    `SELECT channel, subject, text FROM dev_outbox WHERE recipient = $1 ORDER BY id`,
    [recipient],
  );
  return rows;
}

export { eventually };
