// Who is calling: the verified access token's subject. Routes that need a caller ask for it;
// the others never look at tokens, so a stale cookie cannot break a public page.
import type { Request, Response } from 'express';
import { DomainError, isDomainError } from '@darmankar/platform/errors/domain-error';
import type { AccessTokenVerifier, VerifiedAccess } from './access-tokens.ts';
import type { SessionCookies } from './cookies.ts';
import type { RevokedSessions } from './revoked-sessions.ts';

/** What routes may do with sessions besides resolving the caller. */
export interface SessionControl {
  /** The presented access token's claims, or undefined when there is none or it is not valid. */
  presented(req: Request): Promise<VerifiedAccess | undefined>;
  /** Refuses the session's access tokens at every gateway from now until `untilMs`. */
  revoke(sessionId: string, untilMs: number): Promise<void>;
  /**
   * Refuses the session's access tokens at every gateway for the longest an access token
   * lives (ACCESS_TOKEN_TTL_SECONDS) from now: whichever of its tokens is still out there,
   * the newest included, has expired by then.
   */
  end(sessionId: string): Promise<void>;
}

export function createSessionResolver(verify: AccessTokenVerifier, revoked: RevokedSessions, cookies: SessionCookies) {
  /** The caller's user id; 401 with the reason when there is no valid session. */
  return async function userIdOf(req: Request, res: Response): Promise<string> {
    const presented = cookies.accessTokenOf(req);
    if (!presented) {
      // The `at` cookie lives as long as its token, so a browser stops sending it exactly when
      // it expires; a refresh token still present means "refresh and replay", not "log in".
      throw new DomainError(
        cookies.refreshTokenOf(req) ? 'EXC_SESSIONS_ACCESS_TOKEN_VALIDITY' : 'EXC_AUTHENTICATION_REQUIRED',
      );
    }
    try {
      const access = await verify(presented.token);
      // Logged out: the token is still signed and unexpired, but its session is over.
      if (access.sessionId !== undefined && revoked.isRevoked(access.sessionId))
        throw new DomainError('EXC_SESSIONS_ACCESS_TOKEN_INVALID');
      return access.userId;
    } catch (error) {
      // A forged cookie would fail on every request: drop it. An expired one stays for the refresh.
      if (presented.fromCookie && isDomainError(error) && error.codes.includes('EXC_SESSIONS_ACCESS_TOKEN_INVALID'))
        cookies.clearAccess(res);
      throw error;
    }
  };
}

export interface SessionControlOptions {
  cookies: SessionCookies;
  /** ACCESS_TOKEN_TTL_SECONDS in milliseconds. */
  accessTokenTtlMs: number;
  now?: () => number;
}

export function createSessionControl(
  verify: AccessTokenVerifier,
  revoked: RevokedSessions,
  options: SessionControlOptions,
): SessionControl {
  const { cookies, accessTokenTtlMs, now = Date.now } = options;
  return {
    async presented(req) {
      const presented = cookies.accessTokenOf(req);
      return presented ? verify(presented.token).catch(() => undefined) : undefined;
    },
    revoke: (sessionId, untilMs) => revoked.revoke(sessionId, untilMs),
    end: (sessionId) => revoked.revoke(sessionId, now() + accessTokenTtlMs),
  };
}

/**
 * Whether a browser sent this request from a page that is not ours, by what it says of the
 * request (an API client or curl sends neither header and is never refused):
 * - an `Origin` header decides on its own: ours (one of `ourOrigins`, or the origin the
 *   request was addressed to) or not. Browsers send it on every cross-origin fetch, so our
 *   web app calling a gateway on a sibling host (`Sec-Fetch-Site: same-site`) is accepted.
 * - without `Origin`, `Sec-Fetch-Site: cross-site` and `same-site` are refused: what remains
 *   is a navigation, an image or a form GET from another site or a sibling subdomain, which
 *   our pages never use for these routes. `same-origin` and `none` (typed by the user) pass.
 */
export function isCrossSiteRequest(req: Request, ourOrigins: readonly string[]): boolean {
  const origin = req.get('origin');
  if (origin !== undefined) return !(ourOrigins.includes(origin) || origin === `${req.protocol}://${req.host}`);
  const site = req.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}
