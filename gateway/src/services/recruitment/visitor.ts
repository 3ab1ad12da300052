// Who reads a public posting without a session: the visitor cookie the public quota is counted
// by (beside the client address, which the call's metadata carries), and whether the request
// comes from a search-engine crawler, which the quota never counts.
//
// The cookie is a random UUID, not a signed one: it grants nothing, it only names whose views
// are counted. A visitor who drops or forges it gets at most a fresh count, exactly as clearing
// cookies does, and the per-address count still caps them; guessing another visitor's id (122
// random bits, httpOnly so no script reads it) would only spend that visitor's views. A
// signature would add a secret to rotate for no protection.
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { isbot } from 'isbot';
import { cookiesOf } from '../../http/cookies.ts';
import type { Visitor } from './client.ts';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The engines whose crawlers index job postings. isbot alone answers "automated" for any
 * client that says so — curl, python-requests, headless browsers — which are the scrapers the
 * quota exists for; the quota lets through only what isbot calls a bot AND names one of these.
 */
const SEARCH_ENGINES =
  /googlebot|google-inspectiontool|storebot-google|adsbot-google|bingbot|bingpreview|yandex(bot|images|mobilebot)|duckduckbot|applebot|baiduspider|slurp|petalbot|seznambot|qwantbot|naverbot|yeti\/|mojeekbot/i;

/** Whether the user agent is a known search-engine crawler. */
export function isSearchEngineCrawler(userAgent: string | undefined): boolean {
  return !!userAgent && isbot(userAgent) && SEARCH_ENGINES.test(userAgent);
}

/** `__Host-` prefixed when the session cookies are Secure (production), as they are. */
export const visitorCookieName = (secure: boolean) => (secure ? '__Host-vid' : 'vid');

/**
 * The request's visitor: the cookie's id, or a new one set on the answer (httpOnly, a year
 * long, the same Path, SameSite and Secure as the session cookies).
 */
export function visitorOf(req: Request, res: Response, secure: boolean): Visitor {
  const name = visitorCookieName(secure);
  const crawler = isSearchEngineCrawler(req.get('user-agent'));
  const present = cookiesOf(req)[name];
  if (present !== undefined && UUID.test(present)) return { visitorId: present, crawler };
  const visitorId = randomUUID();
  // A crawler keeps no cookies: setting one on each of its requests would only add a header.
  if (!crawler)
    res.cookie(name, visitorId, { path: '/', sameSite: 'lax', secure, httpOnly: true, maxAge: ONE_YEAR_MS });
  return { visitorId, crawler };
}
