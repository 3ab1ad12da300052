// The package entry (`@darmankar/seo`): how the test stacks, the gateway's tests and the chart
// check configure, migrate and start this service without importing its internals.
import type { ServicePackage } from '@darmankar/platform/service';
import { startSeoService, type RunningSeoService } from './app.ts';
import { seoConfigSchema } from './config.ts';
import { SEO_SERVICE_DIR } from './db/migrate.ts';

export const seoService: ServicePackage<typeof seoConfigSchema, RunningSeoService> = {
  name: 'seo',
  dir: SEO_SERVICE_DIR,
  configSchema: seoConfigSchema,
  start: (config, options) => startSeoService(config, options),
};

export { seoConfig, seoConfigSchema, type SeoConfig } from './config.ts';
export type { RunningSeoService } from './app.ts';
