import type { Logger } from 'pino';
import type { EventBus } from './bus.ts';
import { connectKafka } from './kafka.ts';
import type { ParkingOptions } from './parking.ts';
import { connectPgLog } from './pglog.ts';

export * from './bus.ts';
export { handleOnce } from './consumer.ts';
export { discardParked, enqueueEvent, OutboxRelay, requeueParked, type OutboxRelayOptions } from './outbox.ts';
export { pgExecutor, prismaExecutor, inPgTransaction, type SqlExecutor } from './executor.ts';
export { type ParkingOptions, type RetryPolicy } from './parking.ts';
export {
  discardParkedEvents,
  listParkedEvents,
  replayParkedEvents,
  type ParkedEventRow,
  type ParkedFilter,
} from './parked.ts';

export interface EventBusOptions {
  /** `KAFKA_BROKERS`: Kafka when set, otherwise the Postgres log. */
  kafkaBrokers?: string;
  /** The Postgres log's own database (in development `darmankar_events`). */
  eventsDatabaseUrl: string;
  log?: Logger;
  /**
   * The consuming service's own database (its DATABASE_URL, with the platform migrations):
   * consumers park a message there when their handler keeps failing on it. Without it, such
   * a message blocks its topic for the group.
   */
  parking?: ParkingOptions;
}

export function createEventBus(options: EventBusOptions): Promise<EventBus> {
  if (options.kafkaBrokers?.trim())
    return connectKafka({ brokers: options.kafkaBrokers, log: options.log, parking: options.parking });
  return connectPgLog({ connectionString: options.eventsDatabaseUrl, log: options.log, parking: options.parking });
}
