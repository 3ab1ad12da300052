// Login, staying logged in, logout: through real HTTP, the real auth service and Postgres.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SignJWT, generateKeyPair } from 'jose';
import { assertError, json, CookieJar, login, newCellphone, startStack, type Stack } from './helpers.ts';

let stack: Stack;
// Access tokens live one minute of the stack's clock, and a rotated refresh token is never forgiven.
before(async () => { stack = await startStack({ authEnv: { ACCESS_TOKEN_TTL_SECONDS: '60', REFRESH_TOKEN_REUSE_GRACE_SECONDS: '0' } }); });
after(async () => { await stack?.stop(); });

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
    await assertError(await fetch(api('authentication/cellphone'), { headers: { cookie: jar.header() } }), 401, 'EXC_SESSIONS_ACCESS_TOKEN_VALIDITY');

    const refreshed = await fetch(api('sessions/refresh'), { headers: { cookie: jar.header(), 'accept-cookie': 'true' } });
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

    const out = await fetch(api('authentication/logout'), { method: 'DELETE', headers: { cookie: jar.header(), 'accept-cookie': 'true' } });
    assert.equal(out.status, 204);
    jar.take(out);
    assert.equal(jar.get('at') !== undefined, false);
    assert.equal(jar.get('rt') !== undefined, false);
    assert.deepEqual(JSON.parse(Buffer.from(jar.get('cd')!, 'base64').toString()), { isLoggedIn: false });

    await assertError(await fetch(api('authentication/cellphone'), { headers: { cookie: jar.header() } }), 401, 'EXC_AUTHENTICATION_REQUIRED');
    await assertError(await fetch(api('sessions/refresh'), { headers: { 'x-refresh-token': refreshToken } }), 401, 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
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

    const me = await fetch(api('authentication/email'), { headers: { authorization: `Bearer ${session.accessToken}` } });
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

    await assertError(await fetch(api('sessions/refresh'), { headers: { 'x-refresh-token': session!.refreshToken } }), 401, 'EXC_SESSIONS_REFRESH_TOKEN_REUSED');
    await assertError(await fetch(api('sessions/refresh'), { headers: { 'x-refresh-token': rotated.refreshToken } }), 401, 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    // The family's access tokens end at once too, not when they expire: whoever holds one is out.
    await assertError(await fetch(api('authentication/cellphone'), { headers: bearer }), 401, 'EXC_SESSIONS_ACCESS_TOKEN_INVALID');
  });

  test('refresh without any refresh token is 401 authentication required', async () => {
    await assertError(await fetch(api('sessions/refresh')), 401, 'EXC_AUTHENTICATION_REQUIRED');
  });
});

describe('access tokens', () => {
  test('a forged token (signed by another key) is 401 invalid, and its cookie is cleared', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await new SignJWT({ sid: 'x' }).setProtectedHeader({ alg: 'EdDSA', kid: 'forged' }).setIssuer('darmankar-auth').setSubject('someone').setExpirationTime('1h').sign(privateKey);
    await assertError(await fetch(api('authentication/cellphone'), { headers: { authorization: `Bearer ${forged}` } }), 401, 'EXC_SESSIONS_ACCESS_TOKEN_INVALID');

    const viaCookie = await fetch(api('authentication/cellphone'), { headers: { cookie: `at=${forged}` } });
    assert.match(viaCookie.headers.getSetCookie().join('\n'), /^at=; .*Expires=Thu, 01 Jan 1970/m);
    await assertError(viaCookie, 401, 'EXC_SESSIONS_ACCESS_TOKEN_INVALID');
  });

  test('a tampered token (payload changed, signature kept) and garbage are 401 invalid', async () => {
    const { session } = await login(stack.url, newCellphone());
    const [header, payload, signature] = session!.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = [header, Buffer.from(JSON.stringify({ ...claims, sub: 'another-user' })).toString('base64url'), signature].join('.');
    await assertError(await fetch(api('authentication/cellphone'), { headers: { authorization: `Bearer ${tampered}` } }), 401, 'EXC_SESSIONS_ACCESS_TOKEN_INVALID');
    await assertError(await fetch(api('authentication/cellphone'), { headers: { authorization: 'Bearer not-a-jwt' } }), 401, 'EXC_SESSIONS_ACCESS_TOKEN_INVALID');
  });

  test('an expired token is 401 validity, as Bearer or as a cookie (which is kept for the refresh)', async () => {
    const { session } = await login(stack.url, newCellphone());
    stack.clock.advance(61_000);
    await assertError(await fetch(api('authentication/cellphone'), { headers: { authorization: `Bearer ${session!.accessToken}` } }), 401, 'EXC_SESSIONS_ACCESS_TOKEN_VALIDITY');
    const viaCookie = await fetch(api('authentication/cellphone'), { headers: { cookie: `at=${session!.accessToken}` } });
    assert.equal(viaCookie.headers.getSetCookie().length, 0);
    await assertError(viaCookie, 401, 'EXC_SESSIONS_ACCESS_TOKEN_VALIDITY');
  });
});

