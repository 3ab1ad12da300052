// The zod schemas of the billing service's REST surface (docs/billing.md, "REST surface"). Ids
// are UUIDs: anything else is refused here with EXC_BAD_REQUEST before a call is made; the
// payment method, the provider's status and an empty discount code have the service's own
// codes. The rules (which plan, which code, who may buy) live in
// the service.
import { z } from 'zod';
import { toLatinDigits } from '@darmankar/platform/persian';
import { pageNumberQuery } from '../../http/validate.ts';

export const RESOURCE_KINDS = ['recruitment', 'featured'] as const;
export const PURCHASED_PLAN_STATUSES = ['reserved', 'active', 'expired', 'cancelled'] as const;
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export const PAYMENT_METHODS = ['gateway', 'wallet'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const;
export const PAYMENT_PURPOSES = ['order', 'top_up'] as const;

// Any 8-4-4-4-12 hex id: seeded rows may carry ids of no RFC version.
const uuid = (description: string) => z.guid().meta({ description });
const employerId = uuid('The employer id.');
const orderId = uuid('The order id.');

export const employerParams = z.object({ employerId });
export const purchasedPlanParams = z.object({ employerId, id: uuid('The purchased plan id.') });
export const employerOrderParams = z.object({ employerId, orderId });
export const orderParams = z.object({ id: orderId });
export const paymentParams = z.object({ id: orderId, paymentId: uuid('The payment id.') });
export const invoiceParams = z.object({ employerId, orderId });
export const topUpParams = z.object({
  employerId,
  // Persian or Arabic-Indic digits too: the number reaches the page from a link people may retype.
  paymentNumber: z
    .string()
    .transform((value, ctx) => {
      const digits = toLatinDigits(value).trim();
      const number = Number(digits);
      if (!/^\d{1,15}$/.test(digits) || number < 1) {
        ctx.addIssue({ code: 'custom', message: 'EXC_FINANCE_PAYMENT_NUMBER_IS_INVALID' });
        return z.NEVER;
      }
      return number;
    })
    .meta({ description: "The top-up's payment number (the outcome pages' paymentNumber), from 1." }),
});
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
// Whole rials only: a fraction, a string or a number beyond exact JSON integers is refused here
// with the service's own code; the configured bounds are the service's (Wallet.topUpMinRials/MaxRials).
export const topUpBody = z.object({
  amountRials: z
    .number({ error: 'EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID' })
    .int({ error: 'EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID' })
    .positive({ error: 'EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID' })
    .meta({
      description:
        "The amount to add, in rials (toman × 10): a whole number within the wallet's topUpMinRials and topUpMaxRials.",
      example: 1_000_000,
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
    promotion: z
      .boolean()
      .meta({ description: 'Whether the employer is promoted (home page, company list) while the plan is active.' }),
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
    number: z
      .number()
      .int()
      .meta({ description: "The payment number people read out (the outcome pages' paymentNumber)." }),
    purpose: z.enum(PAYMENT_PURPOSES).meta({ description: '`order`: pays an order; `top_up`: tops the wallet up.' }),
    employerId: z.string(),
    orderId: z.string().nullable().meta({ description: 'The order paid for; null for a top-up.' }),
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATUSES).meta({
      description:
        '`pending`: the provider has not confirmed it (yet); reconciliation settles it. `failed`: settled as not paid.',
    }),
    amountRials: rials('The amount.'),
    reference: z.string().nullable().meta({ description: "The provider's reference shown to the payer, once paid." }),
    card: z.string().nullable().meta({ description: 'The card the payer used, masked as the provider gives it.' }),
    createdAt: time,
    completedAt: timeOrNull('null while pending.'),
  })
  .meta({ description: 'One attempt to pay an order, or one top-up of the wallet.' });

const walletEntrySchema = z.object({
  id: z.string(),
  amountRials: rials('Positive for a credit (a top-up, a refund), negative for a payment from the wallet.'),
  reason: z.string().meta({
    description:
      '`top_up`, `order_payment`, `reservation_refund` (a reserved plan cancelled) or `unmatched_payment` (a payment the order could no longer take).',
  }),
  createdAt: time,
  orderNumber: z.number().int().nullable().meta({ description: 'The order it concerns; null when none.' }),
  paymentNumber: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The payment it concerns (a top-up's); null when none." }),
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
    entries: z.array(walletEntrySchema).meta({ description: 'The ledger, newest first.' }),
    topUpMinRials: rials('The smallest top-up.'),
    topUpMaxRials: rials('The largest top-up.'),
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
// The caller may be anyone holding the authority: only what the outcome page shows, never whose
// payment it is, its reference or its card.
export const submitPaymentResponse = z
  .object({
    status: z.enum(PAYMENT_STATUSES).meta({
      description:
        '`paid` once the provider confirmed it; `pending` while it has not (the payer may still be paying; reconciliation asks again); `failed` when settled as not paid.',
    }),
    purpose: z.enum(PAYMENT_PURPOSES),
    orderId: z
      .string()
      .nullable()
      .meta({ description: 'The order paid for (purpose `order`), for /orders/successorder?orderId=; else null.' }),
    paymentNumber: z.number().int().nullable().meta({
      description: "The payment's number (purpose `top_up`), for /orders/successwallet?paymentNumber=; else null.",
    }),
  })
  .meta({ description: 'What the outcome page needs and nothing more.' });
export const topUpResponse = z.object({
  payment: paymentSchema,
  redirectUrl: z.string().meta({ description: "Where to send the payer (the provider's page)." }),
});
export const topUpStateResponse = z.object({
  payment: paymentSchema,
  balanceRials: rials("The wallet's balance now."),
});

const partySchema = z
  .object({
    name: z.string(),
    nationalId: z.string().meta({ description: "A legal person's national id, or a person's national code." }),
    economicCode: z.string(),
    address: z.string(),
    postalCode: z.string(),
    phone: z.string(),
  })
  .meta({ description: 'A party named on an invoice; empty strings where it is unknown.' });

export const invoiceSchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.number().int(),
    issuedAt: z.string().meta({ description: "ISO 8601; when the order was paid (the invoice's date)." }),
    seller: partySchema,
    buyer: partySchema,
    lines: z.array(
      z.object({
        title: z.string(),
        quantity: z.number().int(),
        unitPriceRials: rials('The price of one.'),
        amountRials: rials('quantity × unitPriceRials.'),
      }),
    ),
    subtotalRials: rials("The lines' sum."),
    discountRials: rials('The discount.'),
    discountCode: z.string().nullable(),
    vatPercent: z.number().int().meta({ description: 'The VAT rate of the day the order was paid.' }),
    vatRials: rials('VAT included in the total: total × vatPercent / (100 + vatPercent), rounded down.'),
    totalRials: rials('What was paid: subtotal − discount, VAT included.'),
    payment: paymentSchema,
  })
  .meta({ description: 'The invoice of a paid order.' });

export const bannerDiscountResponse = z.object({
  code: z.string().nullable().meta({ description: 'The code the banner shows; null when none is usable.' }),
});
export const sandboxPaymentResponse = z.object({
  amountRials: rials('The amount to pay.'),
  description: z.string(),
  decided: z.boolean().meta({ description: 'The page was already answered; a second decision is refused.' }),
});
export const redirectResponse = z.object({
  redirectUrl: z.string().meta({ description: 'The callback address with Authority and Status.' }),
});
