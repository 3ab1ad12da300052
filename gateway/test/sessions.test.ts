// Login, staying logged in, logout: through real HTTP, the real auth service and Postgres.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SignJWT, generateKeyPair } from 'jose';
import { assertError, json, CookieJar, login, newCellphone, startStack, type Stack } from './helpers.ts';

let stack: Stack;
// Access tokens live one minute of the stack's clock, and a rotated refresh token is never forgiven.
before(async () => {
  stack = await startStack({ authEnv: { ACCESS_TOKEN_TTL_SECONDS: '60', REFRESH_TOKEN_REUSE_GRACE_SECONDS: '0' } });
});
after(async () => {
  await stack?.stop();
});

const api = (path: string) => `${stack.url}/api/v1/${path}`;

describe('cookie mode (Accept-Cookie)', () => {
  test('staying logged in across an access-token expiry: 401 validity, refresh, replay', async () => {
    const cellphone = newCellphone();
    const jar = new CookieJar(stack.clock);
    await login(stack.url, cellphone, jar);
    const oldRefresh = jar.get('rt');
    stack.clock.advance(61_000);

    // The browser has dropped the expired `at` cookie; the `rt` cookie says "refresh".
    assert.equal(jar.get('at'), undefined);
    await assertError(
      await fetch(api('authentication/cellphone'), { headers: { cookie: jar.header() } }),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_VALIDITY',
    );

    const refreshed = await fetch(api('sessions/refresh'), {
      headers: { cookie: jar.header(), 'accept-cookie': 'true' },
    });
    assert.equal(refreshed.status, 204);
    jar.take(refreshed);
    assert.notEqual(jar.get('rt'), oldRefresh, 'the refresh token rotates');

    const replay = await fetch(api('authentication/cellphone'), { headers: { cookie: jar.header() } });
    assert.equal(replay.status, 200);
    assert.deepEqual(await json(replay), { cellphone });
  });

  test('logout clears at and rt, marks cd logged out, and the refresh token is dead', async () => {
    const jar = new CookieJar(stack.clock);
    await login(stack.url, newCellphone(), jar);
    const refreshToken = jar.get('rt')!;

    const out = await fetch(api('authentication/logout'), {
      method: 'DELETE',
      headers: { cookie: jar.header(), 'accept-cookie': 'true' },
    });
    assert.equal(out.status, 204);
    jar.take(out);
    assert.equal(jar.get('at') !== undefined, false);
    assert.equal(jar.get('rt') !== undefined, false);
    assert.deepEqual(JSON.parse(Buffer.from(jar.get('cd')!, 'base64').toString()), { isLoggedIn: false });

    await assertError(
      await fetch(api('authentication/cellphone'), { headers: { cookie: jar.header() } }),
      401,
      'EXC_AUTHENTICATION_REQUIRED',
    );
    await assertError(
      await fetch(api('sessions/refresh'), { headers: { 'x-refresh-token': refreshToken } }),
      401,
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
  });
});

describe('token mode (no Accept-Cookie)', () => {
  test('login returns the session in the body and sets no cookie; Bearer works; refresh returns a new session', async () => {
    const cellphone = newCellphone();
    const sent = await fetch(api(`authentication/cellphone/${cellphone}`), { method: 'POST' });
    const sentBody = await json(sent);
    assert.equal(sentBody.cellphone, cellphone);
    assert.ok(sentBody.expiresInSeconds > 0);

    const { session } = await login(stack.url, cellphone);
    assert.ok(session?.accessToken && session.refreshToken);
    assert.ok(session.accessExpiresAtMs > Date.now());

    const me = await fetch(api('authentication/email'), {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    assert.equal(me.status, 200);
    assert.deepEqual(await json(me), { email: '', verified: false });

    const refreshed = await fetch(api('sessions/refresh'), { headers: { 'x-refresh-token': session.refreshToken } });
    assert.equal(refreshed.status, 200);
    assert.equal(refreshed.headers.getSetCookie().length, 0);
    const { session: next } = await json(refreshed);
    assert.ok(next.accessToken && next.refreshToken !== session.refreshToken);
  });

  test('a replayed refresh token is refused and ends the whole session family', async () => {
    const { session } = await login(stack.url, newCellphone());
    const first = await fetch(api('sessions/refresh'), { headers: { 'x-refresh-token': session!.refreshToken } });
    const { session: rotated } = await json(first);
    const bearer = { authorization: `Bearer ${rotated.accessToken}` };
    assert.equal((await fetch(api('authentication/cellphone'), { headers: bearer })).status, 200);
    stack.clock.advance(1_000);

    await assertError(
      await fetch(api('sessions/refresh'), { headers: { 'x-refresh-token': session!.refreshToken } }),
      401,
      'EXC_SESSIONS_REFRESH_TOKEN_REUSED',
    );
    await assertError(
      await fetch(api('sessions/refresh'), { headers: { 'x-refresh-token': rotated.refreshToken } }),
      401,
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
    // The family's access tokens end at once too, not when they expire: whoever holds one is out.
    await assertError(
      await fetch(api('authentication/cellphone'), { headers: bearer }),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
    );
  });

  test('refresh without any refresh token is 401 authentication required', async () => {
    await assertError(await fetch(api('sessions/refresh')), 401, 'EXC_AUTHENTICATION_REQUIRED');
  });
});

describe('access tokens', () => {
  test('a forged token (signed by another key) is 401 invalid, and its cookie is cleared', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'forged' })
      .setIssuer('darmankar-auth')
      .setSubject('someone')
      .setExpirationTime('1h')
      .sign(privateKey);
    await assertError(
      await fetch(api('authentication/cellphone'), { headers: { authorization: `Bearer ${forged}` } }),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
    );

    const viaCookie = await fetch(api('authentication/cellphone'), { headers: { cookie: `at=${forged}` } });
    assert.match(viaCookie.headers.getSetCookie().join('\n'), /^at=; .*Expires=Thu, 01 Jan 1970/m);
    await assertError(viaCookie, 401, 'EXC_SESSIONS_ACCESS_TOKEN_INVALID');
  });

  test('a tampered token (payload changed, signature kept) and garbage are 401 invalid', async () => {
    const { session } = await login(stack.url, newCellphone());
    const [header, payload, signature] = session!.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: 'another-user' })).toString('base64url'),
      signature,
    ].join('.');
    await assertError(
      await fetch(api('authentication/cellphone'), { headers: { authorization: `Bearer ${tampered}` } }),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
    );
    await assertError(
      await fetch(api('authentication/cellphone'), { headers: { authorization: 'Bearer not-a-jwt' } }),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
    );
  });

  test('an expired token is 401 validity, as Bearer or as a cookie (which is kept for the refresh)', async () => {
    const { session } = await login(stack.url, newCellphone());
    stack.clock.advance(61_000);
    await assertError(
      await fetch(api('authentication/cellphone'), { headers: { authorization: `Bearer ${session!.accessToken}` } }),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_VALIDITY',
    );
    const viaCookie = await fetch(api('authentication/cellphone'), {
      headers: { cookie: `at=${session!.accessToken}` },
    });
    assert.equal(viaCookie.headers.getSetCookie().length, 0);
    await assertError(viaCookie, 401, 'EXC_SESSIONS_ACCESS_TOKEN_VALIDITY');
  });
});

describe("refresh refuses other sites (a GET with Lax cookies that another site's link or image could send)", () => {
  const refresh = (headers: Record<string, string>) =>
    fetch(api('sessions/refresh'), { headers: { 'accept-cookie': 'true', ...headers } });

  test('Sec-Fetch-Site cross-site or same-site without Origin, or a foreign Origin: 403, and the session does not rotate', async () => {
    const jar = new CookieJar(stack.clock);
    await login(stack.url, newCellphone(), jar);
    const before = jar.get('rt');
    const cookie = jar.header();
    const refusals: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refusals) {
      const refused = await refresh({ cookie, ...headers });
      assert.equal(refused.headers.getSetCookie().length, 0, `${JSON.stringify(headers)} sets no cookie`);
      assert.equal(refused.headers.get('cache-control'), 'no-store');
      await assertError(refused, 403, 'EXC_CROSS_SITE_REQUEST_REFUSED');
    }
    // Not rotated: the same refresh token still works, once.
    const accepted = await refresh({ cookie, 'sec-fetch-site': 'same-origin' });
    assert.equal(accepted.status, 204);
    jar.take(accepted);
    assert.notEqual(jar.get('rt'), before);
  });

  test("our pages (PUBLIC_WEB_URL's origin, the gateway's own), a typed address and API clients are accepted", async () => {
    const accepts: Record<string, string>[] = [
      { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-site' },
      { origin: stack.url, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of accepts) {
      const { session } = await login(stack.url, newCellphone());
      const response = await fetch(api('sessions/refresh'), {
        headers: { 'x-refresh-token': session!.refreshToken, ...headers },
      });
      assert.equal(response.status, 200, JSON.stringify(headers));
      assert.ok((await json(response)).session.accessToken);
    }
  });
});

describe('answers that carry tokens are never cached', () => {
  test('verify (login), refresh and logout: Cache-Control no-store, in both modes', async () => {
    const cellphone = newCellphone();
    await fetch(api(`authentication/cellphone/${cellphone}`), { method: 'POST' });
    const { messages } = await json(await fetch(`${stack.url}/api/dev/outbox?to=${cellphone}`));
    const verified = await fetch(api(`authentication/cellphone/${cellphone}/verify?next=Login`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: messages[0].code }),
    });
    assert.equal(verified.status, 200);
    assert.equal(verified.headers.get('cache-control'), 'no-store');
    const { session } = await json(verified);

    const refreshed = await fetch(api('sessions/refresh'), { headers: { 'x-refresh-token': session.refreshToken } });
    assert.equal(refreshed.status, 200);
    assert.equal(refreshed.headers.get('cache-control'), 'no-store');
    const next = (await json(refreshed)).session;

    const jar = new CookieJar(stack.clock);
    await login(stack.url, newCellphone(), jar);
    const cookieRefresh = await fetch(api('sessions/refresh'), {
      headers: { cookie: jar.header(), 'accept-cookie': 'true' },
    });
    assert.equal(cookieRefresh.status, 204);
    assert.equal(cookieRefresh.headers.get('cache-control'), 'no-store');

    const out = await fetch(api('authentication/logout'), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${next.accessToken}`, 'x-refresh-token': next.refreshToken },
    });
    assert.equal(out.status, 204);
    assert.equal(out.headers.get('cache-control'), 'no-store');
  });
});

describe('revocation lasts the access-token lifetime, whichever token is presented', () => {
  test("a logout presenting an older access token still refuses the session's newer one until that one expires", async () => {
    const { session } = await login(stack.url, newCellphone());
    const older = session!.accessToken;
    stack.clock.advance(30_000);
    const { session: rotated } = await json(
      await fetch(api('sessions/refresh'), { headers: { 'x-refresh-token': session!.refreshToken } }),
    );
    const newer = { authorization: `Bearer ${rotated.accessToken}` };
    assert.equal((await fetch(api('authentication/cellphone'), { headers: newer })).status, 200);

    // Only the older access token comes with the logout (a stale tab, a copied header).
    const out = await fetch(api('authentication/logout'), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${older}` },
    });
    assert.equal(out.status, 204);
    await assertError(
      await fetch(api('authentication/cellphone'), { headers: newer }),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
    );

    // Past the older token's expiry the newer one is still unexpired, and still refused.
    stack.clock.advance(31_000);
    await assertError(
      await fetch(api('authentication/cellphone'), { headers: { authorization: `Bearer ${older}` } }),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_VALIDITY',
    );
    await assertError(
      await fetch(api('authentication/cellphone'), { headers: newer }),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
    );
  });

  test("reuse detection refuses the family's newest access token until it expires, judged by the same clock as the token", async () => {
    // The stack's clock runs an hour ahead of the wall clock: a revocation timed by the wall clock would end too early.
    stack.clock.advance(3_600_000);
    const { session } = await login(stack.url, newCellphone());
    stack.clock.advance(1_000);
    const { session: rotated } = await json(
      await fetch(api('sessions/refresh'), { headers: { 'x-refresh-token': session!.refreshToken } }),
    );
    const newer = { authorization: `Bearer ${rotated.accessToken}` };
    stack.clock.advance(1_000);
    await assertError(
      await fetch(api('sessions/refresh'), { headers: { 'x-refresh-token': session!.refreshToken } }),
      401,
      'EXC_SESSIONS_REFRESH_TOKEN_REUSED',
    );
    stack.clock.advance(57_000);
    // One second before the newer token's expiry: still refused, not accepted again.
    await assertError(
      await fetch(api('authentication/cellphone'), { headers: newer }),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
    );
  });
});
