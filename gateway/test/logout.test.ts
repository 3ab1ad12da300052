// Logout ends the access token at once, not when it expires: through real HTTP, the real
// auth service and Postgres, and the real Redis shared by several gateways.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  assertError,
  CookieJar,
  json,
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

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function cellphoneWith(url: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${url}/api/v1/authentication/cellphone`, { headers });
}

async function logoutWithTokens(url: string, session: { accessToken: string; refreshToken: string }): Promise<void> {
  const response = await fetch(`${url}/api/v1/authentication/logout`, {
    method: 'DELETE',
    headers: { ...bearer(session.accessToken), 'x-refresh-token': session.refreshToken },
  });
  assert.equal(response.status, 204);
}

describe('in process (no REDIS_URL)', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack();
  });
  after(async () => {
    await stack?.stop();
  });

  test('token mode: the old Bearer token answers 401 at once; another session of the same user keeps working', async () => {
    const cellphone = newCellphone();
    const first = (await login(stack.url, cellphone)).session!;
    const second = (await login(stack.url, cellphone)).session!;
    // Both work, and the first is now in the gateway's verified-token cache.
    assert.equal((await cellphoneWith(stack.url, bearer(first.accessToken))).status, 200);
    assert.equal((await cellphoneWith(stack.url, bearer(second.accessToken))).status, 200);

    await logoutWithTokens(stack.url, first);

    await assertError(
      await cellphoneWith(stack.url, bearer(first.accessToken)),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
    );
    const other = await cellphoneWith(stack.url, bearer(second.accessToken));
    assert.equal(other.status, 200);
    assert.deepEqual(await json(other), { cellphone });
  });

  test('cookie mode: the old at cookie answers 401 (and is cleared) after logout', async () => {
    const jar = new CookieJar(stack.clock);
    await login(stack.url, newCellphone(), jar);
    const oldCookies = jar.header();
    assert.equal((await cellphoneWith(stack.url, { cookie: oldCookies })).status, 200);

    const loggedOut = await fetch(`${stack.url}/api/v1/authentication/logout`, {
      method: 'DELETE',
      headers: { cookie: oldCookies, 'accept-cookie': 'true' },
    });
    assert.equal(loggedOut.status, 204);

    // A client that kept the old cookies (copied, or a replay) is refused.
    const replay = await cellphoneWith(stack.url, { cookie: oldCookies });
    assert.match(replay.headers.getSetCookie().join('\n'), /^at=;/m, 'the dead at cookie is cleared');
    await assertError(replay, 401, 'EXC_SESSIONS_ACCESS_TOKEN_INVALID');
  });

  test("a logout that presents only the refresh token still ends that session's access tokens at once", async () => {
    const { session } = await login(stack.url, newCellphone());
    assert.equal((await cellphoneWith(stack.url, bearer(session!.accessToken))).status, 200);
    const loggedOut = await fetch(`${stack.url}/api/v1/authentication/logout`, {
      method: 'DELETE',
      headers: { 'x-refresh-token': session!.refreshToken },
    });
    assert.equal(loggedOut.status, 204);
    await assertError(
      await cellphoneWith(stack.url, bearer(session!.accessToken)),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
    );
  });

  test('a logout with a refresh token of another user ends neither session of that user', async () => {
    const mine = (await login(stack.url, newCellphone())).session!;
    const theirs = (await login(stack.url, newCellphone())).session!;
    const response = await fetch(`${stack.url}/api/v1/authentication/logout`, {
      method: 'DELETE',
      headers: { ...bearer(mine.accessToken), 'x-refresh-token': theirs.refreshToken },
    });
    assert.equal(response.status, 204);
    assert.equal((await cellphoneWith(stack.url, bearer(theirs.accessToken))).status, 200);
    const refreshed = await fetch(`${stack.url}/api/v1/sessions/refresh`, {
      headers: { 'x-refresh-token': theirs.refreshToken },
    });
    assert.equal(refreshed.status, 200, 'their refresh token still works');
  });
});

describe('in Redis, shared by gateways', { skip: WITHOUT_REDIS }, () => {
  let stack: Stack;
  let second: Awaited<ReturnType<typeof startGatewayFor>>;
  let late: Awaited<ReturnType<typeof startGatewayFor>> | undefined;
  // A prefix of its own, so runs never see each other's revocations.
  const env = { REDIS_URL, REVOKED_SESSIONS_KEY_PREFIX: `dk-test-revoked-${randomUUID()}` };
  const urlOf = (gateway: { port: number }) => `http://127.0.0.1:${gateway.port}`;

  before(async () => {
    requireRedis();
    stack = await startStack({ gatewayEnv: env });
    second = await startGatewayFor(`127.0.0.1:${stack.auth.port}`, env);
  });
  after(async () => {
    await late?.stop();
    await second?.stop();
    await stack?.stop();
  });

  test('a logout at one gateway is refused by the other at once, and by a gateway started afterwards', async () => {
    const cellphone = newCellphone();
    const ended = (await login(stack.url, cellphone)).session!;
    const kept = (await login(stack.url, cellphone)).session!;
    assert.equal(
      (await cellphoneWith(urlOf(second), bearer(ended.accessToken))).status,
      200,
      'valid at the second gateway before logout',
    );

    await logoutWithTokens(stack.url, ended);

    // Pub/sub delivery is asynchronous; it arrives within milliseconds on loopback.
    const deadline = Date.now() + 2_000;
    let status = 200;
    while (Date.now() < deadline && status === 200) {
      status = (await cellphoneWith(urlOf(second), bearer(ended.accessToken))).status;
    }
    await assertError(
      await cellphoneWith(urlOf(second), bearer(ended.accessToken)),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
    );
    assert.equal(
      (await cellphoneWith(urlOf(second), bearer(kept.accessToken))).status,
      200,
      'the other session still works',
    );

    late = await startGatewayFor(`127.0.0.1:${stack.auth.port}`, env);
    await assertError(
      await cellphoneWith(urlOf(late), bearer(ended.accessToken)),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
    );
    assert.equal((await cellphoneWith(urlOf(late), bearer(kept.accessToken))).status, 200);
  });
});
