// orders/*: the employer's cart (its one pending order), its discount code, paying it, the
// purchase history and a paid order's invoice; and the code the promotional banner shows.
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { BillingAdapter } from '../client.ts';
import {
  bannerDiscountResponse,
  createCartBody,
  discountBody,
  employerOrderParams,
  employerParams,
  invoiceParams,
  invoiceSchema,
  orderParams,
  orderSchema,
  ordersResponse,
  pageQuery,
  paymentParams,
  paymentSchema,
  startPaymentBody,
  startPaymentResponse,
  updateCartBody,
} from '../schemas.ts';
import { EMPLOYER_ACCESS, ORDER_ACCESS, PAGINATION } from './errors.ts';

const TAG = 'orders';

// The same code for everyone and cheap to ask; a minute's staleness is harmless, as the code
// is checked again when it is applied.
const BANNER_CACHE = 'public, max-age=60';

export function orderRoutes(billing: BillingAdapter): RouteDefinition[] {
  return [
    // First of the orders/* patterns, so `discounts` is never taken for an employer id.
    defineRoute({
      methods: ['get'],
      path: '/orders/discounts/banner',
      summary: "The discount code the promotional banner shows (an employer's first plan free), if one is usable",
      tag: TAG,
      session: 'none',
      responses: [
        {
          status: 200,
          description: 'The code, or null',
          body: bannerDiscountResponse,
          headers: { 'Cache-Control': BANNER_CACHE },
        },
      ],
      errors: [],
      async handle({ res, meta }) {
        const answer = await billing.bannerDiscount(meta);
        res.set('Cache-Control', BANNER_CACHE);
        return answer;
      },
    }),
    // Before /orders/:employerId/cart/:orderId, so `current-order` is never taken for an id.
    defineRoute({
      methods: ['get'],
      path: '/orders/:employerId/cart/current-order',
      summary: "The employer's open cart (Billing)",
      tag: TAG,
      session: 'required',
      params: employerParams,
      responses: [
        { status: 200, description: 'The cart', body: orderSchema },
        { status: 204, description: 'There is no cart' },
      ],
      errors: EMPLOYER_ACCESS,
      handle: async ({ params, meta }) => (await billing.currentOrder(params.employerId, meta)) ?? undefined,
    }),
    defineRoute({
      methods: ['get'],
      path: '/orders/:employerId/cart/:orderId',
      summary: "One of the employer's orders, whatever its status (Billing)",
      tag: TAG,
      session: 'required',
      params: employerOrderParams,
      responses: [{ status: 200, description: 'The order', body: orderSchema }],
      errors: [...EMPLOYER_ACCESS, 'EXC_ORDERS_NOT_FOUND'],
      handle: ({ params, meta }) => billing.order(params.employerId, params.orderId, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/orders/:employerId/list',
      summary: 'Purchase history, newest first: paid, cancelled and the open cart (Billing)',
      tag: TAG,
      session: 'required',
      params: employerParams,
      query: pageQuery,
      responses: [{ status: 200, description: 'One page', body: ordersResponse }],
      errors: [...EMPLOYER_ACCESS, ...PAGINATION],
      handle: ({ params, query, meta }) => billing.orders(params.employerId, query, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/orders/:employerId/invoices/:orderId',
      summary: "A paid order's invoice: the parties, lines, discount, VAT included in the total, the payment (Billing)",
      tag: TAG,
      session: 'required',
      params: invoiceParams,
      responses: [{ status: 200, description: 'The invoice', body: invoiceSchema }],
      errors: [...EMPLOYER_ACCESS, 'EXC_ORDERS_NOT_FOUND', 'EXC_ORDERS_INVOICE_IS_NOT_AVAILABLE'],
      handle: ({ params, meta }) => billing.invoice(params.employerId, params.orderId, meta),
    }),
    defineRoute({
      methods: ['post'],
      path: '/orders/cart',
      summary: 'Open a cart with one plan (Billing); an employer has at most one',
      tag: TAG,
      session: 'required',
      body: createCartBody,
      responses: [{ status: 200, description: 'The new cart', body: orderSchema }],
      errors: [
        ...EMPLOYER_ACCESS,
        'EXC_PRODUCTS_PLAN_NOT_FOUND',
        'EXC_ORDERS_PENDING_ORDER_EXISTS',
        'EXC_PRODUCTS_ALREADY_HAS_RESERVED_PLAN',
      ],
      handle: ({ body, meta }) => billing.createCart(body.employerId, body.planId, meta),
    }),
    defineRoute({
      methods: ['put'],
      path: '/orders/:id/cart',
      summary: 'Put another plan in the cart (Billing); the discount code stays only if it still applies',
      tag: TAG,
      session: 'required',
      params: orderParams,
      body: updateCartBody,
      responses: [{ status: 200, description: 'The cart', body: orderSchema }],
      errors: [
        ...ORDER_ACCESS,
        'EXC_ORDERS_ORDER_IS_NOT_PENDING',
        'EXC_PRODUCTS_PLAN_NOT_FOUND',
        'EXC_ORDERS_SAME_ORDER_IN_CART',
      ],
      handle: ({ params, body, meta }) => billing.updateCart(params.id, body.planId, meta),
    }),
    defineRoute({
      methods: ['delete'],
      path: '/orders/:id/cart',
      summary: 'Cancel the cart (Billing)',
      tag: TAG,
      session: 'required',
      params: orderParams,
      responses: [{ status: 204, description: 'Cancelled' }],
      errors: [...ORDER_ACCESS, 'EXC_ORDERS_ORDER_IS_NOT_PENDING'],
      handle: ({ params, meta }) => billing.deleteCart(params.id, meta).then(() => undefined),
    }),
    defineRoute({
      methods: ['post'],
      path: '/orders/cart/discounts',
      summary: "Apply a discount code to the employer's cart (Billing)",
      tag: TAG,
      session: 'required',
      body: discountBody,
      responses: [{ status: 200, description: 'The cart with the discount', body: orderSchema }],
      errors: [
        ...EMPLOYER_ACCESS,
        'EXC_ORDERS_NOT_FOUND',
        'EXC_ORDERS_DISCOUNT_CODE_IS_REQUIRED',
        'EXC_ORDERS_DISCOUNT_CODE_IS_INVALID',
        'EXC_ORDERS_DISCOUNT_CODE_ALREADY_USED',
      ],
      handle: ({ body, meta }) => billing.applyDiscount(body.employerId, body.code, meta),
    }),
    defineRoute({
      methods: ['delete'],
      path: '/orders/:id/cart/discounts',
      summary: 'Take the discount code off the cart (Billing)',
      tag: TAG,
      session: 'required',
      params: orderParams,
      responses: [{ status: 200, description: 'The cart without the discount', body: orderSchema }],
      errors: [...ORDER_ACCESS, 'EXC_ORDERS_ORDER_IS_NOT_PENDING'],
      handle: ({ params, meta }) => billing.removeDiscount(params.id, meta),
    }),
    defineRoute({
      methods: ['post'],
      path: '/orders/payments',
      summary:
        'Pay the cart: from the wallet at once, or through the payment provider (send the payer to redirectUrl) (Billing)',
      tag: TAG,
      session: 'required',
      body: startPaymentBody,
      responses: [
        {
          status: 200,
          description: 'The payment; redirectUrl is empty when the wallet paid',
          body: startPaymentResponse,
        },
      ],
      errors: [
        ...ORDER_ACCESS,
        'EXC_FINANCE_PAYMENT_METHOD_IS_INVALID',
        'EXC_ORDERS_ORDER_IS_NOT_PENDING',
        'EXC_PRODUCTS_ALREADY_HAS_RESERVED_PLAN',
        'EXC_ORDERS_DISCOUNT_CODE_IS_INVALID',
        'EXC_ORDERS_DISCOUNT_CODE_ALREADY_USED',
        'EXC_FINANCE_WALLET_BALANCE_IS_NOT_SUFFICIENT',
        'EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE',
      ],
      handle: ({ body, meta }) => billing.startPayment(body.orderId, body.method, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/orders/:id/payments/:paymentId',
      summary: 'One payment of an order (Billing)',
      tag: TAG,
      session: 'required',
      params: paymentParams,
      responses: [{ status: 200, description: 'The payment', body: paymentSchema }],
      errors: [...ORDER_ACCESS, 'EXC_FINANCE_PAYMENT_NOT_FOUND'],
      handle: ({ params, meta }) => billing.payment(params.id, params.paymentId, meta),
    }),
  ];
}
