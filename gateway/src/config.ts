// The gateway's configuration: the environment, validated once at start-up. Each service
// module contributes the variable its address is read from (./services), so adding a service
// changes nothing here.
import { z } from 'zod';
import { callerSignerConfigShape, refuseDevelopmentPrivateKeyInProduction } from '@darmankar/platform/caller-identity';
import { baseConfigSchema, parseConfig } from '@darmankar/platform/config';
import { SERVICE_MODULES } from './services/index.ts';
import type { ServiceModule } from './services/module.ts';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const gatewaySettings = {
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Rate-limit counters live in Redis when set (several gateways), in process otherwise. */
  REDIS_URL: z.url().optional(),
  /**
   * Session cookies `Secure` and `__Host-` prefixed (browsers then keep them over HTTPS only);
   * true in production unless set, false elsewhere (plain http on loopback).
   */
  COOKIE_SECURE: z.stringbool().optional(),
  /**
   * How long any one Redis command may take before the gateway gives up on it (a frozen or
   * unreachable Redis): the in-process limiter and revocation copy stand in meanwhile.
   */
  REDIS_COMMAND_TIMEOUT_MS: positiveInt(250),
  /** The API documentation UI at /api/docs; off in production unless set (the OpenAPI JSON stays). */
  API_DOCS_ENABLED: z.stringbool().optional(),
  /** Deadline of every gRPC call, so a stopped or stuck service never hangs a request. */
  GRPC_TIMEOUT_MS: positiveInt(5_000),
  /**
   * The web app's public origin: where browser navigations (the email verification link) are
   * sent back to, and the origin whose pages may refresh a session. Required in production.
   */
  PUBLIC_WEB_URL: z.url().optional(),
  /** Express "trust proxy": which hops may set X-Forwarded-For (the web app proxies from loopback). */
  TRUST_PROXY: z.string().default('loopback'),
  RATE_LIMIT_KEY_PREFIX: z.string().min(1).default('dk-rl'),
  /**
   * The longest an access token lives (the auth service's ACCESS_TOKEN_TTL_SECONDS): a session
   * ended by logout, reuse detection or a cellphone change has its tokens refused this long.
   */
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(900),
  /** Redis keys (and pub/sub channel) of sessions ended by logout, shared by every gateway. */
  REVOKED_SESSIONS_KEY_PREFIX: z.string().min(1).default('dk-revoked-session'),
  /** Every /api request, per client IP. */
  RATE_LIMIT_API_POINTS: positiveInt(600),
  RATE_LIMIT_API_WINDOW_SECONDS: positiveInt(60),
  /** One-time code sends and verifies: per client IP and per normalised cellphone (SMS bombing). */
  RATE_LIMIT_CODE_IP_POINTS: positiveInt(30),
  RATE_LIMIT_CODE_CELLPHONE_POINTS: positiveInt(10),
  RATE_LIMIT_CODE_WINDOW_SECONDS: positiveInt(600),
  /**
   * Calls anyone may make that look a record up by a token they were handed (a payment's
   * authority on the provider's callback), per client IP: nobody sweeps guesses through them.
   */
  RATE_LIMIT_LOOKUP_IP_POINTS: positiveInt(60),
  RATE_LIMIT_LOOKUP_WINDOW_SECONDS: positiveInt(600),
};

/** One address variable per service module, defaulting to its development address. */
const serviceAddresses = Object.fromEntries(
  SERVICE_MODULES.map((module) => [module.address.variable, z.string().min(1).default(module.address.default)]),
) as Record<string, z.ZodDefault<z.ZodString>>;

const DEVELOPMENT_PUBLIC_WEB_URL = 'http://127.0.0.1:3000';

export const gatewayConfigSchema = baseConfigSchema
  .extend({ ...callerSignerConfigShape, ...gatewaySettings, ...serviceAddresses })
  .superRefine(refuseDevelopmentPrivateKeyInProduction)
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.PUBLIC_WEB_URL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_WEB_URL'], message: 'required in production (email links lead there; only its pages may refresh a session)' });
    }
  })
  .transform((env) => {
    const production = env.NODE_ENV === 'production';
    return {
      ...env,
      PUBLIC_WEB_URL: env.PUBLIC_WEB_URL ?? DEVELOPMENT_PUBLIC_WEB_URL,
      COOKIE_SECURE: env.COOKIE_SECURE ?? production,
      API_DOCS_ENABLED: env.API_DOCS_ENABLED ?? !production,
    };
  });

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function parseGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return parseConfig(gatewayConfigSchema, env);
}

/** The configured gRPC address of a service module. */
export function addressOf(config: GatewayConfig, module: ServiceModule): string {
  return (config as Record<string, unknown>)[module.address.variable] as string;
}
