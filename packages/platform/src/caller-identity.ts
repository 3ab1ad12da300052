// Services trust a caller's identity only when the gateway vouches for it: the gateway signs a
// short-lived caller assertion (a JWT, Ed25519) for each call that acts for a user, and the
// platform's gRPC server verifies it before a handler sees `context.userId`. A process that
// can merely reach a service's port can no longer claim a user by sending `x-user-id`.
//
// The assertion names the user (sub), the one service it is for (aud: the proto type name,
// e.g. `darmankar.auth.v1.AuthService`) and the request it belongs to (rid), and lives about
// a minute, so a captured assertion is worth little: it opens one service, for one request id,
// briefly.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

export const METADATA_CALLER_ASSERTION = 'x-caller-assertion';

/** Milliseconds since the epoch; injectable so expiry is tested without waiting. */
export type Clock = () => number;

const ALGORITHM = 'EdDSA';
const ISSUER = 'darmankar-gateway';
const DEFAULT_LIFETIME_SECONDS = 60;
/** Tolerated clock skew between the gateway's and a service's hosts. */
const CLOCK_TOLERANCE_SECONDS = 5;

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
  requestId: string;
}

export interface CallerSigner {
  sign(claims: CallerClaims): Promise<string>;
}

export interface CallerVerifier {
  /** The vouched-for user id; throws CallerAssertionError when the assertion does not hold. */
  verify(assertion: string, expected: { audience: string; requestId: string }): Promise<string>;
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
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${what} must be an Ed25519 key, got ${key.asymmetricKeyType}`);
  return key;
}

export function callerPrivateKey(value: string): KeyObject {
  return ed25519(createPrivateKey(pem(value)), 'CALLER_ASSERTION_PRIVATE_KEY');
}

export function callerPublicKey(value: string): KeyObject {
  return ed25519(createPublicKey(pem(value)), 'CALLER_ASSERTION_PUBLIC_KEY');
}

export function createCallerSigner(options: { privateKey: string | KeyObject; lifetimeSeconds?: number; clock?: Clock }): CallerSigner {
  const key = typeof options.privateKey === 'string' ? callerPrivateKey(options.privateKey) : options.privateKey;
  const lifetime = options.lifetimeSeconds ?? DEFAULT_LIFETIME_SECONDS;
  const clock = options.clock ?? Date.now;
  return {
    sign({ userId, audience, requestId }) {
      const now = Math.floor(clock() / 1000);
      return new SignJWT({ rid: requestId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setIssuer(ISSUER)
        .setSubject(userId)
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(now + lifetime)
        .sign(key);
    },
  };
}

export function createCallerVerifier(options: { publicKey: string | KeyObject; clock?: Clock }): CallerVerifier {
  const key = typeof options.publicKey === 'string' ? callerPublicKey(options.publicKey) : options.publicKey;
  const clock = options.clock ?? Date.now;
  return {
    async verify(assertion, expected) {
      let payload;
      try {
        ({ payload } = await jwtVerify(assertion, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: expected.audience,
          requiredClaims: ['sub', 'exp', 'iat', 'rid'],
          currentDate: new Date(clock()),
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        }));
      } catch (error) {
        throw new CallerAssertionError(`caller assertion rejected: ${(error as Error).message}`);
      }
      if (payload.rid !== expected.requestId) throw new CallerAssertionError('caller assertion belongs to another request');
      if (typeof payload.sub !== 'string' || payload.sub === '') throw new CallerAssertionError('caller assertion names no user');
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
    if (env.NODE_ENV === 'production' && typeof env[name] === 'string' && pem(env[name]).trim() === developmentKey.trim()) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'required in production (the development key is public)' });
    }
  };
}

/** The key every service verifies caller assertions with. */
export const callerVerifierConfigShape = {
  CALLER_ASSERTION_PUBLIC_KEY: keyVariable(callerPublicKey, DEVELOPMENT_CALLER_ASSERTION_PUBLIC_KEY),
};
export const refuseDevelopmentPublicKeyInProduction = refuseDevelopmentKeyInProduction('CALLER_ASSERTION_PUBLIC_KEY', DEVELOPMENT_CALLER_ASSERTION_PUBLIC_KEY);

/** The key the gateway signs caller assertions with. */
export const callerSignerConfigShape = {
  CALLER_ASSERTION_PRIVATE_KEY: keyVariable(callerPrivateKey, DEVELOPMENT_CALLER_ASSERTION_PRIVATE_KEY),
};
export const refuseDevelopmentPrivateKeyInProduction = refuseDevelopmentKeyInProduction('CALLER_ASSERTION_PRIVATE_KEY', DEVELOPMENT_CALLER_ASSERTION_PRIVATE_KEY);
