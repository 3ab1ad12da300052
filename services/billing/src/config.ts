import { z } from 'zod';
import { callerSignerConfigShape, refuseDevelopmentPrivateKeyInProduction } from '@darmankar/platform/caller-identity';
import { databaseConfigShape, parseConfig, serviceBaseConfigSchema } from '@darmankar/platform/config';

/** A made-up seller for invoices outside production (INVOICE_SELLER_* set the real one). */
const DEVELOPMENT_SELLER = {
  INVOICE_SELLER_NAME: 'شرکت درمان‌کار پارسیان (سهامی خاص)',
  INVOICE_SELLER_NATIONAL_ID: '14008765436',
  INVOICE_SELLER_ECONOMIC_CODE: '411498765432',
  INVOICE_SELLER_ADDRESS: 'تهران، خیابان ولیعصر، بالاتر از میدان ونک، کوچه نیلوفر، پلاک ۱۲، طبقه ۳',
  INVOICE_SELLER_POSTAL_CODE: '1996834511',
  INVOICE_SELLER_PHONE: '021-88776655',
} as const;

export const billingConfigSchema = serviceBaseConfigSchema
  .extend({
    ...databaseConfigShape(),
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50057),
    /** The event bus: OrderPaid and ReservedPlanCancelled are relayed there, and agent changes drop cached access answers. */
    EVENTS_DATABASE_URL: z.string().min(1).optional(),
    /** The employer service, asked whether the caller may act for an employer (HasAccess, action Billing). */
    EMPLOYER_GRPC_URL: z.string().min(1).default('127.0.0.1:50054'),
    /**
     * CALLER_ASSERTION_PRIVATE_KEY: vouches for the user this service acts for when it asks the
     * employer service; the development key outside production, refused there.
     */
    ...callerSignerConfigShape,
    /** Who takes the money: the built-in sandbox (test mode, refused in production) or Zarinpal. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'zarinpal']).default('sandbox'),
    ZARINPAL_MERCHANT_ID: z.string().min(1).optional(),
    /** https://payment.zarinpal.com, or https://sandbox.zarinpal.com for Zarinpal's own test mode. */
    ZARINPAL_BASE_URL: z.url().default('https://payment.zarinpal.com'),
    /**
     * How long a call to the payment provider may take before the payer is told it is
     * unavailable: under the gateway's GRPC_TIMEOUT_MS (5 s), so the payer gets that answer
     * rather than the gateway's timeout.
     */
    PAYMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(4000),
    /** The bounds of one wallet top-up, rials; Zarinpal refuses less than 1,000 rials. */
    TOP_UP_MIN_RIALS: z.coerce.number().int().min(1000).default(100_000),
    TOP_UP_MAX_RIALS: z.coerce.number().int().max(Number.MAX_SAFE_INTEGER).default(1_000_000_000),
    /** How often reconciliation asks the provider about payments left pending. */
    RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
    /** A pending payment younger than this is left to its payer's browser (who is likely still paying). */
    RECONCILE_MIN_AGE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(5 * 60_000),
    /**
     * A payment the provider still does not confirm this long after it was asked for is failed.
     * Over Zarinpal's authority lifetime (about 15 minutes), so a payer still paying is never cut off.
     */
    PAYMENT_WINDOW_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(30 * 60_000),
    /** The web app: the provider sends the payer back to its /orders/payment-callback, the sandbox page lives there too. */
    PUBLIC_WEB_URL: z.url().default('http://127.0.0.1:3000'),
    /** How often the plan-time job runs: plans that ended are expired, those ending soon announced. */
    PLAN_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
    /** PlanExpiring is sent this many days before an active plan's end. */
    PLAN_EXPIRING_DAYS: z.coerce.number().int().min(0).default(3),
    /** ResourcesLow is sent when a consume leaves this many units of a kind, or fewer. */
    RESOURCES_LOW_THRESHOLD: z.coerce.number().int().min(0).default(1),
    /** Value added tax, percent, included in prices: written on the cart with every change, fixed once it is paid. */
    VAT_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
    /** The seller printed on invoices; the defaults are made up, for development: set the company's own in production. */
    INVOICE_SELLER_NAME: z.string().default(DEVELOPMENT_SELLER.INVOICE_SELLER_NAME),
    INVOICE_SELLER_NATIONAL_ID: z.string().default(DEVELOPMENT_SELLER.INVOICE_SELLER_NATIONAL_ID),
    INVOICE_SELLER_ECONOMIC_CODE: z.string().default(DEVELOPMENT_SELLER.INVOICE_SELLER_ECONOMIC_CODE),
    INVOICE_SELLER_ADDRESS: z.string().default(DEVELOPMENT_SELLER.INVOICE_SELLER_ADDRESS),
    INVOICE_SELLER_POSTAL_CODE: z.string().default(DEVELOPMENT_SELLER.INVOICE_SELLER_POSTAL_CODE),
    INVOICE_SELLER_PHONE: z.string().default(DEVELOPMENT_SELLER.INVOICE_SELLER_PHONE),
  })
  .superRefine(refuseDevelopmentPrivateKeyInProduction)
  .superRefine((config, context) => {
    if (config.TOP_UP_MAX_RIALS < config.TOP_UP_MIN_RIALS)
      context.addIssue({ code: 'custom', path: ['TOP_UP_MAX_RIALS'], message: 'must not be below TOP_UP_MIN_RIALS' });
    if (config.PAYMENT_WINDOW_MS <= config.RECONCILE_MIN_AGE_MS)
      context.addIssue({
        code: 'custom',
        path: ['PAYMENT_WINDOW_MS'],
        message: 'must be longer than RECONCILE_MIN_AGE_MS',
      });
  })
  .superRefine((config, context) => {
    if (config.NODE_ENV !== 'production') return;
    if (config.PAYMENT_PROVIDER === 'sandbox') {
      context.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'the sandbox takes no money: set zarinpal in production',
      });
    }
    if (config.PAYMENT_PROVIDER === 'zarinpal' && !config.ZARINPAL_MERCHANT_ID) {
      context.addIssue({
        code: 'custom',
        path: ['ZARINPAL_MERCHANT_ID'],
        message: 'required in production (the Zarinpal merchant id)',
      });
    }
    // An invoice is a legal document: the made-up seller must never be printed on a real one.
    for (const [key, madeUp] of Object.entries(DEVELOPMENT_SELLER)) {
      const value = config[key as keyof typeof DEVELOPMENT_SELLER].trim();
      if (value === '' || value === madeUp)
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'required in production (the seller named on invoices)',
        });
    }
  });

export type BillingConfig = z.infer<typeof billingConfigSchema>;

/** For tests and embedders: the configuration from `env` over the defaults. */
export function billingConfig(env: Record<string, string | undefined>): BillingConfig {
  return parseConfig(billingConfigSchema, env);
}
