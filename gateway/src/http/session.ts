// Who is calling: the verified access token's subject. Routes that need a caller ask for it;
// the others never look at tokens, so a stale cookie cannot break a public page.
import type { Request, Response } from 'express';
import { DomainError, isDomainError } from '@darmankar/platform/errors/domain-error';
import type { AccessTokenVerifier } from './access-tokens.ts';
import { accessTokenOf, type SessionCookies } from './cookies.ts';

export function createSessionResolver(verify: AccessTokenVerifier, cookies: SessionCookies) {
  /** The caller's user id; 401 with the reason when there is no valid session. */
  return async function userIdOf(req: Request, res: Response): Promise<string> {
    const presented = accessTokenOf(req);
    if (!presented) throw new DomainError('EXC_AUTHENTICATION_REQUIRED');
    try {
      return (await verify(presented.token)).userId;
    } catch (error) {
      // A forged cookie would fail on every request: drop it. An expired one stays for the refresh.
      if (presented.fromCookie && isDomainError(error) && error.codes.includes('EXC_SESSIONS_ACCESS_TOKEN_INVALID')) cookies.clearAccess(res);
      throw error;
    }
  };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;
