import { z } from 'zod';
import { databaseConfigShape, parseConfig, serviceBaseConfigSchema } from '@darmankar/platform/config';
import { messagingConfigShape, refineMessagingConfig } from '@darmankar/platform/messaging';

/** "22-8": SMS is not sent from 22:00 until 08:00 (Asia/Tehran). */
const quietHours = z
  .string()
  .regex(/^\d{1,2}-\d{1,2}$/, 'hours as "from-until", e.g. 22-8')
  .refine((value) => value.split('-').every((hour) => Number(hour) <= 23), 'hours are 0 to 23')
  .default('22-8');

export const notificationConfigSchema = serviceBaseConfigSchema
  .extend({
    ...databaseConfigShape(),
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50058),
    /** The event bus: every notification is made from another service's event. */
    EVENTS_DATABASE_URL: z.string().min(1).optional(),
    /** SMS_PROVIDER, KAVENEGAR_*, SMSIR_*, SMTP_URL, MAIL_FROM, MESSAGING_TIMEOUT_MS: the platform's messaging. */
    ...messagingConfigShape(),
    /** The web app: SMS and email links are full URLs on it. */
    PUBLIC_WEB_URL: z.url().default('http://127.0.0.1:3000'),
    /** How often the delivery worker claims due messages. */
    DELIVERY_INTERVAL_MS: z.coerce.number().int().positive().default(2000),
    /** The first retry's wait after a failed send; it doubles with each failure, up to an hour. */
    DELIVERY_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
    /** After this many failed sends a message is dead (a dead letter, for `npm run dead-letters`). */
    DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().positive().default(6),
    /** How often the daily digest job looks for digests due (from 08:00 Asia/Tehran). */
    DIGEST_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
    /** SMS (other than codes, which this service never sends) waits outside these hours, Asia/Tehran. */
    QUIET_HOURS: quietHours,
  })
  // Production: a real SMS provider with the line plain messages go from, and SMTP.
  .superRefine((config, context) =>
    refineMessagingConfig(config, context, {
      sms: [
        {
          kavenegar: 'KAVENEGAR_SENDER',
          smsir: 'SMSIR_LINE_NUMBER',
          why: 'notifications are plain SMS, sent from a line of your own',
        },
      ],
      mail: true,
    }),
  )
  .superRefine((config, context) => {
    if (config.NODE_ENV === 'production' && /^http:\/\/(127\.0\.0\.1|localhost)/.test(config.PUBLIC_WEB_URL))
      context.addIssue({
        code: 'custom',
        path: ['PUBLIC_WEB_URL'],
        message: 'required in production (the site links in messages point to)',
      });
  });

export type NotificationConfig = z.infer<typeof notificationConfigSchema>;

/** For tests and embedders: the configuration from `env` over the defaults. */
export function notificationConfig(env: Record<string, string | undefined>): NotificationConfig {
  return parseConfig(notificationConfigSchema, env);
}
