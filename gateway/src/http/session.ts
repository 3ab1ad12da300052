// Who is calling: the verified access token's subject. Routes that need a caller ask for it;
// the others never look at tokens, so a stale cookie cannot break a public page.
import type { Request, Response } from 'express';
import { DomainError, isDomainError } from '@darmankar/platform/errors/domain-error';
import type { AccessTokenVerifier, VerifiedAccess } from './access-tokens.ts';
import { accessTokenOf, refreshTokenOf, type SessionCookies } from './cookies.ts';
import type { RevokedSessions } from './revoked-sessions.ts';

/** What routes may do with sessions besides resolving the caller. */
export interface SessionControl {
  /** The presented access token's claims, or undefined when there is none or it is not valid. */
  presented(req: Request): Promise<VerifiedAccess | undefined>;
  /** Refuses the session's access tokens at every gateway from now until `untilMs`. */
  revoke(sessionId: string, untilMs: number): Promise<void>;
}

export function createSessionResolver(verify: AccessTokenVerifier, revoked: RevokedSessions, cookies: SessionCookies) {
  /** The caller's user id; 401 with the reason when there is no valid session. */
  return async function userIdOf(req: Request, res: Response): Promise<string> {
    const presented = accessTokenOf(req);
    if (!presented) {
      // The `at` cookie lives as long as its token, so a browser stops sending it exactly when
      // it expires; a refresh token still present means "refresh and replay", not "log in".
      throw new DomainError(refreshTokenOf(req) ? 'EXC_SESSIONS_ACCESS_TOKEN_VALIDITY' : 'EXC_AUTHENTICATION_REQUIRED');
    }
    try {
      const access = await verify(presented.token);
      // Logged out: the token is still signed and unexpired, but its session is over.
      if (access.sessionId !== undefined && revoked.isRevoked(access.sessionId)) throw new DomainError('EXC_SESSIONS_ACCESS_TOKEN_INVALID');
      return access.userId;
    } catch (error) {
      // A forged cookie would fail on every request: drop it. An expired one stays for the refresh.
      if (presented.fromCookie && isDomainError(error) && error.codes.includes('EXC_SESSIONS_ACCESS_TOKEN_INVALID')) cookies.clearAccess(res);
      throw error;
    }
  };
}

export function createSessionControl(verify: AccessTokenVerifier, revoked: RevokedSessions): SessionControl {
  return {
    async presented(req) {
      const presented = accessTokenOf(req);
      return presented ? verify(presented.token).catch(() => undefined) : undefined;
    },
    revoke: (sessionId, untilMs) => revoked.revoke(sessionId, untilMs),
  };
}
