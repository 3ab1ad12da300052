import type { Logger } from 'pino';
import type { EventBus } from './bus.ts';
import { connectKafka } from './kafka.ts';
import { connectPgLog } from './pglog.ts';

export * from './bus.ts';
export { handleOnce } from './consumer.ts';
export { enqueueEvent, OutboxRelay, requeueParked, type OutboxRelayOptions } from './outbox.ts';
export { pgExecutor, prismaExecutor, inPgTransaction, type SqlExecutor } from './executor.ts';

export interface EventBusOptions {
  /** `KAFKA_BROKERS`: Kafka when set, otherwise the Postgres log. */
  kafkaBrokers?: string;
  /** The Postgres log's own database (in development `darmankar_events`). */
  eventsDatabaseUrl: string;
  log?: Logger;
}

export function createEventBus(options: EventBusOptions): Promise<EventBus> {
  if (options.kafkaBrokers?.trim()) return connectKafka({ brokers: options.kafkaBrokers, log: options.log });
  return connectPgLog({ connectionString: options.eventsDatabaseUrl, log: options.log });
}
