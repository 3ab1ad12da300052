// The package entry (`@darmankar/employer`): how the test stacks, the gateway's tests and the
// chart check configure, migrate and start this service without importing its internals.
import type { ServicePackage } from '@darmankar/platform/service';
import { startEmployerService, type RunningEmployerService } from './app.ts';
import { employerConfigSchema } from './config.ts';
import { EMPLOYER_SERVICE_DIR } from './db/migrate.ts';

export const employerService: ServicePackage<typeof employerConfigSchema, RunningEmployerService> = {
  name: 'employer',
  dir: EMPLOYER_SERVICE_DIR,
  configSchema: employerConfigSchema,
  start: (config, options) => startEmployerService(config, options),
};

export { employerConfig, employerConfigSchema, type EmployerConfig } from './config.ts';
export type { RunningEmployerService } from './app.ts';
