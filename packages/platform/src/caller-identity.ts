// Services trust a caller's identity only when the gateway vouches for it: the gateway signs a
// short-lived caller assertion (a JWT, Ed25519) for the calls that act for a user, and the
// platform's gRPC server verifies it before a handler sees `context.userId`. A process that
// can merely reach a service's port can no longer claim a user by sending `x-user-id`.
//
// The assertion names the user (sub) and the one service it is for (aud: the proto type name,
// e.g. `darmankar.auth.v1.AuthService`), and lives a minute. Both sides keep what they did
// with it for most of that minute (docs/adr/016-caller-assertion-caching.md): the gateway
// signs once per user and service and reuses the assertion until its last 20 seconds, and a
// service verifies a given assertion once and remembers the user it names until it expires.
// It is therefore not bound to one request: a captured assertion opens one service for one
// user for at most a minute, which the one-request binding did not narrow (a replayer sends
// the request id it captured along with it).
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Clock } from './clock.ts';

export const METADATA_CALLER_ASSERTION = 'x-caller-assertion';

const ALGORITHM = 'EdDSA';
const ISSUER = 'darmankar-gateway';
const DEFAULT_LIFETIME_SECONDS = 60;
/** Tolerated clock skew between the gateway's and a service's hosts. */
const CLOCK_TOLERANCE_SECONDS = 5;
/**
 * A signed assertion is reused until this much of its life is left, so one sent at the last
 * moment still outlives the call's deadline (5 s by default) and the hosts' clock skew.
 */
const REFRESH_BEFORE_EXPIRY_SECONDS = 20;
/** Users with a call in the last minute, per gateway; an evicted one is just signed or verified again. */
const CACHE_SIZE = 10_000;

// The committed development pair: the default outside production, refused in production (the
// private half is public in this repository, so it proves nothing there).
export const DEVELOPMENT_CALLER_ASSERTION_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEINQWh1rt5r3PXSJLDD+8Z8P9FN4ilTFsTOmIPvlkcDaX
-----END PRIVATE KEY-----
`;
export const DEVELOPMENT_CALLER_ASSERTION_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAA+RDomzbwFnVuKAcenmBVjvcFEYa8yhy9UwcpAwSrlQ=
-----END PUBLIC KEY-----
`;

export interface CallerClaims {
  userId: string;
  /** The target service's proto type name. */
  audience: string;
}

export interface CallerSigner {
  sign(claims: CallerClaims): Promise<string>;
}

export interface CallerVerifier {
  /** The vouched-for user id; throws CallerAssertionError when the assertion does not hold. */
  verify(assertion: string, expected: { audience: string }): Promise<string>;
}

export class CallerAssertionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallerAssertionError';
  }
}

/** PEM from the environment; `\n` escapes are accepted because one-line variables are easier to pass. */
function pem(value: string): string {
  return value.includes('\\n') ? value.replaceAll('\\n', '\n') : value;
}

function ed25519(key: KeyObject, what: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`${what} must be an Ed25519 key, got ${key.asymmetricKeyType}`);
  return key;
}

function callerPrivateKey(value: string): KeyObject {
  return ed25519(createPrivateKey(pem(value)), 'CALLER_ASSERTION_PRIVATE_KEY');
}

function callerPublicKey(value: string): KeyObject {
  return ed25519(createPublicKey(pem(value)), 'CALLER_ASSERTION_PUBLIC_KEY');
}

export function createCallerSigner(options: {
  privateKey: string | KeyObject;
  lifetimeSeconds?: number;
  clock?: Clock;
}): CallerSigner {
  const key = typeof options.privateKey === 'string' ? callerPrivateKey(options.privateKey) : options.privateKey;
  const lifetime = options.lifetimeSeconds ?? DEFAULT_LIFETIME_SECONDS;
  // A lifetime shorter than the refresh margin would never be reused; such an assertion is
  // reused for half its life instead.
  const reuseFor =
    lifetime > REFRESH_BEFORE_EXPIRY_SECONDS * 1.5 ? lifetime - REFRESH_BEFORE_EXPIRY_SECONDS : lifetime / 2;
  const clock = options.clock ?? Date.now;
  // The promise is kept, so concurrent calls for one user share one signature.
  const signed = new LRUCache<string, { assertion: Promise<string>; reuseUntilMs: number }>({ max: CACHE_SIZE });

  function signNow(userId: string, audience: string, nowMs: number): Promise<string> {
    const now = Math.floor(nowMs / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM })
      .setIssuer(ISSUER)
      .setSubject(userId)
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetime)
      .sign(key);
  }

  return {
    sign({ userId, audience }) {
      const cacheKey = `${audience}\n${userId}`;
      const nowMs = clock();
      const known = signed.get(cacheKey);
      if (known && known.reuseUntilMs > nowMs) return known.assertion;
      const assertion = signNow(userId, audience, nowMs);
      // iat is rounded down to the second, so reuse is measured from there too.
      signed.set(cacheKey, { assertion, reuseUntilMs: (Math.floor(nowMs / 1000) + reuseFor) * 1000 });
      assertion.catch(() => signed.delete(cacheKey));
      return assertion;
    },
  };
}

export function createCallerVerifier(options: { publicKey: string | KeyObject; clock?: Clock }): CallerVerifier {
  const key = typeof options.publicKey === 'string' ? callerPublicKey(options.publicKey) : options.publicKey;
  const clock = options.clock ?? Date.now;
  // Only assertions that verified are kept (a forged one is checked in full every time), each
  // until its expiry as the full check would judge it.
  const verified = new LRUCache<string, { userId: string; audience: string; acceptedUntilMs: number }>({
    max: CACHE_SIZE,
  });
  return {
    async verify(assertion, expected) {
      const known = verified.get(assertion);
      if (known && known.audience === expected.audience && known.acceptedUntilMs > clock()) return known.userId;
      let payload;
      try {
        ({ payload } = await jwtVerify(assertion, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: expected.audience,
          requiredClaims: ['sub', 'exp', 'iat'],
          currentDate: new Date(clock()),
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        }));
      } catch (error) {
        throw new CallerAssertionError(`caller assertion rejected: ${(error as Error).message}`);
      }
      if (typeof payload.sub !== 'string' || payload.sub === '')
        throw new CallerAssertionError('caller assertion names no user');
      // jwtVerify accepted exp up to the tolerance ago; the cache ends at the same instant.
      verified.set(assertion, {
        userId: payload.sub,
        audience: expected.audience,
        acceptedUntilMs: (payload.exp! + CLOCK_TOLERANCE_SECONDS) * 1000,
      });
      return payload.sub;
    },
  };
}

// Configuration. Both keys default to the committed development pair outside production and
// must be set (to anything else) in production, like auth's CODE_HASH_SECRET.

function keyVariable(parse: (value: string) => KeyObject, fallback: string) {
  return z
    .string()
    .min(1)
    .default(fallback)
    .superRefine((value, ctx) => {
      try {
        parse(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `not a usable Ed25519 PEM key (${(error as Error).message})` });
      }
    });
}

function refuseDevelopmentKeyInProduction(name: string, developmentKey: string) {
  return (env: { NODE_ENV: string } & Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (
      env.NODE_ENV === 'production' &&
      typeof env[name] === 'string' &&
      pem(env[name]).trim() === developmentKey.trim()
    ) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'required in production (the development key is public)' });
    }
  };
}

/** The key every service verifies caller assertions with. */
export const callerVerifierConfigShape = {
  CALLER_ASSERTION_PUBLIC_KEY: keyVariable(callerPublicKey, DEVELOPMENT_CALLER_ASSERTION_PUBLIC_KEY),
};
export const refuseDevelopmentPublicKeyInProduction = refuseDevelopmentKeyInProduction(
  'CALLER_ASSERTION_PUBLIC_KEY',
  DEVELOPMENT_CALLER_ASSERTION_PUBLIC_KEY,
);

/** The key the gateway signs caller assertions with. */
export const callerSignerConfigShape = {
  CALLER_ASSERTION_PRIVATE_KEY: keyVariable(callerPrivateKey, DEVELOPMENT_CALLER_ASSERTION_PRIVATE_KEY),
};
export const refuseDevelopmentPrivateKeyInProduction = refuseDevelopmentKeyInProduction(
  'CALLER_ASSERTION_PRIVATE_KEY',
  DEVELOPMENT_CALLER_ASSERTION_PRIVATE_KEY,
);
