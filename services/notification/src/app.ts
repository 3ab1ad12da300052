// Assembles the notification service from its configuration and serves it over gRPC: the
// event consumers that write notifications and their deliveries, the delivery worker that
// sends them, the daily digest job, and the handlers people's calls reach.
import { createCallerVerifier } from '@darmankar/platform/caller-identity';
import { systemClock } from '@darmankar/platform/clock';
import type { Consumer } from '@darmankar/platform/events/index';
import { bindService, serve } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { repeatEvery } from '@darmankar/platform/schedule';
import { connectEvents, type ServiceEvents, type StartOptions, type Stoppable } from '@darmankar/platform/service';
import { NotificationService } from '@darmankar/proto/notification/v1/notification_pb';
import { createSenders } from './adapters/messaging.ts';
import type { NotificationConfig } from './config.ts';
import { createPool, inPgTransaction } from './db/client.ts';
import { DeadLetters, DeliveryWorker, type DeliveryRun } from './domain/delivery.ts';
import { DigestJob } from './domain/digest.ts';
import { Directory } from './domain/directory.ts';
import { Inbox } from './domain/inbox.ts';
import { Notifier } from './domain/notifier.ts';
import { Preferences } from './domain/preferences.ts';
import { Reactions } from './domain/reactions.ts';
import type { Sql } from './domain/sql.ts';
import { parseQuietHours } from './domain/tehran-time.ts';
import { consumeEvents } from './events/consumers.ts';
import { notificationHandlers } from './rpc/notification-handlers.ts';

export interface RunningNotificationService {
  port: number;
  /** Sends what is due now (it also runs every DELIVERY_INTERVAL_MS). */
  deliverOnce(): Promise<DeliveryRun>;
  /** Writes the digests due now (it also runs every DIGEST_INTERVAL_MS). */
  digestOnce(): Promise<number>;
  deadLetters: DeadLetters;
  stop(): Promise<void>;
}

/** Starts the service on GRPC_PORT (0 picks a free port). The database must be migrated. */
export async function startNotificationService(
  config: NotificationConfig,
  options: StartOptions = {},
): Promise<RunningNotificationService> {
  const log = options.log ?? createLogger('notification', config.LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const pool = createPool(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX, log });
  const db = pool as unknown as Sql;
  const transaction = <T>(work: (sql: Sql) => Promise<T>) =>
    inPgTransaction(pool, (client) => work(client as unknown as Sql));
  const { messaging, devOutbox } = createSenders(config, pool, log);
  let events: ServiceEvents | undefined;
  let consumer: Consumer | undefined;
  let delivering: Stoppable | undefined;
  let digesting: Stoppable | undefined;
  try {
    const quiet = parseQuietHours(config.QUIET_HOURS);
    const directory = new Directory();
    const preferences = new Preferences(db, directory);
    const reactions = new Reactions(directory, new Notifier(directory, preferences, clock, quiet));
    const worker = new DeliveryWorker(
      db,
      messaging,
      clock,
      {
        retryBaseMs: config.DELIVERY_RETRY_BASE_MS,
        maxAttempts: config.DELIVERY_MAX_ATTEMPTS,
        timeoutMs: config.MESSAGING_TIMEOUT_MS,
        quiet,
        publicWebUrl: config.PUBLIC_WEB_URL,
      },
      log,
    );
    const digest = new DigestJob(transaction, clock);
    events = await connectEvents({
      databaseUrl: config.DATABASE_URL,
      kafkaBrokers: config.KAFKA_BROKERS,
      eventsDatabaseUrl: config.EVENTS_DATABASE_URL,
      log,
    });
    if (events.bus) consumer = await consumeEvents(events.bus, pool, directory, reactions);
    else log.warn('no bus: no notification is made (every one comes from an event)');
    const server = await serve({
      port: config.GRPC_PORT,
      log,
      services: [
        bindService(
          NotificationService,
          notificationHandlers({
            inbox: new Inbox(db, clock),
            preferences,
            devOutbox: config.NODE_ENV === 'production' ? null : devOutbox,
          }),
        ),
      ],
      callerVerifier: createCallerVerifier({ publicKey: config.CALLER_ASSERTION_PUBLIC_KEY }),
    });
    delivering = repeatEvery(config.DELIVERY_INTERVAL_MS, () => worker.run(), log, 'notification delivery');
    digesting = repeatEvery(config.DIGEST_INTERVAL_MS, () => digest.run(), log, 'job alert digest');
    return {
      port: server.port,
      deliverOnce: () => worker.run(),
      digestOnce: () => digest.run(),
      deadLetters: new DeadLetters(db, clock),
      async stop() {
        await delivering?.stop();
        await digesting?.stop();
        await server.shutdown();
        await consumer?.stop();
        await events?.stop();
        messaging.close();
        await pool.end();
      },
    };
  } catch (error) {
    await delivering?.stop();
    await digesting?.stop();
    await consumer?.stop();
    await events?.stop();
    messaging.close();
    await pool.end();
    throw error;
  }
}
