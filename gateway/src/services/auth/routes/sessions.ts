// sessions/refresh: a new access token for a valid refresh token, which rotates.
import { DomainError, isDomainError } from '@darmankar/platform/errors/domain-error';
import { wantsCookies } from '../../../http/cookies.ts';
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import { isCrossSiteRequest } from '../../../http/session.ts';
import type { ModuleContext } from '../../module.ts';
import { sessionIdOfRefreshToken, type AuthAdapter } from '../client.ts';
import { refreshedResponse } from '../schemas.ts';

export function sessionRoutes(auth: AuthAdapter, { cookies, sessions, settings }: ModuleContext): RouteDefinition[] {
  const ourOrigins = [new URL(settings.PUBLIC_WEB_URL).origin];
  return [
    defineRoute({
      methods: ['get'],
      path: '/sessions/refresh',
      summary: 'Rotate the refresh token (rt cookie or x-refresh-token header) and get a new access token',
      tag: 'sessions',
      session: 'none',
      responses: [
        {
          status: 204,
          description: 'Cookie mode (Accept-Cookie): new at, rt, cd cookies',
          headers: { 'Set-Cookie': 'at, rt, cd', 'Cache-Control': 'no-store' },
        },
        {
          status: 200,
          description: 'Token mode: the new session',
          body: refreshedResponse,
          headers: { 'Cache-Control': 'no-store' },
        },
      ],
      errors: [
        'EXC_AUTHENTICATION_REQUIRED',
        'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
        'EXC_SESSIONS_REFRESH_TOKEN_REUSED',
        'EXC_CROSS_SITE_REQUEST_REFUSED',
      ],
      async handle({ req, res, meta }) {
        // Tokens must not stay in any cache, whatever the answer.
        res.set('Cache-Control', 'no-store');
        // A GET with Lax cookies: another site's link or image would rotate the session.
        if (isCrossSiteRequest(req, ourOrigins)) throw new DomainError('EXC_CROSS_SITE_REQUEST_REFUSED');
        const refreshToken = cookies.refreshTokenOf(req);
        if (!refreshToken) throw new DomainError('EXC_AUTHENTICATION_REQUIRED');
        let session;
        try {
          session = await auth.refreshSession(refreshToken, meta);
        } catch (error) {
          // A copied token was presented again: auth ended its family, so refuse the family's
          // access tokens now too (the thief may hold one), not only when they expire.
          const sessionId = sessionIdOfRefreshToken(refreshToken);
          if (sessionId && isDomainError(error) && error.codes.includes('EXC_SESSIONS_REFRESH_TOKEN_REUSED'))
            await sessions.end(sessionId);
          // A dead refresh token stays dead: drop the cookies so the browser shows logged out.
          if (
            wantsCookies(req) &&
            isDomainError(error) &&
            error.codes.some((c) => c.startsWith('EXC_SESSIONS_REFRESH_TOKEN'))
          )
            cookies.close(req, res);
          throw error;
        }
        if (!wantsCookies(req)) return { session };
        cookies.open(req, res, session);
        return undefined;
      },
    }),
  ];
}
