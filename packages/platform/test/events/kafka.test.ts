import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import kafkajs from 'kafkajs';
import { pino } from 'pino';
import { capturedLogger, userRegistered } from './support.ts';
import {
  connectKafka,
  fromKafkaMessage,
  headerText,
  kafkaConfig,
  kafkaLogCreator,
  toKafkaMessage,
} from '../../src/events/kafka.ts';
import { createTestDatabase } from '../../src/testing.ts';
import { eventBusContract } from './bus-contract.ts';

const brokers = process.env.KAFKA_BROKERS?.trim();

describe('kafka adapter: pure parts', () => {
  test('a bus message maps to a record and back unchanged', () => {
    const sent = userRegistered('auth.user.v1', 'user-7', 7);
    const record = toKafkaMessage(sent);
    assert.equal(record.key, 'user-7');
    assert.deepEqual(record.headers, {
      'event-id': sent.id,
      'event-type': 'darmankar.auth.v1.UserRegistered',
      'occurred-at': sent.occurredAt.toISOString(),
    });
    // Kafka delivers keys, values and headers as buffers.
    const delivered = {
      key: Buffer.from(String(record.key)),
      value: record.value as Buffer,
      headers: Object.fromEntries(
        Object.entries(record.headers!).map(([name, value]) => [name, Buffer.from(String(value))]),
      ),
    };
    assert.deepEqual(fromKafkaMessage('auth.user.v1', delivered), sent);
  });

  test('header parsing reads buffers, strings and repeated headers', () => {
    assert.equal(headerText({ a: Buffer.from('x') }, 'a'), 'x');
    assert.equal(headerText({ a: 'y' }, 'a'), 'y');
    assert.equal(headerText({ a: [Buffer.from('first'), 'second'] }, 'a'), 'first');
    assert.equal(headerText({}, 'a'), undefined);
    assert.equal(headerText(undefined, 'a'), undefined);
  });

  test('a record without the event headers or key is refused', () => {
    const record = toKafkaMessage(userRegistered('auth.user.v1', 'user-8', 8));
    const headers = { 'event-id': Buffer.from('id-1'), 'event-type': Buffer.from('t') };
    assert.throws(
      () => fromKafkaMessage('auth.user.v1', { key: Buffer.from('k'), value: record.value as Buffer, headers }),
      /lacks/,
    );
    const complete = { ...headers, 'occurred-at': Buffer.from('not a date') };
    assert.throws(
      () =>
        fromKafkaMessage('auth.user.v1', { key: Buffer.from('k'), value: record.value as Buffer, headers: complete }),
      /lacks/,
    );
    const dated = { ...headers, 'occurred-at': Buffer.from(new Date().toISOString()) };
    assert.throws(
      () => fromKafkaMessage('auth.user.v1', { key: null, value: record.value as Buffer, headers: dated }),
      /lacks/,
    );
  });

  test('KAFKA_BROKERS is parsed into a broker list and rejected when malformed', () => {
    assert.deepEqual(kafkaConfig(' kafka-0:9092, kafka-1:9092 ,'), {
      clientId: 'darmankar',
      brokers: ['kafka-0:9092', 'kafka-1:9092'],
    });
    assert.deepEqual(kafkaConfig('k:9092', 'auth').clientId, 'auth');
    assert.throws(() => kafkaConfig(' , '), /names no broker/);
    assert.throws(() => kafkaConfig('kafka-0'), /not host:port/);
  });

  test("kafkajs's log lines reach the service logger at the matching level", () => {
    const { log, lines } = capturedLogger();
    const write = kafkaLogCreator(log)();
    const { logLevel } = kafkajs;
    write({
      namespace: 'Consumer',
      level: logLevel.ERROR,
      label: 'ERROR',
      log: { timestamp: 'now', message: 'crashed', groupId: 'g' },
    });
    write({ namespace: 'Producer', level: logLevel.WARN, label: 'WARN', log: { timestamp: 'now', message: 'slow' } });
    assert.deepEqual(
      lines.map((line) => [line.level, line.msg, line.namespace]),
      [
        [50, 'crashed', 'Consumer'],
        [40, 'slow', 'Producer'],
      ],
    );
    assert.equal(lines[0]!.groupId, 'g');
  });
});

eventBusContract(
  'Kafka',
  async () => {
    const events = await createTestDatabase('events'); // unused by Kafka; keeps the child's environment complete
    return {
      connect: (options) =>
        connectKafka({ brokers: brokers!, clientId: 'darmankar-test', log: pino({ level: 'warn' }), ...options }),
      childEnv: { KAFKA_BROKERS: brokers!, EVENTS_DATABASE_URL: events.url },
      teardown: () => events.drop(),
    };
  },
  { skip: brokers ? undefined : 'KAFKA_BROKERS is not set: no Kafka broker on this machine', quietMs: 3000 },
);
