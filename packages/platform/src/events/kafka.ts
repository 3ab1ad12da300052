import kafkajs, { type IHeaders, type KafkaConfig, type LogEntry, type Message, type Producer } from 'kafkajs';
import { pino, type Logger } from 'pino';
import type { BusMessage, Consumer, EventBus, Subscription } from './bus.ts';
import { openConsumerParking, type ConsumerParking } from './parked.ts';
import { defaultRetryPolicy, deliver, type ParkingOptions } from './parking.ts';
import { Wakeup } from './wakeup.ts';

const { Kafka, logLevel } = kafkajs;

/** Header names carrying the envelope next to the key and the protobuf payload. */
export const headers = { id: 'event-id', type: 'event-type', occurredAt: 'occurred-at' } as const;

/** Kafka client settings from `KAFKA_BROKERS` ("host:port,host:port"). */
export function kafkaConfig(brokers: string, clientId = 'darmankar'): KafkaConfig {
  const list = brokers
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
  if (list.length === 0) throw new Error('KAFKA_BROKERS names no broker');
  for (const broker of list) {
    if (!/^[^\s:]+:\d{1,5}$/.test(broker)) throw new Error(`KAFKA_BROKERS entry "${broker}" is not host:port`);
  }
  return { clientId, brokers: list };
}

export function toKafkaMessage(message: BusMessage): Message {
  return {
    key: message.key,
    value: Buffer.from(message.payload),
    headers: {
      [headers.id]: message.id,
      [headers.type]: message.type,
      [headers.occurredAt]: message.occurredAt.toISOString(),
    },
  };
}

/** Reads one header as text; Kafka hands headers over as buffers, possibly repeated. */
export function headerText(all: IHeaders | undefined, name: string): string | undefined {
  const value = all?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

export function fromKafkaMessage(
  topic: string,
  record: { key: Buffer | null; value: Buffer | null; headers?: IHeaders },
): BusMessage {
  const id = headerText(record.headers, headers.id);
  const type = headerText(record.headers, headers.type);
  const occurredAt = new Date(headerText(record.headers, headers.occurredAt) ?? Number.NaN);
  if (!id || !type || Number.isNaN(occurredAt.getTime()) || !record.key || !record.value) {
    throw new Error(`kafka record on ${topic} lacks a key, a value or the event headers`);
  }
  return { id, topic, key: record.key.toString(), type, payload: new Uint8Array(record.value), occurredAt };
}

/** Stands in for a record that is not a bus message, so it can be parked and looked at. */
function undecodable(
  topic: string,
  position: { partition: number; offset: string },
  record: { key: Buffer | null; value: Buffer | null; headers?: IHeaders },
): BusMessage {
  return {
    id: headerText(record.headers, headers.id) ?? `${topic}/${position.partition}/${position.offset}`,
    topic,
    key: record.key?.toString() ?? '',
    type: headerText(record.headers, headers.type) ?? 'unknown',
    payload: new Uint8Array(record.value ?? Buffer.alloc(0)),
    occurredAt: new Date(),
  };
}

/** Routes kafkajs's own log lines to the service logger. */
export function kafkaLogCreator(log: Logger) {
  return () =>
    ({ namespace, level, log: { message, timestamp: _timestamp, ...extra } }: LogEntry) => {
      const fields = { ...extra, namespace };
      if (level === logLevel.ERROR) log.error(fields, message);
      else if (level === logLevel.WARN) log.warn(fields, message);
      else if (level === logLevel.INFO) log.info(fields, message);
      else log.debug(fields, message);
    };
}

export interface KafkaBusOptions {
  brokers: string;
  clientId?: string;
  log?: Logger;
  /**
   * Where a message whose handler keeps failing is parked. Without it such a message is
   * retried for ever and blocks its partition for the group.
   */
  parking?: ParkingOptions;
}

/**
 * The production event bus. Each aggregate's events share a key, so they land on one
 * partition and keep their order. Consumers commit offsets only for messages their
 * handler finished (kafkajs commits resolved offsets after each batch), so delivery is at
 * least once and handlers deduplicate with handleOnce.
 */
export async function connectKafka(options: KafkaBusOptions): Promise<EventBus> {
  const log = (options.log ?? pino({ enabled: false })).child({ component: 'event-bus', engine: 'kafka' });
  const kafka = new Kafka({ ...kafkaConfig(options.brokers, options.clientId), logCreator: kafkaLogCreator(log) });
  const producer = kafka.producer();
  await producer.connect();
  return new KafkaBus(kafka, producer, openConsumerParking(options.parking, defaultRetryPolicy, log), log);
}

class KafkaBus implements EventBus {
  readonly #consumers = new Set<Consumer>();
  readonly #knownTopics = new Set<string>();

  constructor(
    private readonly kafka: InstanceType<typeof Kafka>,
    private readonly producer: Producer,
    private readonly parking: ConsumerParking,
    private readonly log: Logger,
  ) {}

  async publish(messages: BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const byTopic = new Map<string, Message[]>();
    for (const message of messages) {
      const batch = byTopic.get(message.topic);
      if (batch) batch.push(toKafkaMessage(message));
      else byTopic.set(message.topic, [toKafkaMessage(message)]);
    }
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, topicMessages]) => ({ topic, messages: topicMessages })),
    });
  }

  async subscribe(subscription: Subscription): Promise<Consumer> {
    await this.#ensureTopics(subscription.topics);
    const consumer = this.kafka.consumer({ groupId: subscription.group });
    await consumer.connect();
    await consumer.subscribe({ topics: subscription.topics, fromBeginning: subscription.from !== 'now' });
    const log = this.log.child({ group: subscription.group });
    if (!this.parking.store)
      log.warn('no parking database: a message whose handler keeps failing blocks its partition for the group');
    // Retries happen inside eachMessage (the partition waits, others flow); stop() ends the wait.
    const retryWakeup = new Wakeup();
    let stopping = false;
    await consumer.run({
      // Partitions handled at once; a partition's messages (and so a key's) stay in order.
      partitionsConsumedConcurrently: Math.max(1, Math.floor(subscription.concurrency ?? 1)),
      eachMessage: async ({ topic, partition, message, heartbeat }) => {
        const position = { partition, offset: message.offset };
        let received: BusMessage;
        try {
          received = fromKafkaMessage(topic, message);
        } catch (error) {
          // A record no handler can read is poison from the start: parked without attempts.
          if (!this.parking.store) throw error;
          await this.parking.store.park({
            group: subscription.group,
            message: undecodable(topic, position, message),
            position,
            error: String(error),
            attempts: 0,
          });
          log.error({ err: error, topic, ...position }, 'kafka record without the event envelope parked');
          return;
        }
        const outcome = await deliver(received, position, {
          group: subscription.group,
          handler: subscription.handler,
          store: this.parking.store,
          policy: this.parking.policy,
          sleep: async (ms) => {
            await retryWakeup.sleep(ms);
            await heartbeat().catch(() => {}); // a long backoff must not cost the group membership
          },
          stopping: () => stopping,
          log,
        });
        // Throwing keeps kafkajs from committing an offset the handler never finished.
        if (outcome === 'stopped') throw new Error('consumer stopping before the event was handled');
      },
    });
    const handle: Consumer = {
      stop: async () => {
        this.#consumers.delete(handle);
        stopping = true;
        retryWakeup.wake();
        await consumer.disconnect();
      },
    };
    this.#consumers.add(handle);
    return handle;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#consumers].map((consumer) => consumer.stop()));
    await this.producer.disconnect();
    await this.parking.close();
  }

  /** Creates missing topics first, so a new consumer group does not race the first publish. */
  async #ensureTopics(topics: string[]): Promise<void> {
    const missing = topics.filter((topic) => !this.#knownTopics.has(topic));
    if (missing.length === 0) return;
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      await admin.createTopics({ topics: missing.map((topic) => ({ topic })), waitForLeaders: true });
      missing.forEach((topic) => this.#knownTopics.add(topic));
    } finally {
      await admin.disconnect();
    }
  }
}
