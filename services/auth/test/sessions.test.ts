import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { TestDatabase } from '@darmankar/platform/testing';
import type { Database } from '../src/db/client.ts';
import { createAuthTestDatabase, inspect, login, newCellphone, rejectsWith, sleep, startTestAuth, type TestAuth } from './helpers.ts';

let database: TestDatabase;
let db: Database;
let auth: TestAuth;

before(async () => {
  database = await createAuthTestDatabase();
  db = inspect(database);
  auth = await startTestAuth(database, { REFRESH_TOKEN_REUSE_GRACE_SECONDS: '1' });
});
after(async () => {
  await auth.stop();
  await db.$disconnect();
  await database.drop();
});

describe('refresh', () => {
  test('rotates: a new pair in the same family, stored only as a hash', async () => {
    const { user, session } = await login(auth.client, newCellphone());
    const { session: next } = await auth.client.refreshSession({ refreshToken: session!.refreshToken });
    assert.notEqual(next!.refreshToken, session!.refreshToken);
    assert.notEqual(next!.accessToken, session!.accessToken);
    const before = decodeJwt(session!.accessToken);
    const after = decodeJwt(next!.accessToken);
    assert.equal(after.sub, user!.id);
    assert.equal(after.sid, before.sid);
    const stored = await db.refreshToken.findMany({ where: { sessionId: String(before.sid) }, orderBy: { createdAt: 'asc' } });
    assert.equal(stored.length, 2);
    assert.ok(stored[0]!.rotatedAt);
    assert.equal(stored[1]!.rotatedAt, null);
    assert.ok(stored.every((row) => row.tokenHash !== session!.refreshToken && row.tokenHash !== next!.refreshToken));
    // The successor keeps rotating.
    const { session: third } = await auth.client.refreshSession({ refreshToken: next!.refreshToken });
    assert.ok(third!.refreshToken);
  });

  test('a rotated token presented after the grace window revokes the whole family: EXC_SESSIONS_REFRESH_TOKEN_REUSED', async () => {
    const { session } = await login(auth.client, newCellphone());
    const { session: next } = await auth.client.refreshSession({ refreshToken: session!.refreshToken });
    await sleep(1200);
    await rejectsWith(auth.client.refreshSession({ refreshToken: session!.refreshToken }), 'EXC_SESSIONS_REFRESH_TOKEN_REUSED');
    // The legitimate successor is dead too, and the stolen one stays dead.
    await rejectsWith(auth.client.refreshSession({ refreshToken: next!.refreshToken }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    await rejectsWith(auth.client.refreshSession({ refreshToken: session!.refreshToken }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    const family = await db.session.findUniqueOrThrow({ where: { id: String(decodeJwt(session!.accessToken).sid) } });
    assert.equal(family.revokedReason, 'reuse');
  });

  test('parallel refreshes with one token inside the grace window all succeed and the family lives on', async () => {
    const { session } = await login(auth.client, newCellphone());
    const results = await Promise.all(Array.from({ length: 4 }, () => auth.client.refreshSession({ refreshToken: session!.refreshToken })));
    const tokens = new Set(results.map((r) => r.session!.refreshToken));
    assert.equal(tokens.size, 4);
    for (const token of tokens) assert.ok((await auth.client.refreshSession({ refreshToken: token })).session);
  });

  test('an unknown, forged or empty token is EXC_SESSIONS_REFRESH_TOKEN_INVALID', async () => {
    await rejectsWith(auth.client.refreshSession({ refreshToken: '' }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    await rejectsWith(auth.client.refreshSession({ refreshToken: 'forged-token' }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    const { session } = await login(auth.client, newCellphone());
    await rejectsWith(auth.client.refreshSession({ refreshToken: session!.accessToken }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
  });

  test('an expired refresh token is EXC_SESSIONS_REFRESH_TOKEN_INVALID', async () => {
    const quick = await startTestAuth(database, { REFRESH_TOKEN_TTL_SECONDS: '1', CELLPHONE_CODE_RESEND_SECONDS: '0' });
    try {
      const { session } = await login(quick.client, newCellphone());
      await sleep(1100);
      await rejectsWith(quick.client.refreshSession({ refreshToken: session!.refreshToken }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    } finally {
      await quick.stop();
    }
  });
});

describe('access tokens', () => {
  test('expire after ACCESS_TOKEN_TTL_SECONDS', async () => {
    const quick = await startTestAuth(database, { ACCESS_TOKEN_TTL_SECONDS: '1', CELLPHONE_CODE_RESEND_SECONDS: '0' });
    try {
      const { session } = await login(quick.client, newCellphone());
      const jwks = createLocalJWKSet(JSON.parse((await quick.client.getSigningKeys({})).jwksJson));
      await jwtVerify(session!.accessToken, jwks);
      await sleep(2100);
      await assert.rejects(jwtVerify(session!.accessToken, jwks), { code: 'ERR_JWT_EXPIRED' });
    } finally {
      await quick.stop();
    }
  });

  test('a tampered token does not verify', async () => {
    const { session } = await login(auth.client, newCellphone());
    const jwks = createLocalJWKSet(JSON.parse((await auth.client.getSigningKeys({})).jwksJson));
    const [header, payload, signature] = session!.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
    await assert.rejects(jwtVerify(forged, jwks), { code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
  });

  test('the signing key survives a restart, so sessions do too', async () => {
    const { session } = await login(auth.client, newCellphone());
    const restarted = await startTestAuth(database);
    try {
      assert.equal((await restarted.client.getSigningKeys({})).jwksJson, (await auth.client.getSigningKeys({})).jwksJson);
      await jwtVerify(session!.accessToken, createLocalJWKSet(JSON.parse((await restarted.client.getSigningKeys({})).jwksJson)));
      assert.ok((await restarted.client.refreshSession({ refreshToken: session!.refreshToken })).session);
    } finally {
      await restarted.stop();
    }
    assert.equal(await db.signingKey.count(), 1);
  });
});

describe('logout', () => {
  test('revokes the family: neither the current nor an earlier token refreshes any more', async () => {
    const { user, session } = await login(auth.client, newCellphone());
    const { session: next } = await auth.client.refreshSession({ refreshToken: session!.refreshToken });
    await auth.client.logout({ refreshToken: next!.refreshToken }, { userId: user!.id });
    await rejectsWith(auth.client.refreshSession({ refreshToken: next!.refreshToken }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    await rejectsWith(auth.client.refreshSession({ refreshToken: session!.refreshToken }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    // Logging out twice is harmless.
    await auth.client.logout({ refreshToken: next!.refreshToken });
  });

  test('leaves the user’s other sessions alone', async () => {
    const quick = await startTestAuth(database, { CELLPHONE_CODE_RESEND_SECONDS: '0' });
    try {
      const cellphone = newCellphone();
      const phone = await login(quick.client, cellphone);
      const laptop = await login(quick.client, cellphone);
      await quick.client.logout({ refreshToken: phone.session!.refreshToken });
      assert.ok((await quick.client.refreshSession({ refreshToken: laptop.session!.refreshToken })).session);
    } finally {
      await quick.stop();
    }
  });

  test('an unknown or empty token, or another user’s, is EXC_SESSIONS_REFRESH_TOKEN_INVALID', async () => {
    await rejectsWith(auth.client.logout({ refreshToken: '' }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    await rejectsWith(auth.client.logout({ refreshToken: 'forged' }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    const mine = await login(auth.client, newCellphone());
    const theirs = await login(auth.client, newCellphone());
    await rejectsWith(auth.client.logout({ refreshToken: theirs.session!.refreshToken }, { userId: mine.user!.id }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    assert.ok((await auth.client.refreshSession({ refreshToken: theirs.session!.refreshToken })).session);
  });
});
