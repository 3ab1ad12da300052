import { z } from 'zod';
import { serviceBaseConfigSchema, parseConfig } from '@darmankar/platform/config';

// Used only outside production, so development and tests need no secret set up.
const DEVELOPMENT_CODE_HASH_SECRET = 'darmankar-development-code-hash-secret';

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const authConfigSchema = serviceBaseConfigSchema
  .extend({
    DATABASE_URL: z.string().min(1),
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50051),

    ACCESS_TOKEN_TTL_SECONDS: seconds(900),
    REFRESH_TOKEN_TTL_SECONDS: seconds(30 * 24 * 3600),
    /** A browser fires parallel requests with the same refresh token; the losers are forgiven this long. */
    REFRESH_TOKEN_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).default(10),

    CELLPHONE_CODE_TTL_SECONDS: seconds(180),
    CELLPHONE_CODE_RESEND_SECONDS: z.coerce.number().int().min(0).default(120),
    CELLPHONE_CODE_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
    EMAIL_CODE_TTL_SECONDS: seconds(24 * 3600),

    SMS_PROVIDER: z.enum(['outbox', 'kavenegar']).optional(),
    KAVENEGAR_API_KEY: z.string().min(1).optional(),
    KAVENEGAR_TEMPLATE: z.string().min(1).optional(),
    KAVENEGAR_BASE_URL: z.url().default('https://api.kavenegar.com'),

    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().min(1).default('درمانکار <no-reply@darmankar.ir>'),
    PUBLIC_WEB_URL: z.url().default('http://127.0.0.1:3000'),

    CODE_HASH_SECRET: z.string().min(16).optional(),

    /**
     * The embedded event log's database (e.g. …/darmankar_events). With it, or with
     * KAFKA_BROKERS, the outbox relay runs in this process; without either, events wait in
     * the outbox until a relay runs.
     */
    EVENTS_DATABASE_URL: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    const require = (name: keyof typeof env, why: string) => {
      if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `required in production (${why})` });
    };
    if (env.SMS_PROVIDER === 'outbox') {
      ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'the development outbox cannot send real SMS; use kavenegar in production' });
    }
    require('KAVENEGAR_API_KEY', 'SMS is sent through Kavenegar');
    require('KAVENEGAR_TEMPLATE', 'SMS is sent through Kavenegar');
    require('SMTP_URL', 'email is sent through SMTP');
    require('CODE_HASH_SECRET', 'one-time codes are hashed with it');
  })
  .transform((env) => ({
    ...env,
    SMS_PROVIDER: env.SMS_PROVIDER ?? (env.NODE_ENV === 'production' ? 'kavenegar' : 'outbox'),
    CODE_HASH_SECRET: env.CODE_HASH_SECRET ?? DEVELOPMENT_CODE_HASH_SECRET,
  }));

export type AuthConfig = z.infer<typeof authConfigSchema>;

/** For tests and embedders: the configuration from `env` over the defaults. */
export function authConfig(env: Record<string, string | undefined>): AuthConfig {
  return parseConfig(authConfigSchema, env);
}
