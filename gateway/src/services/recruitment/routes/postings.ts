// recruitments/* on the employer's side: create, read for editing, update (and publish),
// archive, feature; and an employer's postings with their counts. The recruitment service
// checks the caller's access at the posting's employer (RecruitmentCreate to create,
// RecruitmentEdit for the rest) and the employer's plan.
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { RecruitmentAdapter } from '../client.ts';
import {
  cardsResponse,
  createPostingBody,
  employerIdParams,
  employerPostingsQuery,
  employerSummaryResponse,
  postingIdParams,
  postingSchema,
  updatePostingBody,
} from '../posting-schemas.ts';
import { callerOf, STALE_SESSION } from './caller.ts';
import { EMPLOYER_ACCESS, PAGINATION, POSTING_ACCESS, POSTING_ENDED, POSTING_FIELDS } from './errors.ts';

export const TAG = 'recruitments';

export function postingRoutes(recruitment: RecruitmentAdapter): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['post'],
      path: '/recruitments',
      summary:
        'A new posting for an employer: a draft, or published at once (RecruitmentCreate and a completed employer profile)',
      tag: TAG,
      session: 'required',
      body: createPostingBody,
      responses: [{ status: 200, description: 'The posting as stored', body: postingSchema }],
      errors: [
        ...EMPLOYER_ACCESS,
        'EXC_EMPLOYER_PROFILE_IS_NOT_COMPLETED_YET',
        'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT',
        ...POSTING_FIELDS,
      ],
      handle: ({ body: { employerId, publish, ...fields }, meta }) =>
        recruitment.createPosting(employerId, fields, publish, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/recruitments/:id',
      summary:
        "One posting: in any status for its employer's members (the edit and clone forms), a published one to anyone signed in as the public reads it",
      tag: TAG,
      session: 'required',
      params: postingIdParams,
      responses: [
        {
          status: 200,
          description: 'The posting; a hidden salary is null for anyone but the employer’s members',
          body: postingSchema,
        },
      ],
      errors: POSTING_ACCESS,
      handle: ({ params, meta }) => recruitment.posting(params.id, meta),
    }),
    defineRoute({
      methods: ['put'],
      path: '/recruitments/:id',
      summary:
        'Replace the fields of a posting (RecruitmentEdit); `publish` publishes a draft. A published posting never returns to draft; archived and closed ones cannot change',
      tag: TAG,
      session: 'required',
      params: postingIdParams,
      body: updatePostingBody,
      responses: [{ status: 200, description: 'The posting as stored', body: postingSchema }],
      errors: [
        ...POSTING_ACCESS,
        ...POSTING_ENDED,
        'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT',
        ...POSTING_FIELDS,
      ],
      handle: ({ params, body: { publish, ...fields }, meta }) =>
        recruitment.updatePosting(params.id, fields, publish, meta),
    }),
    defineRoute({
      methods: ['put'],
      path: '/recruitments/:id/archive',
      summary:
        'Archive a posting (RecruitmentEdit): it leaves search and its public page; archiving again changes nothing',
      tag: TAG,
      session: 'required',
      params: postingIdParams,
      responses: [{ status: 200, description: 'The archived posting', body: postingSchema }],
      errors: POSTING_ACCESS,
      handle: ({ params, meta }) => recruitment.archivePosting(params.id, meta),
    }),
    defineRoute({
      methods: ['put'],
      path: '/recruitments/:id/feature',
      summary:
        "Feature a published posting for the plan's featuring days, taking one `featured` resource (RecruitmentEdit); featuring a featured posting takes nothing",
      tag: TAG,
      session: 'required',
      params: postingIdParams,
      responses: [{ status: 200, description: 'The featured posting', body: postingSchema }],
      errors: [
        ...POSTING_ACCESS,
        ...POSTING_ENDED,
        'EXC_RECRUITMENTS_IS_NOT_PUBLISHED',
        'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT',
      ],
      handle: ({ params, meta }) => recruitment.featurePosting(params.id, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/employers/:id/recruitments',
      summary:
        "An employer's postings, newest first: every status for its members (filter by status and title words), only open ones for anyone else (the public profile's open positions)",
      tag: TAG,
      session: 'optional',
      params: employerIdParams,
      query: employerPostingsQuery,
      responses: [{ status: 200, description: 'One page', body: cardsResponse }],
      errors: [...EMPLOYER_ACCESS, ...PAGINATION, 'EXC_RECRUITMENTS_SEARCH_TEXT_IS_TOO_LONG', ...STALE_SESSION],
      async handle({ params, query, userId, meta }) {
        meta.userId = await callerOf(userId);
        return recruitment.employerPostings(params.id, query, meta);
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/employers/:id/recruitments/summary',
      summary: "An employer's postings counted by status (its members), or its open ones (anyone else)",
      tag: TAG,
      session: 'optional',
      params: employerIdParams,
      responses: [{ status: 200, description: 'The counts', body: employerSummaryResponse }],
      errors: [...EMPLOYER_ACCESS, ...STALE_SESSION],
      async handle({ params, userId, meta }) {
        meta.userId = await callerOf(userId);
        return recruitment.employerSummary(params.id, meta);
      },
    }),
  ];
}
