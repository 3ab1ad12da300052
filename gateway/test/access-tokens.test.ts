// The gateway's access-token check: EdDSA only, our issuer and audience, and a key set that
// expires from its cache so a key the auth service removed stops being accepted.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { createAccessTokenVerifier } from '../src/http/access-tokens.ts';

const ISSUER = 'darmankar-auth';
const AUDIENCE = 'darmankar-api';

async function signingKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  return { kid, privateKey, jwk };
}

function token(
  key: Awaited<ReturnType<typeof signingKey>>,
  nowMs: number,
  claims: { aud?: string; iss?: string } = {},
) {
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({ sid: 'session-1' })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
    .setIssuer(claims.iss ?? ISSUER)
    .setAudience(claims.aud ?? AUDIENCE)
    .setSubject('user-1')
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key.privateKey);
}

async function rejectsWith(promise: Promise<unknown>, code: string) {
  await assert.rejects(promise, (error: unknown) => error instanceof DomainError && error.codes[0] === code);
}

describe('access tokens', () => {
  test('a token of ours verifies; another audience, another issuer or another algorithm does not', async () => {
    const key = await signingKey('k1');
    const clock = { now: Date.now() };
    const verify = createAccessTokenVerifier(
      async () => JSON.stringify({ keys: [key.jwk] }),
      () => clock.now,
    );

    const access = await verify(await token(key, clock.now));
    assert.equal(access.userId, 'user-1');
    assert.equal(access.sessionId, 'session-1');
    await rejectsWith(verify(await token(key, clock.now, { aud: 'another-api' })), 'EXC_SESSIONS_ACCESS_TOKEN_INVALID');
    await rejectsWith(
      verify(await token(key, clock.now, { iss: 'someone-else' })),
      'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
    );

    // Same header kid, HMAC-signed with the public key's bytes: the classic algorithm confusion.
    const hmac = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('user-1')
      .setExpirationTime(Math.floor(clock.now / 1000) + 3600)
      .sign(new TextEncoder().encode(key.jwk.x!));
    await rejectsWith(verify(hmac), 'EXC_SESSIONS_ACCESS_TOKEN_INVALID');
  });

  test('an expired token answers EXC_SESSIONS_ACCESS_TOKEN_VALIDITY, even when it was cached as valid', async () => {
    const key = await signingKey('k1');
    const clock = { now: Date.now() };
    const verify = createAccessTokenVerifier(
      async () => JSON.stringify({ keys: [key.jwk] }),
      () => clock.now,
    );
    const presented = await token(key, clock.now);
    await verify(presented);
    clock.now += 3600_000 + 1_000;
    await rejectsWith(verify(presented), 'EXC_SESSIONS_ACCESS_TOKEN_VALIDITY');
  });

  test('the key set expires from the cache: a key removed by the auth service stops verifying new tokens', async () => {
    const retired = await signingKey('retired');
    const current = await signingKey('current');
    const clock = { now: Date.now() };
    let published = [retired.jwk, current.jwk];
    let fetches = 0;
    const verify = createAccessTokenVerifier(
      async () => {
        fetches += 1;
        return JSON.stringify({ keys: published });
      },
      () => clock.now,
    );

    await verify(await token(retired, clock.now));
    assert.equal(fetches, 1);
    published = [current.jwk];

    // Within the cache's age the old set still serves, and nothing is fetched again.
    clock.now += 60_000;
    await verify(await token(retired, clock.now));
    assert.equal(fetches, 1);

    // Past it, the set is fetched again (in the background; the next check uses the new set).
    clock.now += 10 * 60_000;
    await verify(await token(current, clock.now));
    for (let i = 0; i < 50 && fetches < 2; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(fetches, 2);
    await rejectsWith(verify(await token(retired, clock.now)), 'EXC_SESSIONS_ACCESS_TOKEN_INVALID');
  });

  test('while the auth service cannot be reached, the cached key set keeps verifying', async () => {
    const key = await signingKey('k1');
    const clock = { now: Date.now() };
    let reachable = true;
    const verify = createAccessTokenVerifier(
      async () => {
        if (!reachable) throw new DomainError('EXC_SERVICE_UNAVAILABLE');
        return JSON.stringify({ keys: [key.jwk] });
      },
      () => clock.now,
    );
    await verify(await token(key, clock.now));
    reachable = false;
    clock.now += 60 * 60_000;
    const access = await verify(await token(key, clock.now));
    assert.equal(access.userId, 'user-1');
  });
});
