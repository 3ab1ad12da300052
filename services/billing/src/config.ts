import { z } from 'zod';
import { callerSignerConfigShape, refuseDevelopmentPrivateKeyInProduction } from '@darmankar/platform/caller-identity';
import { databaseConfigShape, parseConfig, serviceBaseConfigSchema } from '@darmankar/platform/config';

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
    /** The web app: the provider sends the payer back to its /orders/payment-callback, the sandbox page lives there too. */
    PUBLIC_WEB_URL: z.url().default('http://127.0.0.1:3000'),
  })
  .superRefine(refuseDevelopmentPrivateKeyInProduction)
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
  });

export type BillingConfig = z.infer<typeof billingConfigSchema>;

/** For tests and embedders: the configuration from `env` over the defaults. */
export function billingConfig(env: Record<string, string | undefined>): BillingConfig {
  return parseConfig(billingConfigSchema, env);
}
