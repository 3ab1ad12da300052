// The package entry (`@darmankar/files`): how the test stacks, the gateway's tests and the
// chart check configure, migrate and start this service without importing its internals.
import type { ServicePackage } from '@darmankar/platform/service';
import { startFilesService, type RunningFilesService } from './app.ts';
import { filesConfigSchema } from './config.ts';
import { FILES_SERVICE_DIR } from './db/migrate.ts';

export const filesService: ServicePackage<typeof filesConfigSchema, RunningFilesService> = {
  name: 'files',
  dir: FILES_SERVICE_DIR,
  configSchema: filesConfigSchema,
  start: (config, options) => startFilesService(config, options),
};

export { filesConfig, filesConfigSchema, type FilesConfig } from './config.ts';
export type { RunningFilesService } from './app.ts';
