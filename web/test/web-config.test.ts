// The web server's environment is parsed at start-up (a bad value stops it, naming the
// variable), and the cookies it sets itself are Secure and __Host- prefixed in production.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { ConfigError } from '@darmankar/platform/config';
import { createLoginStateCookie } from '../app/lib/login-state.server.ts';
import { parseWebConfig, webConfigSchema } from '../server/config.ts';

test('defaults: no trusted proxy, cookies Secure only in production', () => {
  const development = parseWebConfig({});
  assert.equal(development.PORT, 3000);
  assert.equal(development.GATEWAY_URL, 'http://127.0.0.1:8080');
  assert.equal(development.TRUST_PROXY, false);
  assert.equal(development.COOKIE_SECURE, false);
  assert.equal(parseWebConfig({ NODE_ENV: 'production' }).COOKIE_SECURE, true);
  assert.equal(parseWebConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }).COOKIE_SECURE, false);
});

test('TRUST_PROXY takes hop counts and address lists; "true" and garbage are refused', () => {
  assert.equal(parseWebConfig({ TRUST_PROXY: '1' }).TRUST_PROXY, 1);
  assert.deepEqual(parseWebConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY, ['10.0.0.0/8', 'loopback']);
  assert.equal(parseWebConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY, false);
  for (const bad of ['true', 'not-an-address', '10.0.0.0/99']) {
    assert.throws(
      () => parseWebConfig({ TRUST_PROXY: bad }),
      (error: ConfigError) => error.problems.some((p) => p.startsWith('TRUST_PROXY:')),
      bad,
    );
  }
});

test('each bad value is reported with its variable', () => {
  const cases: Record<string, string> = {
    PORT: 'eighty',
    GATEWAY_URL: 'not a url',
    NODE_ENV: 'staging',
    COOKIE_SECURE: 'yes',
    PUBLIC_URL: 'ftp://x',
    MONITORING_RATE_LIMIT_POINTS: '0',
  };
  for (const [name, value] of Object.entries(cases)) {
    assert.throws(
      () => parseWebConfig({ [name]: value }),
      (error: ConfigError) => error.problems.some((p) => p.startsWith(`${name}:`)),
      name,
    );
  }
  // The exported schema is what a chart test parses the rendered env with.
  assert.equal(
    webConfigSchema.safeParse({ NODE_ENV: 'production', TRUST_PROXY: '10.0.0.0/8', PUBLIC_URL: 'https://darmankar.ir' })
      .success,
    true,
  );
});

test('the server refuses to start on a bad value and names it', () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, NODE_TEST_CONTEXT: undefined, PORT: '3999', TRUST_PROXY: 'true' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(result.status, 1, result.stdout + result.stderr);
  assert.match(result.stderr, /TRUST_PROXY/);
});

test('the login-state cookie is __Host- prefixed and Secure when cookies are secure', async () => {
  const secure = await createLoginStateCookie({ secure: true }).serialize({ cellphone: '09121234567', resendAt: 1 });
  assert.match(secure, /^__Host-dk_login=/);
  assert.match(secure, /; Path=\/(;|$)/);
  assert.match(secure, /; Secure(;|$)/);
  assert.match(secure, /; HttpOnly(;|$)/);
  assert.doesNotMatch(secure, /Domain=/i, 'host-only');
  const plain = await createLoginStateCookie({ secure: false }).serialize({ cellphone: '09121234567', resendAt: 1 });
  assert.match(plain, /^dk_login=/);
  assert.doesNotMatch(plain, /Secure/);
});
