// The package entry (`@darmankar/resume`): how the test stacks, the gateway's tests and the
// chart check configure, migrate and start this service without importing its internals.
import type { ServicePackage } from '@darmankar/platform/service';
import { startResumeService, type RunningResumeService } from './app.ts';
import { resumeConfigSchema } from './config.ts';
import { RESUME_SERVICE_DIR } from './db/migrate.ts';

export const resumeService: ServicePackage<typeof resumeConfigSchema, RunningResumeService> = {
  name: 'resume',
  dir: RESUME_SERVICE_DIR,
  configSchema: resumeConfigSchema,
  start: (config, options) => startResumeService(config, options),
};

export { resumeConfig, resumeConfigSchema, type ResumeConfig } from './config.ts';
export type { RunningResumeService } from './app.ts';
