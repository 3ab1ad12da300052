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
  COOKIE_SECURE: z.stringbool().default(false),
  /** Deadline of every gRPC call, so a stopped or stuck service never hangs a request. */
  GRPC_TIMEOUT_MS: positiveInt(5_000),
  /** Where browser navigations (the email verification link) are sent back to. */
  PUBLIC_WEB_URL: z.url().default('http://127.0.0.1:3000'),
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
};

/** One address variable per service module, defaulting to its development address. */
const serviceAddresses = Object.fromEntries(
  SERVICE_MODULES.map((module) => [module.address.variable, z.string().min(1).default(module.address.default)]),
) as Record<string, z.ZodDefault<z.ZodString>>;

export const gatewayConfigSchema = baseConfigSchema
  .extend({ ...callerSignerConfigShape, ...gatewaySettings, ...serviceAddresses })
  .superRefine(refuseDevelopmentPrivateKeyInProduction);

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function parseGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return parseConfig(gatewayConfigSchema, env);
}

/** The configured gRPC address of a service module. */
export function addressOf(config: GatewayConfig, module: ServiceModule): string {
  return (config as Record<string, unknown>)[module.address.variable] as string;
}
