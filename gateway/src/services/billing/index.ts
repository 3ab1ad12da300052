// The billing service as the gateway sees it: products/* (plans, purchased plans, resources),
// orders/* (the cart, discounts, paying, history) and finance/* (the provider's callback, the
// wallet, the sandbox provider).
import { withErrors } from '../../http/route.ts';
import { SERVICE_ERRORS, type ServiceModule } from '../module.ts';
import { createBillingAdapter } from './client.ts';
import { financeRoutes } from './routes/finance.ts';
import { orderRoutes } from './routes/orders.ts';
import { productRoutes } from './routes/products.ts';

export const billingModule: ServiceModule = {
  name: 'billing',
  address: { variable: 'BILLING_GRPC_URL', default: '127.0.0.1:50057' },
  connect(address, options) {
    const billing = createBillingAdapter(address, options);
    return {
      routes: (context) => ({
        api: withErrors([...productRoutes(billing), ...orderRoutes(billing), ...financeRoutes(billing, context)], SERVICE_ERRORS),
      }),
      isServing: (timeoutMs) => billing.isServing(timeoutMs),
      close: () => billing.close(),
    };
  },
};
