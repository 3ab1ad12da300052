import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { ConfigError } from '@darmankar/platform/config';
import type { TestDatabase } from '@darmankar/platform/testing';
import { authConfig } from '../src/config.ts';
import { createAuthTestDatabase, rejectsWith, startTestAuth } from './helpers.ts';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/darmankar_auth';

// Production refuses the committed development caller key: the gateway's own pair stands in.
const CALLER_ASSERTION_PUBLIC_KEY = generateKeyPairSync('ed25519')
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();

/** Everything production requires, as an operator sets it. */
const PRODUCTION = {
  NODE_ENV: 'production',
  CALLER_ASSERTION_PUBLIC_KEY,
  KAVENEGAR_API_KEY: 'key',
  KAVENEGAR_TEMPLATE: 'login',
  KAVENEGAR_NOTICE_TEMPLATE: 'cellphone-changed',
  SMTP_URL: 'smtp://mail.internal:25',
  PUBLIC_WEB_URL: 'https://darmankar.ir',
  CODE_HASH_SECRET: 'a-long-production-secret',
  SIGNING_KEY_ENCRYPTION_SECRET: 'a-production-signing-key-encryption-secret',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    authConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
  assert.fail('expected a configuration error');
}

describe('configuration', () => {
  test('development defaults: outbox SMS, documented durations, a development hash secret', () => {
    const config = authConfig({ DATABASE_URL });
    assert.equal(config.SMS_PROVIDER, 'outbox');
    assert.equal(config.GRPC_PORT, 50051);
    assert.equal(config.ACCESS_TOKEN_TTL_SECONDS, 900);
    assert.equal(config.REFRESH_TOKEN_TTL_SECONDS, 30 * 24 * 3600);
    assert.equal(config.REFRESH_TOKEN_REUSE_GRACE_SECONDS, 10);
    assert.deepEqual(
      [config.CELLPHONE_CODE_TTL_SECONDS, config.CELLPHONE_CODE_RESEND_SECONDS, config.CELLPHONE_CODE_MAX_ATTEMPTS],
      [180, 120, 5],
    );
    assert.equal(config.PUBLIC_WEB_URL, 'http://127.0.0.1:3000');
    assert.ok(config.CODE_HASH_SECRET.length >= 16);
    assert.ok(config.SIGNING_KEY_ENCRYPTION_SECRET.length >= 32);
    assert.equal(config.SIGNING_KEY_ROTATION_DAYS, 30);
    assert.deepEqual([config.CELLPHONE_CODE_DAILY_LIMIT, config.SMS_HOURLY_BUDGET], [10, 2000]);
    assert.deepEqual(config.CELLPHONE_LOCKOUT_SECONDS, [900, 3600, 86400]);
    assert.deepEqual(
      [config.EMAIL_VERIFICATION_DAILY_LIMIT_PER_USER, config.EMAIL_VERIFICATION_DAILY_LIMIT_PER_ADDRESS],
      [5, 3],
    );
    assert.equal(config.PURGE_INTERVAL_SECONDS, 3600);
    // Auth's own pool size (ADR 020), not the platform's default of 4.
    assert.equal(config.DATABASE_POOL_MAX, 2);
  });

  test('a missing DATABASE_URL or a malformed duration is named', () => {
    assert.ok(problemsOf({}).some((p) => p.startsWith('DATABASE_URL')));
    assert.ok(
      problemsOf({ DATABASE_URL, CELLPHONE_CODE_TTL_SECONDS: 'soon' }).some((p) =>
        p.startsWith('CELLPHONE_CODE_TTL_SECONDS'),
      ),
    );
    assert.ok(problemsOf({ DATABASE_URL, SMS_PROVIDER: 'pigeon' }).some((p) => p.startsWith('SMS_PROVIDER')));
    for (const steps of ['', '900,soon', '900,-1', '0']) {
      assert.ok(
        problemsOf({ DATABASE_URL, CELLPHONE_LOCKOUT_SECONDS: steps }).some((p) =>
          p.startsWith('CELLPHONE_LOCKOUT_SECONDS'),
        ),
        steps,
      );
    }
    assert.ok(
      problemsOf({ DATABASE_URL, SIGNING_KEY_ENCRYPTION_SECRET: 'too-short' }).some((p) =>
        p.startsWith('SIGNING_KEY_ENCRYPTION_SECRET'),
      ),
    );
  });

  test('production requires Kavenegar, SMTP, the public web URL and real secrets, and refuses the outbox', () => {
    const problems = problemsOf({
      DATABASE_URL,
      NODE_ENV: 'production',
      CALLER_ASSERTION_PUBLIC_KEY,
      SMS_PROVIDER: 'outbox',
    });
    for (const name of [
      'SMS_PROVIDER',
      'KAVENEGAR_API_KEY',
      'KAVENEGAR_TEMPLATE',
      'KAVENEGAR_NOTICE_TEMPLATE',
      'SMTP_URL',
      'PUBLIC_WEB_URL',
      'CODE_HASH_SECRET',
      'SIGNING_KEY_ENCRYPTION_SECRET',
    ]) {
      assert.ok(
        problems.some((p) => p.startsWith(name)),
        `${name} should be named in ${problems.join('; ')}`,
      );
    }
    const config = authConfig({ DATABASE_URL, ...PRODUCTION });
    assert.equal(config.SMS_PROVIDER, 'kavenegar');
    assert.equal(config.CODE_HASH_SECRET, 'a-long-production-secret');
    assert.equal(config.SIGNING_KEY_ENCRYPTION_SECRET, 'a-production-signing-key-encryption-secret');
    assert.equal(config.PUBLIC_WEB_URL, 'https://darmankar.ir');
  });

  test('production refuses the development secrets, which are public', () => {
    const development = authConfig({ DATABASE_URL });
    const problems = problemsOf({
      DATABASE_URL,
      ...PRODUCTION,
      CODE_HASH_SECRET: development.CODE_HASH_SECRET,
      SIGNING_KEY_ENCRYPTION_SECRET: development.SIGNING_KEY_ENCRYPTION_SECRET,
    });
    assert.ok(
      problems.some((p) => p.startsWith('CODE_HASH_SECRET')),
      problems.join('; '),
    );
    assert.ok(
      problems.some((p) => p.startsWith('SIGNING_KEY_ENCRYPTION_SECRET')),
      problems.join('; '),
    );
  });
});

describe('in production', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createAuthTestDatabase();
  });
  after(async () => {
    await database.drop();
  });

  test('the development outbox cannot be read: EXC_API_NOT_FOUND', async () => {
    const auth = await startTestAuth(database, {
      ...PRODUCTION,
      KAVENEGAR_BASE_URL: 'http://127.0.0.1:9',
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    try {
      await rejectsWith(auth.client.listDevOutbox({ to: '09121234567' }), 'EXC_API_NOT_FOUND');
    } finally {
      await auth.stop();
    }
  });
});
