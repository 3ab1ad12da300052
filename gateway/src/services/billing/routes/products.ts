// products/*: the plans on sale (public), and what an employer bought: purchased plans, the
// active and reserved plan with what is left, activating or cancelling the reservation.
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { BillingAdapter } from '../client.ts';
import {
  cancelReserveResponse,
  employerParams,
  plansResponse,
  purchasedPlanParams,
  purchasedPlanSchema,
  purchasedPlansQuery,
  purchasedPlansResponse,
  resourcesResponse,
} from '../schemas.ts';
import { EMPLOYER_ACCESS, PAGINATION } from './errors.ts';

const TAG = 'products';

export function productRoutes(billing: BillingAdapter): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['get'],
      path: '/products/plans/list',
      summary: 'The plans on sale, cheapest first',
      tag: TAG,
      session: 'none',
      responses: [{ status: 200, description: 'The plans', body: plansResponse }],
      errors: [],
      handle: async ({ meta }) => ({ items: await billing.plans(meta) }),
    }),
    defineRoute({
      methods: ['get'],
      path: '/products/purchased-plans/list',
      summary: 'The plans an employer bought, newest first (Billing)',
      tag: TAG,
      session: 'required',
      query: purchasedPlansQuery,
      responses: [{ status: 200, description: 'One page', body: purchasedPlansResponse }],
      errors: [...EMPLOYER_ACCESS, ...PAGINATION],
      handle: ({ query, meta }) => billing.purchasedPlans(query.employerId, query, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/products/:employerId/purchased-plans/:id',
      summary: 'One plan the employer bought (Billing)',
      tag: TAG,
      session: 'required',
      params: purchasedPlanParams,
      responses: [{ status: 200, description: 'The purchased plan', body: purchasedPlanSchema }],
      errors: [...EMPLOYER_ACCESS, 'EXC_PRODUCTS_PURCHASED_PLAN_NOT_FOUND'],
      handle: ({ params, meta }) => billing.purchasedPlan(params.employerId, params.id, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/products/:employerId/resources',
      summary: 'The active and the reserved plan, with what is left of each resource (Billing)',
      tag: TAG,
      session: 'required',
      params: employerParams,
      responses: [{ status: 200, description: 'Each null when there is none', body: resourcesResponse }],
      errors: EMPLOYER_ACCESS,
      handle: ({ params, meta }) => billing.resources(params.employerId, meta),
    }),
    defineRoute({
      methods: ['put'],
      path: '/products/:employerId/purchased-plans/activate-reserve',
      summary: 'Make the reserved plan active; refused while another plan is active (Billing)',
      tag: TAG,
      session: 'required',
      params: employerParams,
      responses: [{ status: 200, description: 'The plan, now active', body: purchasedPlanSchema }],
      errors: [...EMPLOYER_ACCESS, 'EXC_PRODUCTS_RESERVED_PLAN_NOT_FOUND', 'EXC_PRODUCTS_ALREADY_HAS_ACTIVE_PLAN'],
      handle: ({ params, meta }) => billing.activateReserved(params.employerId, meta),
    }),
    defineRoute({
      methods: ['put'],
      path: '/products/:employerId/purchased-plans/cancel-reserve',
      summary: 'Cancel the reserved plan; what was paid for it is credited to the wallet (Billing)',
      tag: TAG,
      session: 'required',
      params: employerParams,
      responses: [
        { status: 200, description: 'The cancelled plan and the wallet after the credit', body: cancelReserveResponse },
      ],
      errors: [...EMPLOYER_ACCESS, 'EXC_PRODUCTS_RESERVED_PLAN_NOT_FOUND'],
      handle: ({ params, meta }) => billing.cancelReserved(params.employerId, meta),
    }),
  ];
}
