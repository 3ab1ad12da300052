// The session as cookies (docs/conventions.md "Sessions"): `at` and `rt` httpOnly,
// `cd` client data readable by the web app's scripts, `cdv` its version; named
// `__Host-at` … when Secure (@darmankar/platform/session-cookies).
// A request opts in with the `Accept-Cookie` header; API clients get tokens in the body.
import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';
import { sessionCookieNames } from '@darmankar/platform/session-cookies';

/** A session as the cookies carry it: the tokens and when each stops being valid. */
export interface SessionTokens {
  accessToken: string;
  accessExpiresAtMs: number;
  refreshToken: string;
  refreshExpiresAtMs: number;
}

const CLIENT_DATA_DEFAULTS = { isLoggedIn: false };
const CLIENT_DATA_VERSION = 'No-Version';
const ONE_YEAR_MS = 31_536_000_000;

/** Cookie max-age in whole seconds, rounded up so a token's last second is not cut off. */
function untilMs(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expiresAtMs - nowMs) / 1000) * 1000);
}

// Parsed on first read and remembered per request, instead of a cookie-parser middleware on
// every /api request: most requests (ping, public routes, Bearer API clients) never look at
// cookies, and adding properties to every request object showed up in the gateway's profile.
const parsedCookies = new WeakMap<Request, Record<string, string | undefined>>();

/** The request's cookies by name. */
export function cookiesOf(req: Request): Record<string, string | undefined> {
  let cookies = parsedCookies.get(req);
  if (!cookies) {
    const header = req.headers.cookie;
    cookies = header ? parse(header) : {};
    parsedCookies.set(req, cookies);
  }
  return cookies;
}

export function wantsCookies(req: Request): boolean {
  return req.get('accept-cookie') !== undefined;
}

export function encodeClientData(data: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(data), 'utf8').toString('base64');
}

function readClientData(raw: string | undefined): Record<string, unknown> {
  if (typeof raw !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * `secure`: the cookies are Secure and `__Host-` prefixed (which also needs Path=/ and no
 * Domain, as every cookie here has). Only the names of this mode are read: a bare `rt`
 * next to `__Host-rt` could have been planted by a sibling subdomain.
 */
export function createSessionCookies({ secure, now = Date.now }: { secure: boolean; now?: () => number }) {
  const names = sessionCookieNames(secure);
  const base: CookieOptions = { path: '/', sameSite: 'lax', secure };
  const tokenCookie: CookieOptions = { ...base, httpOnly: true };
  // base64 is a valid cookie value as it is; percent-encoding it would hide it from scripts.
  const scriptCookie: CookieOptions = { ...base, httpOnly: false, encode: String };

  function writeClientData(req: Request, res: Response, isLoggedIn: boolean): void {
    const data = { ...CLIENT_DATA_DEFAULTS, ...readClientData(cookiesOf(req)[names.clientData]), isLoggedIn };
    res.cookie(names.clientData, encodeClientData(data), { ...scriptCookie, maxAge: ONE_YEAR_MS });
    if (!cookiesOf(req)[names.clientDataVersion])
      res.cookie(names.clientDataVersion, CLIENT_DATA_VERSION, { ...scriptCookie, maxAge: ONE_YEAR_MS });
  }

  return {
    names,
    /** The access token from `Authorization: Bearer`, else the access cookie. */
    accessTokenOf(req: Request): { token: string; fromCookie: boolean } | undefined {
      const bearer = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
      if (bearer) return { token: bearer, fromCookie: false };
      const cookie = cookiesOf(req)[names.access];
      return typeof cookie === 'string' && cookie !== '' ? { token: cookie, fromCookie: true } : undefined;
    },
    /** The refresh token from the refresh cookie, else the `x-refresh-token` header. */
    refreshTokenOf(req: Request): string | undefined {
      const cookie = cookiesOf(req)[names.refresh];
      if (typeof cookie === 'string' && cookie !== '') return cookie;
      return req.get('x-refresh-token') || undefined;
    },
    /** Sets `at`, `rt`, `cd` (logged in) and `cdv`, each cookie living as long as its token. */
    open(req: Request, res: Response, session: SessionTokens): void {
      res.cookie(names.access, session.accessToken, {
        ...tokenCookie,
        maxAge: untilMs(session.accessExpiresAtMs, now()),
      });
      res.cookie(names.refresh, session.refreshToken, {
        ...tokenCookie,
        maxAge: untilMs(session.refreshExpiresAtMs, now()),
      });
      writeClientData(req, res, true);
    },
    /** Clears `at` and `rt` and marks the client data logged out. */
    close(req: Request, res: Response): void {
      res.clearCookie(names.access, tokenCookie);
      res.clearCookie(names.refresh, tokenCookie);
      writeClientData(req, res, false);
    },
    clearAccess(res: Response): void {
      res.clearCookie(names.access, tokenCookie);
    },
  };
}

export type SessionCookies = ReturnType<typeof createSessionCookies>;
