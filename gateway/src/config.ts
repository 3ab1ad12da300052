// The gateway's configuration: the environment, validated once at start-up. Its own settings
// are here; each service module (./services) contributes the variable its address is read from
// and its own settings (its rate-limit budgets, …), so adding a service changes nothing here.
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
};

/**
 * Per service module, its address variable (defaulting to its development address) and its own
 * settings. A variable declared twice, by two modules or by a module and the gateway, is refused.
 */
export function moduleSettings(modules: readonly ServiceModule[]): z.ZodRawShape {
  const shape: Record<string, z.ZodRawShape[string]> = {};
  const taken = new Set([
    ...Object.keys(gatewaySettings),
    ...Object.keys(callerSignerConfigShape),
    ...Object.keys(baseConfigSchema.shape),
  ]);
  for (const module of modules) {
    const own: Array<[string, z.ZodRawShape[string]]> = [
      [module.address.variable, z.string().min(1).default(module.address.default)],
      ...Object.entries(module.settings ?? {}),
    ];
    for (const [variable, schema] of own) {
      if (taken.has(variable))
        throw new Error(
          `${variable} of the ${module.name} module is already a setting of the gateway or another module`,
        );
      taken.add(variable);
      shape[variable] = schema;
    }
  }
  return shape;
}

const serviceSettings = moduleSettings(SERVICE_MODULES);

const DEVELOPMENT_PUBLIC_WEB_URL = 'http://127.0.0.1:3000';

export const gatewayConfigSchema = baseConfigSchema
  .extend({ ...callerSignerConfigShape, ...gatewaySettings, ...serviceSettings })
  .superRefine(refuseDevelopmentPrivateKeyInProduction)
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.PUBLIC_WEB_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_WEB_URL'],
        message: 'required in production (email links lead there; only its pages may refresh a session)',
      });
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
