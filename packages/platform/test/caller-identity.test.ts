// Caller assertions are signed once per user and service and verified once per assertion;
// neither cache may let an assertion live longer, or reach further, than a full check would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { createCallerSigner, createCallerVerifier, CallerAssertionError } from '../src/caller-identity.ts';
import { testClock } from '../src/testing.ts';

const AUTH = 'darmankar.auth.v1.AuthService';
const FILES = 'darmankar.files.v1.FilesService';
const START_MS = Date.UTC(2026, 10, 23, 12, 0, 0);

function pair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicKey };
}

test('the gateway signs once per user and service and reuses the assertion until its last 20 seconds', async () => {
  const clock = testClock(START_MS);
  const signer = createCallerSigner({ privateKey: pair().privateKey, clock });
  const first = await signer.sign({ userId: 'u-1', audience: AUTH });
  assert.equal(await signer.sign({ userId: 'u-1', audience: AUTH }), first);
  assert.notEqual(await signer.sign({ userId: 'u-2', audience: AUTH }), first, 'another user gets their own');
  assert.notEqual(await signer.sign({ userId: 'u-1', audience: FILES }), first, 'another service gets its own');

  clock.advance(39_999);
  assert.equal(await signer.sign({ userId: 'u-1', audience: AUTH }), first, 'reused with more than 20 s left');
  clock.advance(1);
  const second = await signer.sign({ userId: 'u-1', audience: AUTH });
  assert.notEqual(second, first, 'signed again with 20 s left');
  const payload = JSON.parse(Buffer.from(second.split('.')[1]!, 'base64url').toString());
  assert.equal(payload.exp - payload.iat, 60);
  assert.equal(payload.sub, 'u-1');
  assert.equal(payload.aud, AUTH);
});

test('concurrent calls for one user share one signature', async () => {
  const signer = createCallerSigner({ privateKey: pair().privateKey, clock: testClock(START_MS) });
  const assertions = await Promise.all(Array.from({ length: 5 }, () => signer.sign({ userId: 'u-1', audience: AUTH })));
  assert.equal(new Set(assertions).size, 1);
});

test('a verified assertion is accepted from memory until it expires, then refused', async () => {
  const keys = pair();
  const clock = testClock(START_MS);
  const signer = createCallerSigner({ privateKey: keys.privateKey, clock });
  const verifier = createCallerVerifier({ publicKey: keys.publicKey, clock });
  const assertion = await signer.sign({ userId: 'u-1', audience: AUTH });
  assert.equal(await verifier.verify(assertion, { audience: AUTH }), 'u-1');
  assert.equal(await verifier.verify(assertion, { audience: AUTH }), 'u-1');
  await assert.rejects(
    verifier.verify(assertion, { audience: FILES }),
    CallerAssertionError,
    'a remembered assertion still opens only its own service',
  );

  // exp is 60 s after iat; 5 s of clock skew are tolerated, by the cache as by the full check.
  clock.advance(64_999);
  assert.equal(await verifier.verify(assertion, { audience: AUTH }), 'u-1');
  clock.advance(1);
  await assert.rejects(verifier.verify(assertion, { audience: AUTH }), CallerAssertionError);

  const fresh = createCallerVerifier({ publicKey: keys.publicKey, clock });
  await assert.rejects(fresh.verify(assertion, { audience: AUTH }), CallerAssertionError, 'the full check agrees');
});

test('an assertion from another key or altered in transit is refused every time', async () => {
  const clock = testClock(START_MS);
  const verifier = createCallerVerifier({ publicKey: pair().publicKey, clock });
  const stranger = await createCallerSigner({ privateKey: pair().privateKey, clock }).sign({
    userId: 'u-1',
    audience: AUTH,
  });
  await assert.rejects(verifier.verify(stranger, { audience: AUTH }), CallerAssertionError);
  await assert.rejects(verifier.verify(stranger, { audience: AUTH }), CallerAssertionError);

  const keys = pair();
  const ours = createCallerVerifier({ publicKey: keys.publicKey, clock });
  const [header, , signature] = (
    await createCallerSigner({ privateKey: keys.privateKey, clock }).sign({ userId: 'u-1', audience: AUTH })
  ).split('.');
  const claimsAnother = Buffer.from(
    JSON.stringify({
      iss: 'darmankar-gateway',
      sub: 'admin',
      aud: AUTH,
      iat: START_MS / 1000,
      exp: START_MS / 1000 + 60,
    }),
  ).toString('base64url');
  await assert.rejects(
    ours.verify(`${header}.${claimsAnother}.${signature}`, { audience: AUTH }),
    CallerAssertionError,
  );
});
