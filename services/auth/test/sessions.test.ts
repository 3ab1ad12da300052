import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import type { TestDatabase } from '@darmankar/platform/testing';
import type { Database } from '../src/db/client.ts';
import { deriveKey, randomToken, sha256, unseal } from '../src/domain/secrets.ts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, KEY_RELOAD_MS } from '../src/domain/signing-keys.ts';
import {
  createAuthTestDatabase,
  inspect,
  login,
  newCellphone,
  rejectsWith,
  startTestAuth,
  testClock,
  type TestAuth,
  type TestClock,
} from './helpers.ts';

const GRACE_SECONDS = 10;

let database: TestDatabase;
let db: Database;
let auth: TestAuth;
let clock: TestClock;

before(async () => {
  database = await createAuthTestDatabase();
  db = inspect(database);
  clock = testClock();
  auth = await startTestAuth(
    database,
    { REFRESH_TOKEN_REUSE_GRACE_SECONDS: String(GRACE_SECONDS), CELLPHONE_CODE_RESEND_SECONDS: '0' },
    { clock },
  );
});
after(async () => {
  await auth.stop();
  await db.$disconnect();
  await database.drop();
});

const sessionIdOf = (accessToken: string) => String(decodeJwt(accessToken).sid);

describe('refresh', () => {
  test('rotates: a new pair in the same family, stored only as a hash, the refresh token naming its session', async () => {
    const { user, session } = await login(auth.client, newCellphone());
    const { session: next } = await auth.client.refreshSession({ refreshToken: session!.refreshToken });
    assert.notEqual(next!.refreshToken, session!.refreshToken);
    assert.notEqual(next!.accessToken, session!.accessToken);
    const before = decodeJwt(session!.accessToken);
    const after = decodeJwt(next!.accessToken);
    assert.equal(after.sub, user!.id);
    assert.equal(after.sid, before.sid);
    assert.ok(next!.refreshToken.startsWith(`${after.sid}.`));
    const stored = await db.refreshToken.findMany({
      where: { sessionId: String(before.sid) },
      orderBy: { createdAt: 'asc' },
    });
    assert.equal(stored.length, 2);
    assert.ok(stored[0]!.rotatedAt);
    assert.equal(stored[0]!.successorId, stored[1]!.id);
    assert.equal(stored[1]!.rotatedAt, null);
    for (const row of stored) {
      for (const token of [session!.refreshToken, next!.refreshToken]) {
        assert.ok(
          row.tokenHash !== token && !(row.successorSealed ?? '').includes(token.split('.')[1]!),
          'no token is stored in clear',
        );
      }
    }
    // Only the token it was rotated from opens the stored successor.
    assert.equal(
      unseal(
        deriveKey(session!.refreshToken, 'darmankar refresh successor v1'),
        stored[0]!.successorSealed!,
        stored[0]!.id,
      ),
      next!.refreshToken,
    );
    assert.throws(() =>
      unseal(
        deriveKey(next!.refreshToken, 'darmankar refresh successor v1'),
        stored[0]!.successorSealed!,
        stored[0]!.id,
      ),
    );
    // The successor keeps rotating.
    const { session: third } = await auth.client.refreshSession({ refreshToken: next!.refreshToken });
    assert.ok(third!.refreshToken);
  });

  test('a replay inside the grace window gets the successor the first refresh produced, not a second branch', async () => {
    const { session } = await login(auth.client, newCellphone());
    const { session: first } = await auth.client.refreshSession({ refreshToken: session!.refreshToken });
    clock.advance(GRACE_SECONDS * 1000);
    const { session: replayed } = await auth.client.refreshSession({ refreshToken: session!.refreshToken });
    assert.equal(replayed!.refreshToken, first!.refreshToken);
    assert.equal(replayed!.refreshExpiresAtMs, first!.refreshExpiresAtMs);
    assert.equal(sessionIdOf(replayed!.accessToken), sessionIdOf(session!.accessToken));
    const live = await db.refreshToken.count({
      where: { sessionId: sessionIdOf(session!.accessToken), rotatedAt: null },
    });
    assert.equal(live, 1, 'one live token in the family');
    assert.ok((await auth.client.refreshSession({ refreshToken: first!.refreshToken })).session);
  });

  test('a replay inside the grace window after the successor rotated on gets the live end of the chain', async () => {
    const { session } = await login(auth.client, newCellphone());
    const { session: first } = await auth.client.refreshSession({ refreshToken: session!.refreshToken });
    clock.advance(1000);
    const { session: second } = await auth.client.refreshSession({ refreshToken: first!.refreshToken });
    clock.advance(1000);
    const { session: replayed } = await auth.client.refreshSession({ refreshToken: session!.refreshToken });
    assert.equal(replayed!.refreshToken, second!.refreshToken);
    assert.equal(
      await db.refreshToken.count({ where: { sessionId: sessionIdOf(session!.accessToken), rotatedAt: null } }),
      1,
    );
  });

  test('two (and four) parallel refreshes with one token leave one live successor, which all of them get', async () => {
    for (const parallel of [2, 4]) {
      const { session } = await login(auth.client, newCellphone());
      const results = await Promise.all(
        Array.from({ length: parallel }, () => auth.client.refreshSession({ refreshToken: session!.refreshToken })),
      );
      assert.equal(new Set(results.map((r) => r.session!.refreshToken)).size, 1, `${parallel} parallel refreshes`);
      const family = await db.refreshToken.findMany({ where: { sessionId: sessionIdOf(session!.accessToken) } });
      assert.equal(family.length, 2, 'the presented token and one successor');
      assert.equal(family.filter((row) => row.rotatedAt === null).length, 1);
      assert.ok((await auth.client.refreshSession({ refreshToken: results[0]!.session!.refreshToken })).session);
    }
  });

  test('a rotated token presented after the grace window revokes the whole family: EXC_SESSIONS_REFRESH_TOKEN_REUSED', async () => {
    const { session } = await login(auth.client, newCellphone());
    const { session: next } = await auth.client.refreshSession({ refreshToken: session!.refreshToken });
    clock.advance(GRACE_SECONDS * 1000 + 1);
    await rejectsWith(
      auth.client.refreshSession({ refreshToken: session!.refreshToken }),
      'EXC_SESSIONS_REFRESH_TOKEN_REUSED',
    );
    // The legitimate successor is dead too, and the stolen one stays dead.
    await rejectsWith(
      auth.client.refreshSession({ refreshToken: next!.refreshToken }),
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
    await rejectsWith(
      auth.client.refreshSession({ refreshToken: session!.refreshToken }),
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
    const family = await db.session.findUniqueOrThrow({ where: { id: sessionIdOf(session!.accessToken) } });
    assert.equal(family.revokedReason, 'reuse');
  });

  test('an unknown, forged or empty token is EXC_SESSIONS_REFRESH_TOKEN_INVALID, a foreign session prefix too', async () => {
    await rejectsWith(auth.client.refreshSession({ refreshToken: '' }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    await rejectsWith(
      auth.client.refreshSession({ refreshToken: 'forged-token' }),
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
    await rejectsWith(
      auth.client.refreshSession({ refreshToken: 'not-a-session.secret' }),
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
    const { session } = await login(auth.client, newCellphone());
    await rejectsWith(
      auth.client.refreshSession({ refreshToken: session!.accessToken }),
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
    const other = await login(auth.client, newCellphone());
    const secret = session!.refreshToken.split('.')[1];
    await rejectsWith(
      auth.client.refreshSession({ refreshToken: `${sessionIdOf(other.session!.accessToken)}.${secret}` }),
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
    await rejectsWith(
      auth.client.refreshSession({ refreshToken: `${sessionIdOf(session!.accessToken)}.${randomToken()}` }),
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
  });

  test('a token from before the session prefix is still found by its hash, and its successor carries the prefix', async () => {
    const { session } = await login(auth.client, newCellphone());
    const sessionId = sessionIdOf(session!.accessToken);
    const legacy = randomToken();
    await db.refreshToken.create({
      data: {
        sessionId,
        tokenHash: sha256(legacy),
        expiresAt: new Date(clock() + 3600_000),
        createdAt: new Date(clock()),
      },
    });
    const { session: next } = await auth.client.refreshSession({ refreshToken: legacy });
    assert.ok(next!.refreshToken.startsWith(`${sessionId}.`));
    const another = randomToken();
    await db.refreshToken.create({
      data: {
        sessionId,
        tokenHash: sha256(another),
        expiresAt: new Date(clock() + 3600_000),
        createdAt: new Date(clock()),
      },
    });
    await auth.client.logout({ refreshToken: another });
    await rejectsWith(
      auth.client.refreshSession({ refreshToken: next!.refreshToken }),
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
  });

  test('an expired refresh token is EXC_SESSIONS_REFRESH_TOKEN_INVALID', async () => {
    const { session } = await login(auth.client, newCellphone());
    clock.advance(Number(session!.refreshExpiresAtMs) - clock());
    await rejectsWith(
      auth.client.refreshSession({ refreshToken: session!.refreshToken }),
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
  });
});

describe('access tokens', () => {
  test('are EdDSA, for the audience darmankar-api, and expire after ACCESS_TOKEN_TTL_SECONDS', async () => {
    const { session } = await login(auth.client, newCellphone());
    const jwks = createLocalJWKSet(JSON.parse((await auth.client.getSigningKeys({})).jwksJson));
    const options = { issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE, algorithms: ['EdDSA'] };
    assert.equal(decodeProtectedHeader(session!.accessToken).alg, 'EdDSA');
    const { payload } = await jwtVerify(session!.accessToken, jwks, { ...options, currentDate: new Date(clock()) });
    assert.equal(payload.exp! - payload.iat!, 900);
    await assert.rejects(
      jwtVerify(session!.accessToken, jwks, { ...options, audience: 'someone-else', currentDate: new Date(clock()) }),
      { code: 'ERR_JWT_CLAIM_VALIDATION_FAILED' },
    );
    await jwtVerify(session!.accessToken, jwks, { ...options, currentDate: new Date(payload.exp! * 1000 - 1000) });
    await assert.rejects(
      jwtVerify(session!.accessToken, jwks, { ...options, currentDate: new Date(payload.exp! * 1000) }),
      { code: 'ERR_JWT_EXPIRED' },
    );
  });

  test('a tampered token does not verify', async () => {
    const { session } = await login(auth.client, newCellphone());
    const jwks = createLocalJWKSet(JSON.parse((await auth.client.getSigningKeys({})).jwksJson));
    const [header, payload, signature] = session!.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
    await assert.rejects(jwtVerify(forged, jwks, { currentDate: new Date(clock()) }), {
      code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    });
  });
});

describe('signing keys', () => {
  let keysDatabase: TestDatabase;
  let keysDb: Database;
  before(async () => {
    keysDatabase = await createAuthTestDatabase();
    keysDb = inspect(keysDatabase);
  });
  after(async () => {
    await keysDb.$disconnect();
    await keysDatabase.drop();
  });

  test('are kept encrypted, survive a restart (so sessions do too), and a wrong secret is refused at start', async () => {
    const first = await startTestAuth(keysDatabase);
    let session;
    try {
      ({ session } = await login(first.client, newCellphone()));
    } finally {
      await first.stop();
    }
    const [key] = await keysDb.signingKey.findMany();
    assert.ok(key!.privateJwkSealed);
    assert.ok(!key!.privateJwkSealed.includes('"d"'), 'the private key is not stored in clear');
    const opened = JSON.parse(
      unseal(
        deriveKey(first.config.SIGNING_KEY_ENCRYPTION_SECRET, 'darmankar signing key v1'),
        key!.privateJwkSealed,
        key!.id,
      ),
    );
    assert.equal(opened.x, (key!.publicJwk as { x: string }).x);
    assert.ok(opened.d);

    const restarted = await startTestAuth(keysDatabase);
    try {
      await jwtVerify(
        session!.accessToken,
        createLocalJWKSet(JSON.parse((await restarted.client.getSigningKeys({})).jwksJson)),
      );
      assert.ok((await restarted.client.refreshSession({ refreshToken: session!.refreshToken })).session);
    } finally {
      await restarted.stop();
    }
    assert.equal(await keysDb.signingKey.count(), 1);
    await assert.rejects(
      startTestAuth(keysDatabase, { SIGNING_KEY_ENCRYPTION_SECRET: 'another-signing-key-encryption-secret-0123' }),
      /SIGNING_KEY_ENCRYPTION_SECRET does not open/,
    );
  });

  test('rotate every SIGNING_KEY_ROTATION_DAYS; the previous key stays in the JWKS until its tokens expired, then is purged', async () => {
    const keysClock = testClock();
    const rotating = await startTestAuth(
      keysDatabase,
      { SIGNING_KEY_ROTATION_DAYS: '2', CELLPHONE_CODE_RESEND_SECONDS: '0' },
      { clock: keysClock },
    );
    try {
      const jwks = async () =>
        JSON.parse((await rotating.client.getSigningKeys({})).jwksJson) as { keys: Array<{ kid: string; d?: string }> };
      const verifyAt = async (token: string) =>
        jwtVerify(token, createLocalJWKSet(await jwks()), {
          audience: ACCESS_TOKEN_AUDIENCE,
          currentDate: new Date(keysClock()),
        });
      const { session: early } = await login(rotating.client, newCellphone());
      const oldKid = decodeProtectedHeader(early!.accessToken).kid!;

      keysClock.advance(2 * 24 * 3600_000 - 1000);
      const { session: beforeRotation } = await login(rotating.client, newCellphone());
      assert.equal(decodeProtectedHeader(beforeRotation!.accessToken).kid, oldKid, 'not due yet');

      keysClock.advance(1000);
      const { session: rotated } = await login(rotating.client, newCellphone());
      const newKid = decodeProtectedHeader(rotated!.accessToken).kid!;
      assert.notEqual(newKid, oldKid);
      assert.deepEqual((await jwks()).keys.map((k) => k.kid).sort(), [oldKid, newKid].sort());
      assert.ok((await jwks()).keys.every((k) => k.d === undefined));
      await verifyAt(beforeRotation!.accessToken);
      await verifyAt(rotated!.accessToken);

      // The old key's last tokens live 900 s; a replica may have signed with it for KEY_RELOAD_MS more.
      keysClock.advance(900_000 + KEY_RELOAD_MS - 1);
      assert.equal((await rotating.service.purge()).signingKeys, 0);
      assert.ok((await jwks()).keys.some((k) => k.kid === oldKid));
      keysClock.advance(1);
      assert.deepEqual(
        (await jwks()).keys.map((k) => k.kid),
        [newKid],
      );
      assert.equal((await rotating.service.purge()).signingKeys, 1);
      assert.deepEqual(
        (await keysDb.signingKey.findMany()).map((k) => k.id),
        [newKid],
      );
    } finally {
      await rotating.stop();
    }
  });
});

describe('logout', () => {
  test('revokes the family: neither the current nor an earlier token refreshes any more', async () => {
    const { user, session } = await login(auth.client, newCellphone());
    const { session: next } = await auth.client.refreshSession({ refreshToken: session!.refreshToken });
    await auth.client.logout({ refreshToken: next!.refreshToken }, { userId: user!.id });
    await rejectsWith(
      auth.client.refreshSession({ refreshToken: next!.refreshToken }),
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
    await rejectsWith(
      auth.client.refreshSession({ refreshToken: session!.refreshToken }),
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
    // Logging out twice is harmless.
    await auth.client.logout({ refreshToken: next!.refreshToken });
  });

  test('leaves the user’s other sessions alone', async () => {
    const cellphone = newCellphone();
    const phone = await login(auth.client, cellphone);
    const laptop = await login(auth.client, cellphone);
    await auth.client.logout({ refreshToken: phone.session!.refreshToken });
    assert.ok((await auth.client.refreshSession({ refreshToken: laptop.session!.refreshToken })).session);
  });

  test('an unknown or empty token, or another user’s, is EXC_SESSIONS_REFRESH_TOKEN_INVALID', async () => {
    await rejectsWith(auth.client.logout({ refreshToken: '' }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    await rejectsWith(auth.client.logout({ refreshToken: 'forged' }), 'EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    const mine = await login(auth.client, newCellphone());
    const theirs = await login(auth.client, newCellphone());
    await rejectsWith(
      auth.client.logout({ refreshToken: theirs.session!.refreshToken }, { userId: mine.user!.id }),
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
    // A real session id with a made-up secret ends nothing.
    await rejectsWith(
      auth.client.logout({ refreshToken: `${sessionIdOf(theirs.session!.accessToken)}.${randomToken()}` }),
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
    assert.ok((await auth.client.refreshSession({ refreshToken: theirs.session!.refreshToken })).session);
  });
});
