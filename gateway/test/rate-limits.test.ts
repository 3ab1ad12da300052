// Rate limits per IP on /api and per IP and cellphone on one-time codes, in process and in
// the real Redis (shared by two gateways, as replicas would share it).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import {
  assertError,
  newCellphone,
  startGatewayFor,
  startStack,
  type Stack,
  requireRedis,
  TEST_REDIS_URL,
  WITHOUT_REDIS,
} from './helpers.ts';

const REDIS_URL = TEST_REDIS_URL ?? '';
const LIMITS = { RATE_LIMIT_API_POINTS: '6', RATE_LIMIT_CODE_IP_POINTS: '3', RATE_LIMIT_CODE_CELLPHONE_POINTS: '2' };

// Requests from the test arrive over loopback, whose X-Forwarded-For the gateway trusts
// (as it does for the web app's proxy): each test speaks from its own client address.
let lastOctet = 0;
const newClientIp = () => `10.1.${process.pid % 250}.${++lastOctet}`;
const from = (ip: string) => ({ 'x-forwarded-for': ip });

function behavesLikeALimiter(getUrls: () => string[]) {
  test('per IP on every /api route: 429 EXC_TOO_MANY_REQUESTS with Retry-After; other IPs unaffected', async () => {
    const urls = getUrls();
    const ip = newClientIp();
    for (let i = 0; i < 6; i++)
      assert.equal(
        (await fetch(`${urls[i % urls.length]}/api/v1/ping`, { headers: from(ip) })).status,
        200,
        `request ${i + 1}`,
      );
    const limited = await fetch(`${urls[0]}/api/v1/ping`, { headers: from(ip) });
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    await assertError(limited, 429, 'EXC_TOO_MANY_REQUESTS');
    assert.equal((await fetch(`${urls[0]}/api/v1/ping`, { headers: from(newClientIp()) })).status, 200);
  });

  test('per cellphone on code sends, whatever the IP and spelling (SMS bombing)', async () => {
    const urls = getUrls();
    const cellphone = newCellphone();
    const spellings = [cellphone, `+98${cellphone.slice(1)}`, `0098${cellphone.slice(1)}`];
    for (let i = 0; i < 2; i++)
      assert.equal(
        (
          await fetch(`${urls[i % urls.length]}/api/v1/authentication/cellphone/${encodeURIComponent(spellings[i]!)}`, {
            method: 'POST',
            headers: from(newClientIp()),
          })
        ).status,
        200,
      );
    const limited = await fetch(`${urls[0]}/api/v1/authentication/cellphone/${encodeURIComponent(spellings[2]!)}`, {
      method: 'POST',
      headers: from(newClientIp()),
    });
    assert.ok(limited.headers.get('retry-after'));
    await assertError(limited, 429, 'EXC_TOO_MANY_REQUESTS');
  });

  test('per IP on code sends across cellphones', async () => {
    const urls = getUrls();
    const ip = newClientIp();
    for (let i = 0; i < 3; i++)
      assert.equal(
        (
          await fetch(`${urls[i % urls.length]}/api/v1/authentication/cellphone/${newCellphone()}`, {
            method: 'POST',
            headers: from(ip),
          })
        ).status,
        200,
      );
    await assertError(
      await fetch(`${urls[0]}/api/v1/authentication/cellphone/${newCellphone()}`, {
        method: 'POST',
        headers: from(ip),
      }),
      429,
      'EXC_TOO_MANY_REQUESTS',
    );
  });

  test('per cellphone on code verifies (guessing codes)', async () => {
    const urls = getUrls();
    const cellphone = newCellphone();
    const verify = (url: string) =>
      fetch(`${url}/api/v1/authentication/cellphone/${cellphone}/verify?next=Login`, {
        method: 'POST',
        headers: { ...from(newClientIp()), 'content-type': 'application/json' },
        body: '{"code":"000000"}',
      });
    for (let i = 0; i < 2; i++) assert.notEqual((await verify(urls[i % urls.length]!)).status, 429);
    await assertError(await verify(urls[0]!), 429, 'EXC_TOO_MANY_REQUESTS');
  });
}

describe('in process (no REDIS_URL)', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ gatewayEnv: LIMITS });
  });
  after(async () => {
    await stack?.stop();
  });
  behavesLikeALimiter(() => [stack.url]);
});

describe('in Redis, shared by two gateways', { skip: WITHOUT_REDIS }, () => {
  const prefix = `dk-rl-test-${randomBytes(4).toString('hex')}`;
  const redis = new Redis(REDIS_URL);
  let stack: Stack;
  let second: Awaited<ReturnType<typeof startGatewayFor>>;
  before(async () => {
    requireRedis();
    const env = { ...LIMITS, REDIS_URL, RATE_LIMIT_KEY_PREFIX: prefix };
    stack = await startStack({ gatewayEnv: env });
    second = await startGatewayFor(`127.0.0.1:${stack.auth.port}`, env);
  });
  after(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await second?.stop();
    await stack?.stop();
  });

  behavesLikeALimiter(() => [stack.url, `http://127.0.0.1:${second.port}`]);

  test('the counters really live in Redis', async () => {
    const keys = await redis.keys(`${prefix}:*`);
    assert.ok(
      keys.some((key) => key.startsWith(`${prefix}:api:ip:`)),
      `api keys in ${keys.join(', ')}`,
    );
    assert.ok(
      keys.some((key) => key.startsWith(`${prefix}:code-send:cellphone:09`)),
      'cellphone keys hold the normalised number',
    );
  });
});
