// The providers notifications go out through: the platform's messaging engines (the
// development outbox, Kavenegar or sms.ir, SMTP), chosen by the configuration.
import type { Logger } from '@darmankar/platform/log';
import { createMessaging, DevOutbox, type Messaging, type MessagingConfig } from '@darmankar/platform/messaging';
import type pg from 'pg';
import type { NotificationConfig } from '../config.ts';

export function createSenders(
  config: NotificationConfig,
  pool: pg.Pool,
  log: Logger,
): { messaging: Messaging; devOutbox: DevOutbox } {
  const devOutbox = new DevOutbox(pool);
  return { messaging: createMessaging(config as MessagingConfig, { devOutbox, log }), devOutbox };
}
