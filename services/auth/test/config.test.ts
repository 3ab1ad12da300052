import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError } from '@darmankar/platform/config';
import type { TestDatabase } from '@darmankar/platform/testing';
import { authConfig } from '../src/config.ts';
import { createAuthTestDatabase, rejectsWith, startTestAuth } from './helpers.ts';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/darmankar_auth';

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
    assert.deepEqual([config.CELLPHONE_CODE_TTL_SECONDS, config.CELLPHONE_CODE_RESEND_SECONDS, config.CELLPHONE_CODE_MAX_ATTEMPTS], [180, 120, 5]);
    assert.equal(config.PUBLIC_WEB_URL, 'http://127.0.0.1:3000');
    assert.ok(config.CODE_HASH_SECRET.length >= 16);
  });

  test('a missing DATABASE_URL or a malformed duration is named', () => {
    assert.ok(problemsOf({}).some((p) => p.startsWith('DATABASE_URL')));
    assert.ok(problemsOf({ DATABASE_URL, CELLPHONE_CODE_TTL_SECONDS: 'soon' }).some((p) => p.startsWith('CELLPHONE_CODE_TTL_SECONDS')));
    assert.ok(problemsOf({ DATABASE_URL, SMS_PROVIDER: 'pigeon' }).some((p) => p.startsWith('SMS_PROVIDER')));
  });

  test('production requires Kavenegar, SMTP and a real hash secret, and refuses the outbox', () => {
    const problems = problemsOf({ DATABASE_URL, NODE_ENV: 'production', SMS_PROVIDER: 'outbox' });
    for (const name of ['SMS_PROVIDER', 'KAVENEGAR_API_KEY', 'KAVENEGAR_TEMPLATE', 'SMTP_URL', 'CODE_HASH_SECRET']) {
      assert.ok(problems.some((p) => p.startsWith(name)), `${name} should be named in ${problems.join('; ')}`);
    }
    const config = authConfig({
      DATABASE_URL, NODE_ENV: 'production', KAVENEGAR_API_KEY: 'key', KAVENEGAR_TEMPLATE: 'login',
      SMTP_URL: 'smtp://mail.internal:25', CODE_HASH_SECRET: 'a-long-production-secret',
    });
    assert.equal(config.SMS_PROVIDER, 'kavenegar');
    assert.equal(config.CODE_HASH_SECRET, 'a-long-production-secret');
  });
});

describe('in production', () => {
  let database: TestDatabase;
  before(async () => { database = await createAuthTestDatabase(); });
  after(async () => { await database.drop(); });

  test('the development outbox cannot be read: EXC_API_NOT_FOUND', async () => {
    const auth = await startTestAuth(database, {
      NODE_ENV: 'production', KAVENEGAR_API_KEY: 'key', KAVENEGAR_TEMPLATE: 'login', KAVENEGAR_BASE_URL: 'http://127.0.0.1:9',
      SMTP_URL: 'smtp://127.0.0.1:9', CODE_HASH_SECRET: 'a-long-production-secret',
    });
    try {
      await rejectsWith(auth.client.listDevOutbox({ to: '09121234567' }), 'EXC_API_NOT_FOUND');
    } finally {
      await auth.stop();
    }
  });
});
