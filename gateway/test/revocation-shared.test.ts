// Reuse detection and a cellphone change end sessions at every gateway, not only the one that
// saw them: the revocation travels through the real Redis to a second gateway at once, and a
// gateway started afterwards loads it. (Logout is covered the same way in logout.test.ts.)
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  assertError,
  json,
  latestCode,
  login,
  newCellphone,
  startGatewayFor,
  startStack,
  type Stack,
  requireRedis,
  TEST_REDIS_URL,
  WITHOUT_REDIS,
} from './helpers.ts';

const REDIS_URL = TEST_REDIS_URL ?? '';

describe('revocations shared through Redis', { skip: WITHOUT_REDIS }, () => {
  let stack: Stack;
  let second: Awaited<ReturnType<typeof startGatewayFor>>;
  const late: Array<Awaited<ReturnType<typeof startGatewayFor>>> = [];
  // A prefix of its own, so runs never see each other's revocations.
  const env = { REDIS_URL, REVOKED_SESSIONS_KEY_PREFIX: `dk-test-revoked-${randomUUID()}` };
  const urlOf = (gateway: { port: number }) => `http://127.0.0.1:${gateway.port}`;
  const cellphoneAt = (url: string, accessToken: string) =>
    fetch(`${url}/api/v1/authentication/cellphone`, { headers: { authorization: `Bearer ${accessToken}` } });

  /** Pub/sub delivery is asynchronous (milliseconds on loopback): asks until refused, within a generous bound for a loaded machine. */
  async function refusedAt(url: string, accessToken: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await cellphoneAt(url, accessToken)).status === 200);
    await assertError(await cellphoneAt(url, accessToken), 401, 'EXC_SESSIONS_ACCESS_TOKEN_INVALID');
  }

  before(async () => {
    requireRedis();
    stack = await startStack({
      authEnv: { ACCESS_TOKEN_TTL_SECONDS: '60', REFRESH_TOKEN_REUSE_GRACE_SECONDS: '0' },
      gatewayEnv: { ...env, ACCESS_TOKEN_TTL_SECONDS: '60' },
    });
    second = await startGatewayFor(
      `127.0.0.1:${stack.auth.port}`,
      { ...env, ACCESS_TOKEN_TTL_SECONDS: '60' },
      stack.clock,
    );
  });
  after(async () => {
    for (const gateway of late) await gateway.stop();
    await second?.stop();
    await stack?.stop();
  });

  test("a refresh token replayed at one gateway ends the family's newest access token at the other, and at one started later", async () => {
    const { session } = await login(stack.url, newCellphone());
    stack.clock.advance(1_000);
    const rotated = await fetch(`${stack.url}/api/v1/sessions/refresh`, {
      headers: { 'x-refresh-token': session!.refreshToken },
    });
    const { session: newest } = await json(rotated);
    assert.equal(
      (await cellphoneAt(urlOf(second), newest.accessToken)).status,
      200,
      'valid at the second gateway before the replay',
    );
    stack.clock.advance(1_000);

    await assertError(
      await fetch(`${stack.url}/api/v1/sessions/refresh`, { headers: { 'x-refresh-token': session!.refreshToken } }),
      401,
      'EXC_SESSIONS_REFRESH_TOKEN_REUSED',
    );

    await refusedAt(urlOf(second), newest.accessToken);
    const started = await startGatewayFor(`127.0.0.1:${stack.auth.port}`, env, stack.clock);
    late.push(started);
    await assertError(await cellphoneAt(urlOf(started), newest.accessToken), 401, 'EXC_SESSIONS_ACCESS_TOKEN_INVALID');
  });

  test("a cellphone change at one gateway ends the user's other sessions at the other; the caller's own session goes on", async () => {
    const old = newCellphone();
    const own = (await login(stack.url, old)).session!;
    const elsewhere = (await login(stack.url, old)).session!;
    assert.equal((await cellphoneAt(urlOf(second), elsewhere.accessToken)).status, 200);

    const fresh = newCellphone();
    const auth = { authorization: `Bearer ${own.accessToken}` };
    assert.equal(
      (await fetch(`${stack.url}/api/v1/authentication/cellphone/${fresh}`, { method: 'PUT', headers: auth })).status,
      200,
    );
    const code = await latestCode(stack.url, fresh);
    const verified = await fetch(`${stack.url}/api/v1/authentication/cellphone/${fresh}/verify?next=ChangeCellphone`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    assert.equal(verified.status, 200);

    await refusedAt(urlOf(second), elsewhere.accessToken);
    const mine = await cellphoneAt(urlOf(second), own.accessToken);
    assert.equal(mine.status, 200);
    assert.deepEqual(await json(mine), { cellphone: fresh });
  });
});
