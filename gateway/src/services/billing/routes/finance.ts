// finance/*: the payment provider's callback, the employer's wallet and its top-ups, and the
// sandbox provider's page (test mode). The callback and the sandbox need no session: the
// authority is the proof, so each call spends a point of the per-IP look-up budget before it is
// asked, and the callback's answer says nothing of whose payment it is.
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { ModuleContext } from '../../module.ts';
import type { BillingAdapter } from '../client.ts';
import {
  authorityParams,
  employerParams,
  redirectResponse,
  sandboxDecisionBody,
  sandboxPaymentResponse,
  submitPaymentBody,
  submitPaymentResponse,
  topUpBody,
  topUpParams,
  topUpResponse,
  topUpStateResponse,
  walletSchema,
} from '../schemas.ts';
import { EMPLOYER_ACCESS } from './errors.ts';

const TAG = 'finance';

/** The per-IP budget of anonymous look-ups by authority (declared in ../index.ts). */
export const LOOKUP_BUDGET = 'lookup:ip';

export function financeRoutes(billing: BillingAdapter, { limits }: ModuleContext): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['post'],
      path: '/finance/payments/submit',
      summary:
        'The provider sent the payer back: ask the provider and, when it confirms, complete the order or credit the top-up; what it has not confirmed stays pending; repeating it answers the same',
      tag: TAG,
      session: 'none',
      body: submitPaymentBody,
      responses: [
        {
          status: 200,
          description:
            "The payment's status, its purpose, and the order id (an order's payment) or the payment number (a top-up) the outcome page shows",
          body: submitPaymentResponse,
        },
      ],
      errors: [
        'EXC_FINANCE_PAYMENT_STATUS_IS_INVALID',
        'EXC_FINANCE_PAYMENT_NOT_FOUND',
        'EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE',
      ],
      async handle({ body, req, res, meta }) {
        await limits.consume(res, [[LOOKUP_BUDGET, req.ip]]);
        return billing.submitPayment(body.authority, body.status, meta);
      },
    }),
    // Before /finance/:employerId/wallet, so `sandbox` is never taken for an employer id.
    defineRoute({
      methods: ['get'],
      path: '/finance/sandbox/:authority',
      summary: "Test mode: what the sandbox provider's page shows",
      tag: TAG,
      session: 'none',
      params: authorityParams,
      responses: [
        {
          status: 200,
          description: 'The amount and whether the page was already answered',
          body: sandboxPaymentResponse,
        },
      ],
      errors: ['EXC_FINANCE_SANDBOX_IS_DISABLED', 'EXC_FINANCE_PAYMENT_NOT_FOUND'],
      async handle({ params, req, res, meta }) {
        await limits.consume(res, [[LOOKUP_BUDGET, req.ip]]);
        return billing.sandboxPayment(params.authority, meta);
      },
    }),
    defineRoute({
      methods: ['post'],
      path: '/finance/sandbox/:authority',
      summary: 'Test mode: the sandbox page\'s "pay" or "cancel"; send the payer to redirectUrl',
      tag: TAG,
      session: 'none',
      params: authorityParams,
      body: sandboxDecisionBody,
      responses: [
        { status: 200, description: 'The callback address with Authority and Status', body: redirectResponse },
      ],
      errors: [
        'EXC_FINANCE_SANDBOX_IS_DISABLED',
        'EXC_FINANCE_PAYMENT_NOT_FOUND',
        'EXC_FINANCE_SANDBOX_PAYMENT_ALREADY_DECIDED',
      ],
      async handle({ params, body, req, res, meta }) {
        await limits.consume(res, [[LOOKUP_BUDGET, req.ip]]);
        return billing.decideSandboxPayment(params.authority, body.approve, meta);
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/finance/:employerId/wallet',
      summary: "The employer's wallet: balance and entries (Billing)",
      tag: TAG,
      session: 'required',
      params: employerParams,
      responses: [{ status: 200, description: 'The wallet', body: walletSchema }],
      errors: EMPLOYER_ACCESS,
      handle: ({ params, meta }) => billing.wallet(params.employerId, meta),
    }),
    // Like paying an order, starting a top-up counts under the per-IP /api limit; the provider
    // is asked once per call, and a payment left unpaid is settled by reconciliation.
    defineRoute({
      methods: ['post'],
      path: '/finance/:employerId/wallet/top-ups',
      summary: 'Top the wallet up through the payment provider: send the payer to redirectUrl (Billing)',
      tag: TAG,
      session: 'required',
      params: employerParams,
      body: topUpBody,
      responses: [
        {
          status: 200,
          description: "The pending top-up with its payment number, and the provider's page",
          body: topUpResponse,
        },
      ],
      errors: [...EMPLOYER_ACCESS, 'EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID', 'EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE'],
      handle: ({ params, body, meta }) => billing.startTopUp(params.employerId, body.amountRials, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/finance/:employerId/wallet/top-ups/:paymentNumber',
      summary: "One top-up by its payment number, with the wallet's balance now (Billing)",
      tag: TAG,
      session: 'required',
      params: topUpParams,
      responses: [{ status: 200, description: 'The top-up and the balance', body: topUpStateResponse }],
      errors: [...EMPLOYER_ACCESS, 'EXC_FINANCE_PAYMENT_NUMBER_IS_INVALID', 'EXC_FINANCE_PAYMENT_NOT_FOUND'],
      handle: ({ params, meta }) => billing.topUp(params.employerId, params.paymentNumber, meta),
    }),
  ];
}
