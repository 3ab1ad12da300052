// Access tokens are verified here, in the gateway, with the auth service's public keys:
// no gRPC round trip per request. The key set is cached and fetched again when a token
// names a key id it does not hold (the auth service rotated its keys).
//
// A verified token is remembered until it expires, in a bounded LRU keyed by the token:
// the same browser presents the same token on every request for 15 minutes, and an EdDSA
// verify (async WebCrypto in jose) was the largest share of the gateway's own CPU on a
// logged-in call. Only tokens that passed verification are cached, so a forged token is
// still checked in full each time; revocation (logout) is checked on every request by the
// session resolver, outside this cache.
import { LRUCache } from 'lru-cache';
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import { DomainError } from '@darmankar/platform/errors/domain-error';

export interface VerifiedAccess {
  userId: string;
  sessionId: string | undefined;
  /** When the token stops being valid (its `exp`), ms since the epoch. */
  expiresAtMs: number;
}

/** Enough for every active browser of one gateway; an evicted token is just verified again. */
const VERIFIED_CACHE_SIZE = 10_000;

// A forged token with a made-up key id must not make every request refetch the keys.
const MIN_REFETCH_INTERVAL_MS = 5_000;
/** The auth service signs with Ed25519 only; any other algorithm in a token's header is refused. */
const ALGORITHMS = ['EdDSA'];
/** Who signs access tokens (the auth service); a token from anyone else is refused. */
const ISSUER = 'darmankar-auth';
/** Whom they are for: this API. A token the auth service signed for another audience is refused. */
const AUDIENCE = 'darmankar-api';
/**
 * The key set is fetched again after this long even when every token still matches it, so a
 * key the auth service retired (or that leaked and was removed) stops being accepted.
 */
const KEY_SET_MAX_AGE_MS = 10 * 60_000;

/** `now`: milliseconds since the epoch, injectable so cache and key-set ages are tested without waiting. */
export function createAccessTokenVerifier(fetchJwks: () => Promise<string>, now: () => number = Date.now) {
  let keys: ReturnType<typeof createLocalJWKSet> | undefined;
  let fetchedAt = 0;
  let attemptedAt = 0;
  let inFlight: Promise<void> | undefined;
  const verified = new LRUCache<string, VerifiedAccess>({ max: VERIFIED_CACHE_SIZE });

  function refresh(): Promise<void> {
    attemptedAt = now();
    inFlight ??= fetchJwks()
      .then((json) => {
        keys = createLocalJWKSet(JSON.parse(json) as JSONWebKeySet);
        fetchedAt = now();
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  async function verifyWithCurrentKeys(token: string): Promise<VerifiedAccess> {
    if (!keys) await refresh();
    // A stale set is replaced in the background; it keeps serving meanwhile, and while the
    // auth service is unreachable, so an auth outage does not log everyone out.
    else if (now() - fetchedAt > KEY_SET_MAX_AGE_MS && now() - attemptedAt > MIN_REFETCH_INTERVAL_MS)
      void refresh().catch(() => {});
    const { payload } = await jwtVerify(token, keys!, {
      algorithms: ALGORITHMS,
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(now()),
    });
    if (typeof payload.sub !== 'string' || payload.sub === '')
      throw new errors.JWTClaimValidationFailed('sub is missing', payload, 'sub', 'missing');
    // Every access token the auth service signs expires; one without `exp` is not ours.
    if (typeof payload.exp !== 'number')
      throw new errors.JWTClaimValidationFailed('exp is missing', payload, 'exp', 'missing');
    const access = {
      userId: payload.sub,
      sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
      expiresAtMs: payload.exp * 1000,
    };
    verified.set(token, access, { ttl: Math.max(1, access.expiresAtMs - now()) });
    return access;
  }

  return async function verify(token: string): Promise<VerifiedAccess> {
    const known = verified.get(token);
    // The TTL already drops an entry at `exp`; the comparison keeps that exact to the millisecond.
    if (known && known.expiresAtMs > now()) return known;
    try {
      try {
        return await verifyWithCurrentKeys(token);
      } catch (error) {
        if (!(error instanceof errors.JWKSNoMatchingKey) || now() - fetchedAt < MIN_REFETCH_INTERVAL_MS) throw error;
        await refresh();
        return await verifyWithCurrentKeys(token);
      }
    } catch (error) {
      if (error instanceof DomainError) throw error; // the auth service could not be reached for keys
      if (error instanceof errors.JWTExpired) throw new DomainError('EXC_SESSIONS_ACCESS_TOKEN_VALIDITY');
      if (error instanceof errors.JOSEError) throw new DomainError('EXC_SESSIONS_ACCESS_TOKEN_INVALID');
      throw error;
    }
  };
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;
