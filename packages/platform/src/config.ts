// Configuration comes from the environment and is validated once at start-up, so a
// missing or malformed variable stops the process with a message naming it.
import { z } from 'zod';
import { callerVerifierConfigShape, refuseDevelopmentPublicKeyInProduction } from './caller-identity.ts';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The variables every process reads. Services extend it with their own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` or `pretty` (pino-pretty); unset: pretty in development on a terminal, JSON elsewhere (log.ts). */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  KAFKA_BROKERS: z.string().min(1).optional(),
});

/**
 * What every gRPC service reads on top of the base: the public key it verifies the gateway's
 * caller assertions with (see caller-identity.ts). Services extend this one.
 */
export const serviceBaseConfigSchema = baseConfigSchema
  .extend(callerVerifierConfigShape)
  .superRefine(refuseDevelopmentPublicKeyInProduction);

/**
 * Connections a service process's pool may hold to its own database when the service does not
 * say otherwise. A process has one event loop: a few connections keep it fed (a short query
 * frees its connection in a fraction of a millisecond, and the pool queues the rest), while
 * every extra connection is one more Postgres backend competing for the database's cores and
 * counting against its max_connections (docs/adr/020-database-pool-size.md).
 */
export const DEFAULT_DATABASE_POOL_MAX = 4;

/**
 * A service's own database: DATABASE_URL and DATABASE_POOL_MAX, the size of the process's pool
 * (`createPool`). `poolMax` is the service's default, chosen for its queries.
 */
export function databaseConfigShape(poolMax: number = DEFAULT_DATABASE_POOL_MAX) {
  return {
    DATABASE_URL: z.string().min(1),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(poolMax),
  };
}

/** Parses `env` with `schema`; throws a ConfigError naming every bad variable. */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
}

/** For `main.ts`: like parseConfig, but prints the problem and exits instead of throwing. */
export function loadConfig<S extends z.ZodType>(schema: S): z.infer<S> {
  try {
    return parseConfig(schema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
