// The applicant's side of recruitments, each call on the caller's own data: bookmarks (by the
// posting's slug), saved filters (the listing's query string with a name), and the postings of
// one of the caller's resumes (recommended or bookmarked) with their counts and what matching
// still misses.
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { RecruitmentAdapter } from '../client.ts';
import {
  bookmarkBody,
  cardsResponse,
  filterIdParams,
  filtersResponse,
  pageQuery,
  resumeCompletionResponse,
  resumeIdParams,
  resumePostingsQuery,
  resumeSummaryResponse,
  saveFilterBody,
  savedFilterSchema,
  slugParams,
} from '../posting-schemas.ts';
import { FILTER_FIELDS, PAGINATION } from './errors.ts';
import { TAG } from './postings.ts';

export function applicantRoutes(recruitment: RecruitmentAdapter): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['get'],
      path: '/recruitments/bookmarks',
      summary: 'Your bookmarked postings, newest bookmark first; closed and archived ones stay, with their status',
      tag: TAG,
      session: 'required',
      query: pageQuery,
      responses: [{ status: 200, description: 'One page of cards', body: cardsResponse }],
      errors: PAGINATION,
      handle: ({ query, meta }) => recruitment.bookmarks(query, meta),
    }),
    defineRoute({
      methods: ['post'],
      path: '/recruitments/bookmarks',
      summary: 'Bookmark an open posting by its slug; bookmarking it again changes nothing',
      tag: TAG,
      session: 'required',
      body: bookmarkBody,
      responses: [{ status: 204, description: 'Bookmarked' }],
      errors: ['EXC_RECRUITMENTS_NOT_FOUND'],
      handle: ({ body, meta }) => recruitment.addBookmark(body.slug, meta).then(() => undefined),
    }),
    defineRoute({
      methods: ['delete'],
      path: '/recruitments/bookmarks/:slug',
      summary: 'Remove a bookmark; removing one that is not there changes nothing',
      tag: TAG,
      session: 'required',
      params: slugParams,
      responses: [{ status: 204, description: 'Removed' }],
      errors: [],
      handle: ({ params, meta }) => recruitment.removeBookmark(params.slug, meta).then(() => undefined),
    }),
    defineRoute({
      methods: ['get'],
      path: '/recruitments/filters',
      summary: 'Your saved filters, newest first',
      tag: TAG,
      session: 'required',
      responses: [{ status: 200, description: 'The filters', body: filtersResponse }],
      errors: [],
      handle: async ({ meta }) => ({ items: await recruitment.filters(meta) }),
    }),
    defineRoute({
      methods: ['post'],
      path: '/recruitments/filters',
      summary:
        'Save the listing’s filters under a name; a posting published later that matches is announced to you once',
      tag: TAG,
      session: 'required',
      body: saveFilterBody,
      responses: [{ status: 200, description: 'The saved filter', body: savedFilterSchema }],
      errors: FILTER_FIELDS,
      handle: ({ body, meta }) => recruitment.saveFilter(body.name, body.params.replace(/^\?/, ''), meta),
    }),
    defineRoute({
      methods: ['delete'],
      path: '/recruitments/filters/:id',
      summary: 'Delete one of your saved filters',
      tag: TAG,
      session: 'required',
      params: filterIdParams,
      responses: [{ status: 204, description: 'Deleted' }],
      errors: ['EXC_RECRUITMENTS_FILTER_NOT_FOUND'],
      handle: ({ params, meta }) => recruitment.deleteFilter(params.id, meta).then(() => undefined),
    }),
    defineRoute({
      methods: ['get'],
      path: '/resumes/:id/recruitments',
      summary:
        'Postings for one of your resumes: recommended from its job titles, skills, city and specialty, or the ones you bookmarked',
      tag: TAG,
      session: 'required',
      params: resumeIdParams,
      query: resumePostingsQuery,
      responses: [{ status: 200, description: 'One page of cards', body: cardsResponse }],
      errors: ['EXC_RESUME_ID_IS_INVALID', 'EXC_RECRUITMENTS_RESUME_POSTING_KIND_IS_INVALID', ...PAGINATION],
      handle: ({ params, query, meta }) => recruitment.resumePostings(params.id, query, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/resumes/:id/recruitments/summary',
      summary: 'How many postings are recommended for your resume, and how many you bookmarked',
      tag: TAG,
      session: 'required',
      params: resumeIdParams,
      responses: [{ status: 200, description: 'The counts', body: resumeSummaryResponse }],
      errors: ['EXC_RESUME_ID_IS_INVALID'],
      handle: ({ params, meta }) => recruitment.resumeSummary(params.id, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/resumes/:id/recruitments/completion',
      summary: 'How complete your resume is for matching, and what matching still misses',
      tag: TAG,
      session: 'required',
      params: resumeIdParams,
      responses: [{ status: 200, description: 'Percent and what is missing', body: resumeCompletionResponse }],
      errors: ['EXC_RESUME_ID_IS_INVALID'],
      handle: ({ params, meta }) => recruitment.resumeCompletion(params.id, meta),
    }),
  ];
}
