import { randomUUID } from 'node:crypto';
import { create, fromBinary, toBinary, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import { EventMetaSchema, type EventMeta } from '@darmankar/proto/common/v1/common_pb';

/**
 * One event on the bus. `type` is the protobuf type name of `payload`; `key` is the
 * aggregate id, so every event of one aggregate is delivered in the order it was published.
 */
export interface BusMessage {
  id: string;
  topic: string;
  key: string;
  type: string;
  payload: Uint8Array;
  occurredAt: Date;
}

/** An event as a service's own tables store it: its `outbox` rows and its `parked_events`. */
export interface StoredEventRow {
  event_id: string;
  topic: string;
  key: string;
  type: string;
  payload: Buffer;
  occurred_at: Date;
}

/** A stored row as the message it was (the outbox relay publishes it, a replay republishes it). */
export function messageFromRow(row: StoredEventRow): BusMessage {
  return {
    id: row.event_id,
    topic: row.topic,
    key: row.key,
    type: row.type,
    payload: new Uint8Array(row.payload),
    occurredAt: row.occurred_at,
  };
}

export type MessageHandler = (message: BusMessage) => Promise<void>;

export interface Subscription {
  /** Consumer group: each group receives every event once; offsets are kept per group. */
  group: string;
  topics: string[];
  handler: MessageHandler;
  /**
   * Where a group without a committed offset starts: 'beginning' (the default) reads each
   * topic's whole history; 'now' only what is published after subscribe() resolves, for a
   * process's own cache, which has nothing to correct from before it started.
   */
  from?: 'beginning' | 'now';
  /**
   * Events of different keys handled at once (1, the default: one at a time, in the topic's
   * order). Each key's events stay in their order. The Postgres log spreads a batch's keys over
   * this many lanes and commits the batch when every lane is through; Kafka handles this many
   * partitions at once. For a handler that mostly waits for its database; its pool needs room
   * for this many transactions beside the service's other work.
   */
  concurrency?: number;
}

export interface Consumer {
  /** Finishes the message in hand, commits what was handled and stops. */
  stop(): Promise<void>;
}

export interface EventBus {
  /** Resolves once every message is durably on the bus. */
  publish(messages: BusMessage[]): Promise<void>;
  subscribe(subscription: Subscription): Promise<Consumer>;
  /** Stops every consumer of this bus and releases its connections. */
  close(): Promise<void>;
}

export interface EventRoute {
  /** One topic per aggregate, e.g. `auth.user.v1`. */
  topic: string;
  /** The aggregate id. */
  key: string;
}

/**
 * Builds a bus message from a generated protobuf message. When the message has an
 * EventMeta `meta` field, the envelope and the payload share one id and creation time
 * (the field is filled in when it was left empty).
 */
export function toBusMessage<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  route: EventRoute,
): BusMessage {
  const hasMetaField = schema.fields.some(
    (field) => field.localName === 'meta' && field.message?.typeName === EventMetaSchema.typeName,
  );
  const fields = message as unknown as { meta?: EventMeta };
  if (hasMetaField && !fields.meta) {
    fields.meta = create(EventMetaSchema, { eventId: randomUUID(), occurredAtMs: BigInt(Date.now()) });
  }
  const meta = hasMetaField ? fields.meta : undefined;
  return {
    id: meta?.eventId || randomUUID(),
    topic: route.topic,
    key: route.key,
    type: schema.typeName,
    payload: toBinary(schema, message),
    occurredAt: meta?.occurredAtMs ? new Date(Number(meta.occurredAtMs)) : new Date(),
  };
}

/** Decodes a received message, refusing one whose type is not the expected schema. */
export function decodeBusMessage<Desc extends DescMessage>(schema: Desc, message: BusMessage): MessageShape<Desc> {
  if (message.type !== schema.typeName) {
    throw new Error(`event ${message.id} is ${message.type}, not ${schema.typeName}`);
  }
  return fromBinary(schema, message.payload);
}
