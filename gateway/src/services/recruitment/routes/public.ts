// recruitments/* anyone may read: the search listing (and its limited form for visitors), a
// posting by slug with or without its page's metadata, a slug's id, and the busiest categories.
// Only open (published) postings are served to the public; a hidden salary never leaves the
// service to them. A visitor without a session opens a limited number of postings a day,
// counted by the visitor cookie and the client address; search-engine crawlers are not counted.
// Every read spends a point of the per-address public-read budget first: search is public and
// the cheapest call to abuse, and a crawler's user agent is easily claimed.
import type { Response } from 'express';
import type { ModuleContext } from '../../module.ts';
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { RecruitmentAdapter } from '../client.ts';
import {
  bySlugResponse,
  bySlugWithSeoResponse,
  cardsResponse,
  categoryCountsBody,
  categoryCountsResponse,
  idResponse,
  limitedSearchResponse,
  searchQuery,
  slugParams,
} from '../posting-schemas.ts';
import { createSearchAnswers, searchAnswerTtlMs } from '../search-answers.ts';
import { visitorCookieName, visitorOf } from '../visitor.ts';
import { callerOf, STALE_SESSION } from './caller.ts';
import { SEARCH_FILTERS } from './errors.ts';
import { TAG } from './postings.ts';

/** The per-address budget of the public reads (declared in ../index.ts). */
export const PUBLIC_READ_BUDGET = 'recruitments:ip';

// Answers that depend on who asks (bookmarks, the quota, a member's view) are never shared.
const PRIVATE = 'private, no-cache';

export function publicRoutes(
  recruitment: RecruitmentAdapter,
  { limits, cookies, settings }: ModuleContext,
): RouteDefinition[] {
  // Secure session cookies are `__Host-` prefixed; the visitor cookie follows them.
  const secure = cookies.names.access.startsWith('__Host-');
  const cookieName = visitorCookieName(secure);
  const answers = createSearchAnswers(searchAnswerTtlMs(settings.NODE_ENV));
  const spend = (res: Response, address: string | undefined) =>
    limits.consume(res, [[PUBLIC_READ_BUDGET, address ?? 'unknown']]);
  const visitorCookie = {
    'Set-Cookie': `${cookieName}: the visitor id (httpOnly, a year), set when the request carries none`,
    'Cache-Control': PRIVATE,
  };

  return [
    defineRoute({
      methods: ['get'],
      path: '/recruitments',
      summary:
        'Search open postings: words (Persian normalised, typo-tolerant) and filters, newest, best paid or most relevant first; `bookmarked` for a logged-in caller',
      tag: TAG,
      session: 'optional',
      query: searchQuery,
      responses: [
        {
          status: 200,
          description: 'One page of cards',
          body: cardsResponse,
          headers: { 'Cache-Control': PRIVATE },
        },
      ],
      errors: [...SEARCH_FILTERS, ...STALE_SESSION],
      async handle({ query, userId, req, res, meta }) {
        await spend(res, meta.clientAddress);
        meta.userId = await callerOf(userId);
        res.set('Cache-Control', PRIVATE);
        const search = () => recruitment.search(query, meta);
        return meta.userId ? search() : answers.get(query, search);
      },
    }),
    // Before /recruitments/:id, so these words are never taken for an id.
    defineRoute({
      methods: ['get'],
      path: '/recruitments/limited',
      summary: "The same search for visitors without a session, with the visitor's daily quota of postings to open",
      tag: TAG,
      session: 'none',
      query: searchQuery,
      responses: [
        {
          status: 200,
          description: 'One page of cards and the quota',
          body: limitedSearchResponse,
          headers: visitorCookie,
        },
      ],
      errors: SEARCH_FILTERS,
      async handle({ query, req, res, meta }) {
        await spend(res, meta.clientAddress);
        const visitor = visitorOf(req, res, secure);
        res.set('Cache-Control', PRIVATE);
        const [page, quota] = await Promise.all([
          answers.get(query, () => recruitment.search(query, meta)),
          recruitment.publicQuota(visitor.visitorId, meta),
        ]);
        return { ...page, quota };
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/recruitments/by-slug/:slug',
      summary:
        "An open posting by slug (a member of its employer reads any status); a visitor without a session spends one view of the day's quota, a search-engine crawler none",
      tag: TAG,
      session: 'optional',
      params: slugParams,
      responses: [
        {
          status: 200,
          description: 'The posting; a hidden salary is null for anyone but the employer’s members',
          body: bySlugResponse,
          headers: visitorCookie,
        },
      ],
      errors: ['EXC_RECRUITMENTS_NOT_FOUND', 'EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED', ...STALE_SESSION],
      async handle({ params, userId, req, res, meta }) {
        await spend(res, meta.clientAddress);
        meta.userId = await callerOf(userId);
        res.set('Cache-Control', PRIVATE);
        return recruitment.bySlug(params.slug, readerOf(meta.userId, req, res), meta);
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/recruitments/by-slug-with-seo/:slug',
      summary:
        'The same with its page’s metadata (PageMeta: JobPosting and BreadcrumbList JSON-LD; robots noindex unless published), for the detail page’s server render',
      tag: TAG,
      session: 'optional',
      params: slugParams,
      responses: [
        {
          status: 200,
          description: 'The posting and its metadata',
          body: bySlugWithSeoResponse,
          headers: visitorCookie,
        },
      ],
      errors: ['EXC_RECRUITMENTS_NOT_FOUND', 'EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED', ...STALE_SESSION],
      async handle({ params, userId, req, res, meta }) {
        await spend(res, meta.clientAddress);
        meta.userId = await callerOf(userId);
        res.set('Cache-Control', PRIVATE);
        return recruitment.bySlugWithSeo(params.slug, readerOf(meta.userId, req, res), meta);
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/recruitments/get-id-by-slug/:slug',
      summary: 'The id of the open posting with this slug (spends no view)',
      tag: TAG,
      session: 'none',
      params: slugParams,
      responses: [{ status: 200, description: 'Its id', body: idResponse }],
      errors: ['EXC_RECRUITMENTS_NOT_FOUND'],
      async handle({ params, res, meta }) {
        await spend(res, meta.clientAddress);
        return { id: await recruitment.idBySlug(params.slug, meta) };
      },
    }),
    defineRoute({
      methods: ['post'],
      path: '/recruitments/categories/most-recruitments',
      summary: 'Open postings counted per job category, most first (the home page’s busiest categories)',
      tag: TAG,
      session: 'none',
      body: categoryCountsBody,
      responses: [{ status: 200, description: 'The counts', body: categoryCountsResponse }],
      errors: ['EXC_RECRUITMENTS_SEARCH_JOB_CATEGORY_IS_INVALID', 'EXC_RECRUITMENTS_SEARCH_CATEGORY_LIMIT_IS_INVALID'],
      async handle({ body, res, meta }) {
        await spend(res, meta.clientAddress);
        return { items: await recruitment.countByCategory(body.categories ?? [], body.limit ?? 0, meta) };
      },
    }),
  ];

  /** A logged-in caller has no quota: no visitor id, no cookie. */
  function readerOf(caller: string | undefined, req: Parameters<typeof visitorOf>[0], res: Response) {
    return caller ? { visitorId: '', crawler: false } : visitorOf(req, res, secure);
  }
}
