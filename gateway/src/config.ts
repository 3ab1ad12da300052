// The gateway's configuration: the environment, validated once at start-up.
import { z } from 'zod';
import { baseConfigSchema, parseConfig } from '@darmankar/platform/config';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const gatewayConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  AUTH_GRPC_URL: z.string().min(1).default('127.0.0.1:50051'),
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
  /** Redis keys (and pub/sub channel) of sessions ended by logout, shared by every gateway. */
  REVOKED_SESSIONS_KEY_PREFIX: z.string().min(1).default('dk-revoked-session'),
  /** Every /api request, per client IP. */
  RATE_LIMIT_API_POINTS: positiveInt(600),
  RATE_LIMIT_API_WINDOW_SECONDS: positiveInt(60),
  /** One-time code sends and verifies: per client IP and per normalised cellphone (SMS bombing). */
  RATE_LIMIT_CODE_IP_POINTS: positiveInt(30),
  RATE_LIMIT_CODE_CELLPHONE_POINTS: positiveInt(10),
  RATE_LIMIT_CODE_WINDOW_SECONDS: positiveInt(600),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function parseGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return parseConfig(gatewayConfigSchema, env);
}
