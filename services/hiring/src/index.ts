// The package entry (`@darmankar/hiring`): how the test stacks, the gateway's tests and the
// chart check configure, migrate and start this service without importing its internals.
import type { ServicePackage } from '@darmankar/platform/service';
import { startHiringService, type RunningHiringService } from './app.ts';
import { hiringConfigSchema } from './config.ts';
import { HIRING_SERVICE_DIR } from './db/migrate.ts';

export const hiringService: ServicePackage<typeof hiringConfigSchema, RunningHiringService> = {
  name: 'hiring',
  dir: HIRING_SERVICE_DIR,
  configSchema: hiringConfigSchema,
  start: (config, options) => startHiringService(config, options),
};

export { hiringConfig, hiringConfigSchema, type HiringConfig } from './config.ts';
export type { RunningHiringService } from './app.ts';
