// The billing service as the gateway sees it: products/* (plans, purchased plans, resources),
// orders/* (the cart, discounts, paying, history, invoices, the banner's code) and finance/*
// (the provider's callback, the wallet and its top-ups, the sandbox provider).
import { withErrors } from '../../http/route.ts';
import { positiveIntSetting, SERVICE_ERRORS, type ServiceModule } from '../module.ts';
import { createBillingAdapter } from './client.ts';
import { financeRoutes, LOOKUP_BUDGET } from './routes/finance.ts';
import { orderRoutes } from './routes/orders.ts';
import { productRoutes } from './routes/products.ts';

const billingSettings = {
  /**
   * Calls anyone may make that look a record up by a token they were handed (a payment's
   * authority on the provider's callback), per client IP: nobody sweeps guesses through them.
   */
  RATE_LIMIT_LOOKUP_IP_POINTS: positiveIntSetting(60),
  RATE_LIMIT_LOOKUP_WINDOW_SECONDS: positiveIntSetting(600),
};

export const billingModule: ServiceModule<typeof billingSettings> = {
  name: 'billing',
  address: { variable: 'BILLING_GRPC_URL', default: '127.0.0.1:50057' },
  settings: billingSettings,
  rateLimits: (settings) => ({
    [LOOKUP_BUDGET]: {
      points: settings.RATE_LIMIT_LOOKUP_IP_POINTS,
      windowSeconds: settings.RATE_LIMIT_LOOKUP_WINDOW_SECONDS,
    },
  }),
  connect(address, options) {
    const billing = createBillingAdapter(address, options);
    return {
      routes: (context) => ({
        api: withErrors(
          [...productRoutes(billing), ...orderRoutes(billing), ...financeRoutes(billing, context)],
          SERVICE_ERRORS,
        ),
      }),
      isServing: (timeoutMs) => billing.isServing(timeoutMs),
      close: () => billing.close(),
    };
  },
};
