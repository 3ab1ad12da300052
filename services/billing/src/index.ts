// The package entry (`@darmankar/billing`): how the test stacks, the gateway's tests and the
// chart check configure, migrate and start this service without importing its internals.
import type { ServicePackage } from '@darmankar/platform/service';
import { startBillingService, type RunningBillingService } from './app.ts';
import { billingConfigSchema } from './config.ts';
import { BILLING_SERVICE_DIR } from './db/migrate.ts';

export const billingService: ServicePackage<typeof billingConfigSchema, RunningBillingService> = {
  name: 'billing',
  dir: BILLING_SERVICE_DIR,
  configSchema: billingConfigSchema,
  start: (config, options) => startBillingService(config, options),
};

export { billingConfig, billingConfigSchema, type BillingConfig } from './config.ts';
export type { RunningBillingService } from './app.ts';
