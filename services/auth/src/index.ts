// The package entry (`@darmankar/auth`): how the test stacks, the gateway's tests and the
// chart check configure, migrate and start this service without importing its internals.
import type { ServicePackage } from '@darmankar/platform/service';
import { startAuthService, type RunningAuthService } from './app.ts';
import { authConfigSchema } from './config.ts';
import { AUTH_SERVICE_DIR } from './db/migrate.ts';

export const authService: ServicePackage<typeof authConfigSchema, RunningAuthService> = {
  name: 'auth',
  dir: AUTH_SERVICE_DIR,
  configSchema: authConfigSchema,
  start: (config, options) => startAuthService(config, options),
};

export { authConfig, authConfigSchema, type AuthConfig } from './config.ts';
export type { RunningAuthService } from './app.ts';
