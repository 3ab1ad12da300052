import { z } from 'zod';
import { databaseConfigShape, serviceBaseConfigSchema, parseConfig } from '@darmankar/platform/config';
import {
  messagingConfigShape,
  refineMessagingConfig,
  smsirTemplateId,
  smsProviderOf,
} from '@darmankar/platform/messaging';

// Used only outside production, so development and tests need no secret set up. Production
// refuses them: they are public in this repository.
const DEVELOPMENT_CODE_HASH_SECRET = 'darmankar-development-code-hash-secret';
const DEVELOPMENT_SIGNING_KEY_ENCRYPTION_SECRET = 'darmankar-development-signing-key-encryption-secret';

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** `900,3600,86400`: ascending positive seconds. */
const secondsList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const steps = value.split(',').map((part) => Number(part.trim()));
      if (steps.length === 0 || steps.some((step) => !Number.isInteger(step) || step <= 0)) {
        ctx.addIssue({
          code: 'custom',
          message: 'a comma-separated list of positive whole seconds, e.g. 900,3600,86400',
        });
        return z.NEVER;
      }
      return steps;
    });

export const authConfigSchema = serviceBaseConfigSchema
  .extend({
    // Two connections: auth's hot calls are one short query each (the logged-in cellphone read
    // on every page), which two connections keep flowing; more only add Postgres backends
    // competing for the same cores (docs/adr/020-database-pool-size.md).
    ...databaseConfigShape(2),
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50051),

    ACCESS_TOKEN_TTL_SECONDS: seconds(900),
    REFRESH_TOKEN_TTL_SECONDS: seconds(30 * 24 * 3600),
    /** A browser fires parallel requests with the same refresh token; the losers are forgiven this long. */
    REFRESH_TOKEN_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).default(10),
    /** A new access-token signing key this often; older keys stay in the JWKS until their tokens expired. */
    SIGNING_KEY_ROTATION_DAYS: count(30),

    CELLPHONE_CODE_TTL_SECONDS: seconds(180),
    CELLPHONE_CODE_RESEND_SECONDS: z.coerce.number().int().min(0).default(120),
    CELLPHONE_CODE_MAX_ATTEMPTS: count(5),
    /** Codes sent to one cellphone in any 24 hours. */
    CELLPHONE_CODE_DAILY_LIMIT: count(10),
    /** How long a client address is locked out of a cellphone after using up a code's attempts: first, second, third and later time within 24 hours. */
    CELLPHONE_LOCKOUT_SECONDS: secondsList('900,3600,86400'),
    /** SMS of every kind per clock hour, all replicas together; beyond it sending stops until the next hour. */
    SMS_HOURLY_BUDGET: count(2000),
    EMAIL_CODE_TTL_SECONDS: seconds(24 * 3600),
    /** Verification mails per user, and per email address, in any 24 hours. */
    EMAIL_VERIFICATION_DAILY_LIMIT_PER_USER: count(5),
    EMAIL_VERIFICATION_DAILY_LIMIT_PER_ADDRESS: count(3),

    /** How often expired codes, spent tokens, old verifications and ended sessions are deleted. */
    PURGE_INTERVAL_SECONDS: seconds(3600),

    // SMS_PROVIDER, KAVENEGAR_*, SMSIR_*, SMTP_URL, MAIL_FROM, MESSAGING_TIMEOUT_MS: the
    // platform's messaging (ADR 029). Codes go out with KAVENEGAR_TEMPLATE / SMSIR_CODE_TEMPLATE_ID.
    // A code is sent while the gateway waits (GRPC_TIMEOUT_MS, 5 s): a hung provider fails first.
    ...messagingConfigShape({ timeoutMs: 4_000 }),
    /** The Kavenegar template that tells an old cellphone that the account moved to another number (%token%: its last four digits). */
    KAVENEGAR_NOTICE_TEMPLATE: z.string().min(1).optional(),
    /** The same notice's sms.ir template (its parameter: the new number's last four digits). */
    SMSIR_NOTICE_TEMPLATE_ID: smsirTemplateId(),
    PUBLIC_WEB_URL: z.url().optional(),

    CODE_HASH_SECRET: z.string().min(16).optional(),
    SIGNING_KEY_ENCRYPTION_SECRET: z.string().min(32).optional(),

    /**
     * The embedded event log's database (e.g. …/darmankar_events). With it, or with
     * KAFKA_BROKERS, the outbox relay runs in this process; without either, events wait in
     * the outbox until a relay runs.
     */
    EVENTS_DATABASE_URL: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    refineMessagingConfig(env, ctx, {
      sms: [
        { kavenegar: 'KAVENEGAR_TEMPLATE', smsir: 'SMSIR_CODE_TEMPLATE_ID', why: 'one-time codes go out in it' },
        {
          kavenegar: 'KAVENEGAR_NOTICE_TEMPLATE',
          smsir: 'SMSIR_NOTICE_TEMPLATE_ID',
          why: 'an old cellphone is told by SMS when the account moves to another number',
        },
      ],
      mail: true,
    });
    if (env.NODE_ENV !== 'production') return;
    const require = (name: keyof typeof env, why: string) => {
      if (env[name] === undefined)
        ctx.addIssue({ code: 'custom', path: [name], message: `required in production (${why})` });
    };
    const refuseDevelopment = (name: keyof typeof env, developmentValue: string) => {
      if (env[name] === developmentValue)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'the development value is public; set a secret of your own in production',
        });
    };
    require('PUBLIC_WEB_URL', 'links in emails point at it');
    require('CODE_HASH_SECRET', 'one-time codes are hashed with it');
    require('SIGNING_KEY_ENCRYPTION_SECRET', 'private signing keys are encrypted with it');
    refuseDevelopment('CODE_HASH_SECRET', DEVELOPMENT_CODE_HASH_SECRET);
    refuseDevelopment('SIGNING_KEY_ENCRYPTION_SECRET', DEVELOPMENT_SIGNING_KEY_ENCRYPTION_SECRET);
  })
  .transform((env) => ({
    ...env,
    SMS_PROVIDER: smsProviderOf(env),
    PUBLIC_WEB_URL: env.PUBLIC_WEB_URL ?? 'http://127.0.0.1:3000',
    CODE_HASH_SECRET: env.CODE_HASH_SECRET ?? DEVELOPMENT_CODE_HASH_SECRET,
    SIGNING_KEY_ENCRYPTION_SECRET: env.SIGNING_KEY_ENCRYPTION_SECRET ?? DEVELOPMENT_SIGNING_KEY_ENCRYPTION_SECRET,
  }));

export type AuthConfig = z.infer<typeof authConfigSchema>;

/** For tests and embedders: the configuration from `env` over the defaults. */
export function authConfig(env: Record<string, string | undefined>): AuthConfig {
  return parseConfig(authConfigSchema, env);
}
