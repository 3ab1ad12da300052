// The package entry (`@darmankar/notification`): how the test stacks, the gateway's tests and the
// chart check configure, migrate and start this service without importing its internals.
import type { ServicePackage } from '@darmankar/platform/service';
import { startNotificationService, type RunningNotificationService } from './app.ts';
import { notificationConfigSchema } from './config.ts';
import { NOTIFICATION_SERVICE_DIR } from './db/migrate.ts';

export const notificationService: ServicePackage<typeof notificationConfigSchema, RunningNotificationService> = {
  name: 'notification',
  dir: NOTIFICATION_SERVICE_DIR,
  configSchema: notificationConfigSchema,
  start: (config, options) => startNotificationService(config, options),
};

export { notificationConfig, notificationConfigSchema, type NotificationConfig } from './config.ts';
export type { RunningNotificationService } from './app.ts';
