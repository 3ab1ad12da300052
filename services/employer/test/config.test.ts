// The configuration: defaults, and production refusing what is only for development.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { ConfigError } from '@darmankar/platform/config';
import { employerConfig } from '../src/config.ts';

test('defaults: port 50054, no bus', () => {
  const config = employerConfig({ DATABASE_URL: 'postgres://x/y' });
  assert.equal(config.GRPC_PORT, 50054);
  assert.equal(config.EVENTS_DATABASE_URL, undefined);
});

test('production refuses the committed development caller key and a missing database', () => {
  assert.throws(() => employerConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' }), (error: unknown) => error instanceof ConfigError && /CALLER_ASSERTION_PUBLIC_KEY/.test(error.message));
  assert.throws(() => employerConfig({ NODE_ENV: 'test' }), (error: unknown) => error instanceof ConfigError && /DATABASE_URL/.test(error.message));
  const publicKey = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
  assert.equal(employerConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', CALLER_ASSERTION_PUBLIC_KEY: publicKey }).NODE_ENV, 'production');
});
