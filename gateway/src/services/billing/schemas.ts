// The zod schemas of the billing service's REST surface (docs/billing.md, "REST surface"). Ids
// are UUIDs: anything else is refused here with EXC_BAD_REQUEST before a call is made; the
// payment method, the provider's status and an empty discount code have the service's own
// codes. The rules (which plan, which code, who may buy) live in
// the service.
import { z } from 'zod';
import { pageNumberQuery } from '../../http/validate.ts';

export const RESOURCE_KINDS = ['recruitment', 'featured'] as const;
export const PURCHASED_PLAN_STATUSES = ['reserved', 'active', 'expired', 'cancelled'] as const;
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export const PAYMENT_METHODS = ['gateway', 'wallet'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const;

// Any 8-4-4-4-12 hex id: seeded rows may carry ids of no RFC version.
const uuid = (description: string) => z.guid().meta({ description });
const employerId = uuid('The employer id.');
const orderId = uuid('The order id.');

export const employerParams = z.object({ employerId });
export const purchasedPlanParams = z.object({ employerId, id: uuid('The purchased plan id.') });
export const employerOrderParams = z.object({ employerId, orderId });
export const orderParams = z.object({ id: orderId });
export const paymentParams = z.object({ id: orderId, paymentId: uuid('The payment id.') });
export const authorityParams = z.object({
  authority: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/)
    .meta({ description: "The payment provider's authority (the sandbox's own in test mode)." }),
});

const paging = {
  page: pageNumberQuery('EXC_PAGINATION_PAGE_IS_INVALID').meta({ description: 'From 1.' }),
  pageSize: pageNumberQuery('EXC_PAGINATION_PAGE_SIZE_IS_INVALID').meta({
    description: 'How many per page; the service caps it.',
  }),
};
export const pageQuery = z.object(paging);
export const purchasedPlansQuery = z.object({ employerId, ...paging });

export const createCartBody = z.object({ employerId, planId: uuid('The plan to buy.') });
export const updateCartBody = z.object({ planId: uuid('The plan that replaces the one in the cart.') });
export const discountBody = z.object({
  employerId,
  code: z
    .string()
    .max(100)
    .refine((code) => code.trim() !== '', 'EXC_ORDERS_DISCOUNT_CODE_IS_REQUIRED')
    .meta({ description: 'The discount code as the person typed it.', example: 'WELCOME' }),
});
export const startPaymentBody = z.object({
  orderId,
  method: z
    .enum(PAYMENT_METHODS, { error: 'EXC_FINANCE_PAYMENT_METHOD_IS_INVALID' })
    .meta({ description: "`gateway`: through the payment provider; `wallet`: from the employer's wallet at once." }),
});
export const submitPaymentBody = z.object({
  authority: authorityParams.shape.authority,
  status: z.enum(['OK', 'NOK'], { error: 'EXC_FINANCE_PAYMENT_STATUS_IS_INVALID' }).meta({
    description:
      "The provider's Status from the callback address: `OK` (the payer paid) or `NOK` (cancelled or refused).",
  }),
});
export const sandboxDecisionBody = z.object({
  approve: z.boolean().meta({ description: 'true: the sandbox\'s "pay"; false: "cancel".' }),
});

const rials = (description: string) =>
  z
    .number()
    .int()
    .meta({ description: `${description} In rials (toman × 10).` });
const time = z.string().meta({ description: 'ISO 8601.' });
const timeOrNull = (description: string) =>
  z
    .string()
    .nullable()
    .meta({ description: `ISO 8601; ${description}` });

export const resourceSchema = z.object({
  kind: z
    .enum(RESOURCE_KINDS)
    .meta({ description: '`recruitment`: publishing one posting; `featured`: featuring one.' }),
  quantity: z.number().int(),
});

export const planSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    priceRials: rials('The price.'),
    durationDays: z.number().int().meta({ description: 'How long the plan lasts once active.' }),
    resources: z.array(resourceSchema),
  })
  .meta({ description: 'A plan on sale.' });

export const purchasedPlanSchema = z
  .object({
    id: z.string(),
    employerId: z.string(),
    plan: planSchema,
    orderId: z.string(),
    status: z.enum(PURCHASED_PLAN_STATUSES),
    activatedAt: timeOrNull('null while reserved.'),
    expiresAt: timeOrNull('null while reserved.'),
    createdAt: time,
    remaining: z.array(resourceSchema).meta({ description: 'What is left of each resource.' }),
    paidRials: rials(
      'What was paid for it after the discount; credited to the wallet if a reserved plan is cancelled.',
    ),
  })
  .meta({ description: 'A plan an employer bought.' });

export const paymentSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATUSES),
    amountRials: rials('The amount.'),
    reference: z.string().nullable().meta({ description: "The provider's reference shown to the payer, once paid." }),
    card: z.string().nullable().meta({ description: 'The card the payer used, masked as the provider gives it.' }),
    createdAt: time,
    completedAt: timeOrNull('null while pending.'),
  })
  .meta({ description: 'One attempt to pay an order.' });

const walletEntrySchema = z.object({
  id: z.string(),
  amountRials: rials('Positive for a credit (a refund), negative for a payment from the wallet.'),
  reason: z.string().meta({
    description:
      '`order_payment`, `reservation_refund` (a reserved plan cancelled) or `unmatched_payment` (a payment the order could no longer take).',
  }),
  createdAt: time,
});

export const orderSchema = z
  .object({
    id: z.string(),
    number: z.number().int().meta({ description: 'The order number people read out (from 1000).' }),
    employerId: z.string(),
    status: z.enum(ORDER_STATUSES).meta({ description: '`pending`: the cart.' }),
    items: z.array(z.object({ plan: planSchema, priceRials: rials('The price when added.') })),
    discountCode: z.string().nullable(),
    subtotalRials: rials("The items' sum."),
    discountRials: rials('The discount.'),
    totalRials: rials('What is paid: subtotal − discount, never below 0.'),
    payments: z.array(paymentSchema),
    createdAt: time,
    paidAt: timeOrNull('null until paid.'),
    credits: z.array(walletEntrySchema).meta({
      description:
        "What the order put back into the wallet, oldest first: its reserved plan's refund when that was cancelled (`reservation_refund`), or a payment it could no longer take (`unmatched_payment`). A paid order stays `paid`; these say where its money went since.",
    }),
  })
  .meta({ description: 'An order: the cart while pending, purchase history once paid or cancelled.' });

export const walletSchema = z
  .object({
    balanceRials: rials('The balance, never negative.'),
    entries: z.array(walletEntrySchema),
  })
  .meta({ description: "The employer's wallet: the balance and its ledger." });

export const pageInfoSchema = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export const plansResponse = z.object({ items: z.array(planSchema) });
export const purchasedPlansResponse = z.object({ items: z.array(purchasedPlanSchema), page: pageInfoSchema });
export const ordersResponse = z.object({ items: z.array(orderSchema), page: pageInfoSchema });
export const resourcesResponse = z.object({
  active: purchasedPlanSchema.nullable().meta({ description: 'null when no plan is active.' }),
  reserved: purchasedPlanSchema.nullable().meta({ description: 'null when none is reserved.' }),
  canActivateReserved: z.boolean().meta({
    description:
      'Whether PUT …/purchased-plans/activate-reserve would activate the reserved plan now: one is reserved and no plan is active (an active plan whose time ran out or whose resources are all used has ended).',
  }),
});
export const cancelReserveResponse = z.object({ purchasedPlan: purchasedPlanSchema, wallet: walletSchema });
export const startPaymentResponse = z.object({
  payment: paymentSchema,
  redirectUrl: z
    .string()
    .meta({ description: "Where to send the payer (the provider's page); empty when the wallet paid at once." }),
});
export const submitPaymentResponse = z.object({
  payment: paymentSchema,
  employerId: z.string().meta({ description: 'Whose order it was (the web then leads to their pricing page).' }),
});
export const sandboxPaymentResponse = z.object({
  amountRials: rials('The amount to pay.'),
  description: z.string(),
  decided: z.boolean().meta({ description: 'The page was already answered; a second decision is refused.' }),
});
export const redirectResponse = z.object({
  redirectUrl: z.string().meta({ description: 'The callback address with Authority and Status.' }),
});
