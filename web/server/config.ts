// The web server's environment, parsed once at start-up: a bad value stops the server with a
// message naming the variable. The schema is exported so the Helm chart's rendered env can be
// checked against it too.
import { baseConfigSchema, parseConfig } from '@darmankar/platform/config';
import { z } from 'zod';
import { parseTrustProxy } from './client-address.ts';

const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');

export const webConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    /** Where `/api` and the server-side loader and action calls go. */
    GATEWAY_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8080'),
    /**
     * Which hops in front of the web server may tell it the client's address through
     * `X-Forwarded-For`: empty (none: the socket's peer is the client), a hop count, or a
     * comma-separated list of addresses, CIDR ranges and `loopback`/`linklocal`/`uniquelocal`.
     * `true` (trust everyone) is refused: it would let any client pick its own address.
     */
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((value, ctx) => {
        try {
          return parseTrustProxy(value);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
    /** `Secure` on cookies the web server sets itself; defaults to true in production. */
    COOKIE_SECURE: booleanString.optional(),
    /** The site's public origin (canonical links, same-origin checks); the request's when unset. */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Client error reports accepted per client address and window at `/monitoring`. */
    MONITORING_RATE_LIMIT_POINTS: z.coerce.number().int().positive().default(20),
    MONITORING_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  })
  .transform((config) => ({
    ...config,
    COOKIE_SECURE: config.COOKIE_SECURE ?? config.NODE_ENV === 'production',
  }));

export type WebConfig = z.output<typeof webConfigSchema>;

/** Parses `env`; throws a ConfigError naming every bad variable. */
export function parseWebConfig(env: Record<string, string | undefined> = process.env): WebConfig {
  return parseConfig(webConfigSchema, env);
}

let cached: WebConfig | undefined;

/** The process's configuration, for modules of the app that read a setting at run time. */
export function webConfig(): WebConfig {
  cached ??= parseWebConfig();
  return cached;
}
