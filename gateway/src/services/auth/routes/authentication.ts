// authentication/*: one-time codes by cellphone, logout, the caller's cellphone and email,
// email verification. Each handler validates, calls the auth service, shapes the answer.
import { isDomainError } from '@darmankar/platform/errors/domain-error';
import { browserErrorPage, prefersHtml } from '../../../http/browser-links.ts';
import { wantsCookies } from '../../../http/cookies.ts';
import { defineRoute, SESSION_ERRORS, type RouteDefinition } from '../../../http/route.ts';
import type { ModuleContext } from '../../module.ts';
import { sessionIdOfRefreshToken, type AuthAdapter } from '../client.ts';
import {
  cellphoneParams,
  cellphoneResponse,
  codeBody,
  codeSentResponse,
  emailParams,
  emailResponse,
  emailSendQuery,
  emailSentResponse,
  emailVerifiedResponse,
  emailVerifyQuery,
  verifiedResponse,
  verifyQuery,
} from '../schemas.ts';

/** Why the auth service may refuse to send a one-time code besides a cooldown (see its budgets). */
const SEND_BUDGET_ERRORS = [
  'EXC_AUTHENTICATION_MESSAGE_NOT_SENT',
  'EXC_AUTHENTICATION_CELLPHONE_IS_LOCKED',
  'EXC_AUTHENTICATION_CODE_DAILY_LIMIT',
  'EXC_AUTHENTICATION_SMS_PAUSED',
] as const;

/** The rate-limit budgets of one-time codes (declared in ../index.ts), sends apart from verifies. */
export const CODE_BUDGETS = {
  send: { ip: 'code-send:ip', cellphone: 'code-send:cellphone' },
  verify: { ip: 'code-verify:ip', cellphone: 'code-verify:cellphone' },
} as const;

function isSessionEnded(error: unknown): boolean {
  return (
    isDomainError(error) &&
    error.codes.some(
      (code) => code === 'EXC_SESSIONS_REFRESH_TOKEN_INVALID' || code === 'EXC_SESSIONS_REFRESH_TOKEN_REUSED',
    )
  );
}

export function authenticationRoutes(
  auth: AuthAdapter,
  { cookies, limits, settings, sessions }: ModuleContext,
): RouteDefinition[] {
  const webUrl = (path: string) => new URL(path, settings.PUBLIC_WEB_URL).toString();

  return [
    defineRoute({
      methods: ['post'],
      path: '/authentication/cellphone/:cellphone',
      summary: 'Send a one-time login code to a cellphone',
      tag: 'authentication',
      session: 'none',
      params: cellphoneParams,
      responses: [{ status: 200, description: 'Code sent', body: codeSentResponse }],
      errors: [
        'EXC_AUTHENTICATION_CELLPHONE_IS_INVALID',
        'EXC_AUTHENTICATION_CODE_ALREADY_SENT',
        ...SEND_BUDGET_ERRORS,
        'EXC_TOO_MANY_REQUESTS',
      ],
      async handle({ params, req, res, meta }) {
        await limits.consume(res, [
          [CODE_BUDGETS.send.ip, req.ip],
          [CODE_BUDGETS.send.cellphone, params.cellphone],
        ]);
        return auth.sendCellphoneCode(params.cellphone, 'login', meta);
      },
    }),
    defineRoute({
      methods: ['put'],
      path: '/authentication/cellphone/:cellphone',
      summary: 'Send a one-time code to a new cellphone of the logged-in user',
      tag: 'authentication',
      session: 'required',
      params: cellphoneParams,
      responses: [{ status: 200, description: 'Code sent', body: codeSentResponse }],
      errors: [
        'EXC_AUTHENTICATION_CELLPHONE_IS_INVALID',
        'EXC_AUTHENTICATION_CELLPHONE_IS_TAKEN',
        'EXC_AUTHENTICATION_CELLPHONE_IS_SAME',
        'EXC_AUTHENTICATION_CODE_ALREADY_SENT',
        ...SEND_BUDGET_ERRORS,
        'EXC_TOO_MANY_REQUESTS',
      ],
      async handle({ params, req, res, meta }) {
        await limits.consume(res, [
          [CODE_BUDGETS.send.ip, req.ip],
          [CODE_BUDGETS.send.cellphone, params.cellphone],
        ]);
        return auth.sendCellphoneCode(params.cellphone, 'changeCellphone', meta);
      },
    }),
    defineRoute({
      methods: ['post', 'put'],
      path: '/authentication/cellphone/:cellphone/verify',
      summary: 'Verify a one-time code: log in (next=Login) or change the cellphone (next=ChangeCellphone)',
      tag: 'authentication',
      session: 'optional',
      params: cellphoneParams,
      query: verifyQuery,
      body: codeBody,
      responses: [
        {
          status: 200,
          description:
            'Verified. For Login the session opens: as cookies at, rt, cd, cdv with Accept-Cookie, else as `session` in the body.',
          body: verifiedResponse,
          headers: {
            'Set-Cookie': 'at, rt (httpOnly), cd, cdv — only with Accept-Cookie',
            'Cache-Control': 'no-store',
          },
        },
      ],
      errors: [
        'EXC_AUTHENTICATION_CELLPHONE_IS_INVALID',
        'EXC_AUTHENTICATION_NEXT_IS_INVALID',
        'EXC_AUTHENTICATION_CODE_IS_REQUIRED',
        'EXC_AUTHENTICATION_CODE_IS_INVALID',
        'EXC_AUTHENTICATION_CODE_IS_EXPIRED',
        'EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED',
        'EXC_AUTHENTICATION_CELLPHONE_IS_LOCKED',
        'EXC_AUTHENTICATION_CELLPHONE_IS_TAKEN',
        'EXC_AUTHENTICATION_CELLPHONE_IS_SAME',
        'EXC_TOO_MANY_REQUESTS',
        ...SESSION_ERRORS,
      ],
      async handle({ params, query, body, req, res, meta, userId }) {
        // The answer may carry a session: never kept by a cache.
        res.set('Cache-Control', 'no-store');
        const purpose = query.next === 'Login' ? 'login' : 'changeCellphone';
        let currentSessionId: string | undefined;
        if (purpose === 'changeCellphone') {
          await userId();
          // The caller's own session stays open; the change ends the user's others.
          currentSessionId = (await sessions.presented(req))?.sessionId;
        }
        await limits.consume(res, [
          [CODE_BUDGETS.verify.ip, req.ip],
          [CODE_BUDGETS.verify.cellphone, params.cellphone],
        ]);
        const userAgent = req.get('user-agent') ?? '';
        const { user, session, endedSessions } = await auth.verifyCellphoneCode(
          { cellphone: params.cellphone, code: body.code, purpose, userAgent, currentSessionId },
          meta,
        );
        await Promise.all(endedSessions.ids.map((id) => sessions.revoke(id, endedSessions.accessTokensValidUntilMs)));
        if (!session) return { user };
        if (!wantsCookies(req)) return { user, session };
        cookies.open(req, res, session);
        return { user };
      },
    }),
    defineRoute({
      methods: ['delete'],
      path: '/authentication/logout',
      summary: 'Log out: revoke the refresh token, end the access token at once and clear the session cookies',
      tag: 'authentication',
      session: 'optional',
      responses: [
        {
          status: 204,
          description: 'Logged out',
          headers: { 'Set-Cookie': 'at and rt cleared, cd logged out', 'Cache-Control': 'no-store' },
        },
      ],
      errors: [],
      async handle({ req, res, meta }) {
        res.set('Cache-Control', 'no-store');
        const refreshToken = cookies.refreshTokenOf(req);
        // An access token that is no longer valid (expired, forged) has nothing left to end.
        const access = await sessions.presented(req);
        if (access) {
          // The auth service then refuses a refresh token that belongs to someone else.
          meta.userId = access.userId;
          // Before the auth call, so the token is refused even if the service is down; for the
          // whole access-token lifetime, not until the presented token's expiry: an older token
          // may be presented while a newer one of the same session lives on.
          if (access.sessionId) await sessions.end(access.sessionId);
        }
        try {
          if (refreshToken) {
            await auth.logout(refreshToken, meta);
            // Accepted, so the token's session prefix is true: refuse every access token of it,
            // whichever token (or none) came with the request.
            const sessionId = sessionIdOfRefreshToken(refreshToken);
            if (sessionId && sessionId !== access?.sessionId) await sessions.end(sessionId);
          }
        } catch (error) {
          // Already revoked or unknown: the session is over either way.
          if (!isSessionEnded(error)) throw error;
        }
        cookies.close(req, res);
        return undefined;
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/authentication/cellphone',
      summary: 'The logged-in user’s cellphone',
      tag: 'authentication',
      session: 'required',
      responses: [{ status: 200, description: 'The cellphone', body: cellphoneResponse }],
      errors: [],
      async handle({ meta }) {
        return auth.getCellphone(meta);
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/authentication/email',
      summary: 'The logged-in user’s email and whether it is verified',
      tag: 'authentication',
      session: 'required',
      responses: [{ status: 200, description: 'The email', body: emailResponse }],
      errors: [],
      async handle({ meta }) {
        return auth.getEmail(meta);
      },
    }),
    defineRoute({
      methods: ['post'],
      path: '/authentication/email/:email',
      summary: 'Send a verification link to an email address for the logged-in user',
      tag: 'authentication',
      session: 'required',
      params: emailParams,
      query: emailSendQuery,
      responses: [{ status: 200, description: 'Link sent', body: emailSentResponse }],
      errors: [
        'EXC_AUTHENTICATION_EMAIL_IS_INVALID',
        'EXC_AUTHENTICATION_MESSAGE_NOT_SENT',
        'EXC_AUTHENTICATION_EMAIL_LIMIT_REACHED',
      ],
      async handle({ params, query, meta }) {
        return auth.sendEmailVerification(params.email, query.slug ?? '', meta);
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/authentication/email/:email/verify',
      summary:
        'Verify an email with the code of its link. A browser navigation is redirected (303) to the web app instead.',
      tag: 'authentication',
      session: 'none',
      params: emailParams,
      query: emailVerifyQuery,
      responses: [
        { status: 200, description: 'Verified (JSON clients)', body: emailVerifiedResponse },
        {
          status: 303,
          description:
            'Browser navigation: to /?emailVerified=1 (or /applicants/settings?emailVerified=1 with a slug), on failure to /something-went-wrong?code=<EXC>',
          headers: { Location: 'The web app page' },
        },
      ],
      errors: ['EXC_AUTHENTICATION_EMAIL_IS_INVALID', 'EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID'],
      async handle({ params, query, req, res, meta }) {
        const verified = await auth.verifyEmail(
          { email: params.email, code: query.code, slug: query.slug ?? '' },
          meta,
        );
        if (!prefersHtml(req)) return verified;
        res.redirect(303, webUrl(verified.slug ? '/applicants/settings?emailVerified=1' : '/?emailVerified=1'));
        return undefined;
      },
      onError: browserErrorPage(webUrl),
    }),
  ];
}
