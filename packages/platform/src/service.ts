// What every service's process does around its own wiring: read and check its configuration,
// log, connect to the bus and relay the outbox when a bus is configured, stop cleanly on
// SIGINT/SIGTERM (running calls finish, telemetry is flushed). A service's main.ts is one
// `runService` call.
import type { z } from 'zod';
import type { Clock } from './clock.ts';
import { loadConfig } from './config.ts';
import { createEventBus, OutboxRelay, type EventBus } from './events/index.ts';
import { createLogger, type Logger } from './log.ts';
import { currentTelemetry } from './telemetry.ts';

export interface Stoppable {
  stop(): Promise<void>;
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Runs a service (its package entry) as the process's one job: read and check the
 * configuration, start, then stop on the first signal and exit.
 */
export async function runService<S extends z.ZodType>(definition: ServicePackage<S>): Promise<void> {
  const config = loadConfig(definition.configSchema) as z.infer<S> & { LOG_LEVEL?: string };
  const log = createLogger(definition.name, config.LOG_LEVEL);
  let running: Stoppable;
  try {
    running = await definition.start(config, { log });
  } catch (error) {
    log.fatal({ err: error }, 'start failed');
    await currentTelemetry()
      .shutdown()
      .catch(() => {});
    process.exit(1);
  }
  for (const signal of STOP_SIGNALS) {
    process.once(signal, () => {
      log.info({ signal }, 'stopping');
      running
        .stop()
        .then(() => currentTelemetry().shutdown())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            log.error({ err: error }, 'stop failed');
            process.exit(1);
          },
        );
    });
  }
}

export interface EventsSettings {
  /** The service's own database: its outbox rows, and where its consumers park failing events. */
  databaseUrl: string;
  /** KAFKA_BROKERS: Kafka when set. */
  kafkaBrokers?: string;
  /** EVENTS_DATABASE_URL: otherwise the Postgres event log there. */
  eventsDatabaseUrl?: string;
  log: Logger;
}

/** A service process's one connection to the bus. */
export interface ServiceEvents extends Stoppable {
  /** For the service's consumers; absent when no bus is configured. */
  bus?: EventBus;
}

/**
 * Connects the process to the bus, when one is configured (KAFKA_BROKERS or
 * EVENTS_DATABASE_URL), and starts the relay that moves the service's outbox rows there. The
 * relay and every consumer of the process share the one bus (one pool of connections, ADR
 * 021); consumers park an event whose handler keeps failing in the service's own database.
 * Without a bus, events wait in the outbox until a relay runs, and there is nothing to consume.
 */
export async function connectEvents(settings: EventsSettings): Promise<ServiceEvents> {
  if (!settings.kafkaBrokers && !settings.eventsDatabaseUrl) {
    settings.log.warn(
      'no KAFKA_BROKERS or EVENTS_DATABASE_URL: events stay in the outbox until a relay runs, and none are consumed',
    );
    return { stop: async () => {} };
  }
  const bus = await createEventBus({
    kafkaBrokers: settings.kafkaBrokers,
    eventsDatabaseUrl: settings.eventsDatabaseUrl ?? '',
    log: settings.log,
    parking: { databaseUrl: settings.databaseUrl },
  });
  const relay = new OutboxRelay({ connectionString: settings.databaseUrl, bus, log: settings.log });
  try {
    await relay.start();
  } catch (error) {
    await bus.close();
    throw error;
  }
  return {
    bus,
    async stop() {
      await relay.stop();
      await bus.close();
    },
  };
}

/**
 * What a service's package exports as its entry (`@darmankar/<name>`): enough for the test
 * stacks, the gateway's tests and the chart check to configure, migrate and start it without
 * reaching into its `src/`.
 */
export interface ServicePackage<
  S extends z.ZodType,
  R extends Stoppable & { port: number } = Stoppable & { port: number },
> {
  name: string;
  /** The service's folder (its `migrations/` and `prisma/` live here). */
  dir: string;
  configSchema: S;
  /** Starts the service in this process; the database must be migrated. */
  start(config: z.infer<S>, options?: StartOptions): Promise<R>;
}

/** What every service's start takes besides its configuration; a service's own options extend it. */
export interface StartOptions {
  log?: Logger;
  /** Milliseconds since the epoch, for every rule that reads time; tests move it instead of sleeping. */
  clock?: Clock;
}
