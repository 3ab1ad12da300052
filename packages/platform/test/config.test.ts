import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { baseConfigSchema, ConfigError, parseConfig } from '../src/config.ts';

const schema = baseConfigSchema.extend({
  DATABASE_URL: z.url(),
  GRPC_PORT: z.coerce.number().int().min(1).max(65535).default(50051),
});

test('a valid environment parses with defaults filled in', () => {
  const config = parseConfig(schema, { DATABASE_URL: 'postgres://localhost/db' });
  assert.equal(config.GRPC_PORT, 50051);
  assert.equal(config.NODE_ENV, 'development');
  assert.equal(config.LOG_LEVEL, 'info');
});

test('a malformed variable is named in the message', () => {
  assert.throws(
    () => parseConfig(schema, { DATABASE_URL: 'postgres://localhost/db', GRPC_PORT: 'ninety' }),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /GRPC_PORT/);
      assert.doesNotMatch(error.message, /DATABASE_URL/);
      return true;
    },
  );
});

test('every bad variable is named, including a missing one', () => {
  assert.throws(
    () => parseConfig(schema, { LOG_LEVEL: 'loud', OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' }),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.deepEqual(error.problems.map((p) => p.split(':')[0]).sort(), [
        'DATABASE_URL',
        'LOG_LEVEL',
        'OTEL_EXPORTER_OTLP_ENDPOINT',
      ]);
      return true;
    },
  );
});
