// The applicant's side of hiring: applying to a posting with one of the caller's resumes, the
// caller's application to one posting, and the applications made with one resume (a page, the
// counts by state, cancelling one that is not decided yet).
import type { z } from 'zod';
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { HiringAdapter } from '../client.ts';
import {
  applyQuery,
  myAppliesQuery,
  myAppliesResponse,
  myApplyOrNullResponse,
  myApplyResponse,
  mySummaryResponse,
  postingParams,
  resumeApplyParams,
  resumeParams,
} from '../schemas.ts';
import { OWN_RESUME, PAGINATION } from './errors.ts';

export const TAG = 'hiring';

export function applicantRoutes(hiring: HiringAdapter): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['post'],
      path: '/hiring/:id/applies',
      summary:
        'Apply to a published posting with one of your resumes, once per posting; the application keeps the resume as it is now. Never to a posting of an employer you own or are an agent of',
      tag: TAG,
      session: 'required',
      params: postingParams,
      query: applyQuery,
      responses: [{ status: 201, description: 'The application', body: myApplyResponse }],
      errors: [
        ...OWN_RESUME,
        'EXC_RECRUITMENTS_NOT_FOUND',
        'EXC_HIRING_RECRUITMENT_IS_NOT_OPEN',
        'EXC_HIRING_PUBLISHER_CANNOT_APPLY',
        'EXC_HIRING_APPLY_IS_DUPLICATE',
        // The posting's template (its first step is where an application starts) is gone.
        'EXC_HIRING_TEMPLATE_NOT_FOUND',
      ],
      async handle({ params, query, res, meta }) {
        // The route layer answers a returned body with 200; a created application is 201.
        const created: z.input<typeof myApplyResponse> = { apply: await hiring.apply(params.id, query.resumeId, meta) };
        res.status(201).json(created);
        return undefined;
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/hiring/:id/applies/mine',
      summary: 'Your application to this posting, if you applied (the posting page shows it instead of Apply)',
      tag: TAG,
      session: 'required',
      params: postingParams,
      responses: [{ status: 200, description: 'The application or null', body: myApplyOrNullResponse }],
      errors: [],
      handle: async ({ params, meta }) => ({ apply: await hiring.mine(params.id, meta) }),
    }),
    defineRoute({
      methods: ['get'],
      path: '/resumes/:id/recruitments/applies',
      summary: 'The applications made with one of your resumes, newest first, with their timelines',
      tag: TAG,
      session: 'required',
      params: resumeParams,
      query: myAppliesQuery,
      responses: [{ status: 200, description: 'One page', body: myAppliesResponse }],
      errors: [...OWN_RESUME, ...PAGINATION, 'EXC_HIRING_FILTER_IS_INVALID'],
      handle: ({ params, query, meta }) => hiring.myApplies(params.id, query, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/resumes/:id/recruitments/applies/summary',
      summary: 'How many applications of one of your resumes stand in each state',
      tag: TAG,
      session: 'required',
      params: resumeParams,
      responses: [{ status: 200, description: 'The counts', body: mySummaryResponse }],
      errors: OWN_RESUME,
      handle: ({ params, meta }) => hiring.mySummary(params.id, meta),
    }),
    defineRoute({
      methods: ['put'],
      path: '/resumes/:id/recruitments/applies/:applyId/cancel',
      summary: 'Withdraw an application; refused once it was accepted, rejected or cancelled',
      tag: TAG,
      session: 'required',
      params: resumeApplyParams,
      responses: [{ status: 200, description: 'The cancelled application', body: myApplyResponse }],
      errors: [...OWN_RESUME, 'EXC_HIRING_APPLY_NOT_FOUND', 'EXC_HIRING_APPLY_CANNOT_BE_CANCELLED'],
      handle: async ({ params, meta }) => ({ apply: await hiring.cancel(params.id, params.applyId, meta) }),
    }),
  ];
}
