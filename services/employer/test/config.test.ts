// The configuration: defaults, and production refusing what is only for development.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { ConfigError } from '@darmankar/platform/config';
import { employerConfig } from '../src/config.ts';

test('defaults: port 50054, no bus, the files service on its port', () => {
  const config = employerConfig({ DATABASE_URL: 'postgres://x/y' });
  assert.equal(config.GRPC_PORT, 50054);
  assert.equal(config.EVENTS_DATABASE_URL, undefined);
  assert.equal(config.FILES_GRPC_URL, '127.0.0.1:50052');
});

test('production refuses the committed development caller keys and a missing database', () => {
  const pair = generateKeyPairSync('ed25519');
  const publicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const privateKey = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const refuses = (env: Record<string, string>, variable: RegExp) =>
    assert.throws(
      () => employerConfig(env),
      (error: unknown) => error instanceof ConfigError && variable.test(error.message),
    );
  refuses(
    { NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', CALLER_ASSERTION_PRIVATE_KEY: privateKey },
    /CALLER_ASSERTION_PUBLIC_KEY/,
  );
  refuses(
    { NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', CALLER_ASSERTION_PUBLIC_KEY: publicKey },
    /CALLER_ASSERTION_PRIVATE_KEY/,
  );
  refuses({ NODE_ENV: 'test' }, /DATABASE_URL/);
  const config = employerConfig({
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://x/y',
    CALLER_ASSERTION_PUBLIC_KEY: publicKey,
    CALLER_ASSERTION_PRIVATE_KEY: privateKey,
  });
  assert.equal(config.NODE_ENV, 'production');
});
