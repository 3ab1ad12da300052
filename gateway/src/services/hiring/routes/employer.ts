// The employer's side of hiring, per posting: its flow (the template's steps with counts), the
// applications on one step, one application with the resume as applied, read and unread, its
// neighbours within the step, moves and rejections (one with an expected version, or in bulk),
// the custom resume's signed link, and analytics. The hiring service checks the caller's
// ApplyManage at the posting's employer on every call.
import { DomainError, isDomainError } from '@darmankar/platform/errors/domain-error';
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { HiringAdapter } from '../client.ts';
import {
  analyticsQuery,
  analyticsResponse,
  applyCardPageResponse,
  applyCardResponse,
  applyCardsResponse,
  applyDetailResponse,
  applyParams,
  bulkMoveBody,
  bulkRejectBody,
  fileLinkResponse,
  flowResponse,
  listQuery,
  moveBody,
  moveQuery,
  neighboursQuery,
  neighboursResponse,
  postingParams,
  readBody,
  rejectBody,
  stepQuery,
} from '../schemas.ts';
import { TAG } from './applicant.ts';
import { APPLY_ACCESS, BULK, FILTERS, MOVE, PAGINATION, POSTING_ACCESS, REJECTION } from './errors.ts';

/**
 * A route naming one application in its path moves or rejects it as a bulk call of one. The
 * service refuses a bulk call whose applications are not all this posting's standing ones as a
 * whole (EXC_HIRING_APPLY_IDS_ARE_INVALID); for the one in the path that is the application not
 * found, as on every other route that names it.
 */
async function oneApplication<T>(call: () => Promise<T[]>): Promise<T> {
  try {
    const [only] = await call();
    return only!;
  } catch (error) {
    if (isDomainError(error) && error.codes.includes('EXC_HIRING_APPLY_IDS_ARE_INVALID'))
      throw new DomainError('EXC_HIRING_APPLY_NOT_FOUND');
    throw error;
  }
}

export function employerRoutes(hiring: HiringAdapter): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['get'],
      path: '/hiring/:id/flow',
      summary: "The posting's hiring template: its steps in order, each with its applications and unread ones",
      tag: TAG,
      session: 'required',
      params: postingParams,
      responses: [{ status: 200, description: 'The flow', body: flowResponse }],
      errors: [...POSTING_ACCESS, 'EXC_HIRING_TEMPLATE_NOT_FOUND'],
      handle: ({ params, meta }) => hiring.flow(params.id, meta),
    }),
    defineRoute({
      methods: ['put'],
      path: '/hiring/:id/applies/update-flow',
      summary: "Move applications of the posting onto a step of its template (the board's bulk move)",
      tag: TAG,
      session: 'required',
      params: postingParams,
      query: moveQuery,
      body: bulkMoveBody,
      responses: [{ status: 200, description: 'The moved applications', body: applyCardsResponse }],
      errors: [...POSTING_ACCESS, ...BULK, ...MOVE],
      handle: async ({ params, query, body, meta }) => ({
        items: await hiring.move(params.id, body.applyIds, query.stepId, undefined, meta),
      }),
    }),
    defineRoute({
      methods: ['post'],
      path: '/hiring/:id/applies/rejection',
      summary:
        "Reject applications of the posting with a reason and a description: they move onto the template's rejected step",
      tag: TAG,
      session: 'required',
      params: postingParams,
      body: bulkRejectBody,
      responses: [{ status: 200, description: 'The rejected applications', body: applyCardsResponse }],
      errors: [...POSTING_ACCESS, ...BULK, ...REJECTION],
      handle: async ({ params, body, meta }) => ({
        items: await hiring.reject(params.id, body.applyIds, body, meta),
      }),
    }),
    defineRoute({
      methods: ['get'],
      path: '/hiring/:id/applies',
      summary: 'The applications standing on one step of the posting, filtered (read, words, applied days) and paged',
      tag: TAG,
      session: 'required',
      params: postingParams,
      query: listQuery,
      responses: [{ status: 200, description: 'One page of cards', body: applyCardPageResponse }],
      errors: [...POSTING_ACCESS, ...FILTERS, ...PAGINATION],
      handle: ({ params, query, meta }) => hiring.list(params.id, query, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/hiring/:id/applies/:applyId',
      summary:
        'One application with the resume as it was applied, its timeline and who viewed it; opening it marks it read and records you as a viewer',
      tag: TAG,
      session: 'required',
      params: applyParams,
      query: stepQuery,
      responses: [{ status: 200, description: 'The application', body: applyDetailResponse }],
      errors: [...APPLY_ACCESS, 'EXC_HIRING_STEP_IS_INVALID'],
      handle: ({ params, query, meta }) => hiring.open(params.id, params.applyId, query.stepId, meta),
    }),
    defineRoute({
      methods: ['put'],
      path: '/hiring/:id/applies/:applyId/read',
      summary: 'Mark an application read, or unread again',
      tag: TAG,
      session: 'required',
      params: applyParams,
      body: readBody,
      responses: [{ status: 200, description: 'The application', body: applyCardResponse }],
      errors: APPLY_ACCESS,
      handle: async ({ params, body, meta }) => ({
        apply: await hiring.markRead(params.id, params.applyId, body.read, meta),
      }),
    }),
    defineRoute({
      methods: ['put'],
      path: '/hiring/:id/applies/:applyId/prev-next',
      summary: "The applications before and after this one on its step, in the list's filters and order",
      tag: TAG,
      session: 'required',
      params: applyParams,
      query: neighboursQuery,
      responses: [{ status: 200, description: 'The neighbours and the place in the list', body: neighboursResponse }],
      errors: [...APPLY_ACCESS, ...FILTERS],
      handle: ({ params, query, meta }) => hiring.neighbours(params.id, params.applyId, query, meta),
    }),
    defineRoute({
      methods: ['put'],
      path: '/hiring/:id/applies/:applyId/update-flow',
      summary:
        "Move an application onto a step of the posting's template; with `version`, refused when it changed since",
      tag: TAG,
      session: 'required',
      params: applyParams,
      query: moveQuery,
      body: moveBody,
      responses: [{ status: 200, description: 'The moved application', body: applyCardResponse }],
      errors: [...APPLY_ACCESS, ...MOVE],
      handle: async ({ params, query, body, meta }) => ({
        apply: await oneApplication(() => hiring.move(params.id, [params.applyId], query.stepId, body.version, meta)),
      }),
    }),
    defineRoute({
      methods: ['post'],
      path: '/hiring/:id/applies/:applyId/rejection',
      summary:
        'Reject an application with a reason of the rejection reasons list and a description; with `version`, refused when it changed since',
      tag: TAG,
      session: 'required',
      params: applyParams,
      body: rejectBody,
      responses: [{ status: 200, description: 'The rejected application', body: applyCardResponse }],
      errors: [...APPLY_ACCESS, ...REJECTION],
      handle: async ({ params, body, meta }) => ({
        apply: await oneApplication(() => hiring.reject(params.id, [params.applyId], body, meta)),
      }),
    }),
    defineRoute({
      methods: ['get'],
      path: '/hiring/:id/applies/:applyId/custom-resume',
      summary: 'A short-lived signed link to the custom resume file of the application, as it was applied',
      tag: TAG,
      session: 'required',
      params: applyParams,
      responses: [
        { status: 200, description: 'The link', body: fileLinkResponse, headers: { 'Cache-Control': 'no-store' } },
      ],
      errors: [...APPLY_ACCESS, 'EXC_HIRING_APPLY_HAS_NO_FILE', 'EXC_FILES_NOT_FOUND'],
      async handle({ params, res, meta }) {
        res.set('Cache-Control', 'no-store');
        return hiring.fileLink(params.id, params.applyId, meta);
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/hiring/:id/analytics',
      summary:
        'Applications per day and the hours applications spend on each step, for the posting and for every posting of the employer on its template',
      tag: TAG,
      session: 'required',
      params: postingParams,
      query: analyticsQuery,
      responses: [{ status: 200, description: 'The analytics', body: analyticsResponse }],
      errors: [...POSTING_ACCESS, 'EXC_HIRING_FILTER_IS_INVALID', 'EXC_HIRING_TEMPLATE_NOT_FOUND'],
      handle: ({ params, query, meta }) => hiring.analytics(params.id, query.days, meta),
    }),
  ];
}
