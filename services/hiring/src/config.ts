import { z } from 'zod';
import { callerSignerConfigShape, refuseDevelopmentPrivateKeyInProduction } from '@darmankar/platform/caller-identity';
import { databaseConfigShape, parseConfig, serviceBaseConfigSchema } from '@darmankar/platform/config';

export const hiringConfigSchema = serviceBaseConfigSchema
  .extend({
    ...databaseConfigShape(),
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50056),
    /** The event bus: ApplicationChanged is relayed there, and agent changes drop cached access answers. */
    EVENTS_DATABASE_URL: z.string().min(1).optional(),
    /** The employer service: access checks (ApplyManage), the employer's templates, step usage. */
    EMPLOYER_GRPC_URL: z.string().min(1).default('127.0.0.1:50054'),
    /** The recruitment service: the posting applied to (status, employer, template). */
    RECRUITMENT_GRPC_URL: z.string().min(1).default('127.0.0.1:50055'),
    /** The resume service: the applicant's resume, copied into the application. */
    RESUME_GRPC_URL: z.string().min(1).default('127.0.0.1:50053'),
    /** The files service: holds an application's resume files and issues their read links. */
    FILES_GRPC_URL: z.string().min(1).default('127.0.0.1:50052'),
    /**
     * CALLER_ASSERTION_PRIVATE_KEY: vouches for the user this service acts for when it asks the
     * other services; the development key outside production, refused there.
     */
    ...callerSignerConfigShape,
    /** Lifetime of a link to an application's custom resume file, in seconds. */
    APPLICATION_FILE_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    /**
     * How long the employer's reading calls (flow, lists, one application, neighbours, analytics)
     * reuse a posting's employer and template, in ms; 0: never. Unset: 5 s in production, off
     * elsewhere so a changed template shows at once in development and tests. Moves and
     * rejections always read them afresh.
     */
    POSTING_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  })
  .superRefine(refuseDevelopmentPrivateKeyInProduction);

export type HiringConfig = z.infer<typeof hiringConfigSchema>;

/** The posting cache's time to live: POSTING_CACHE_TTL_MS, else 5 s in production and none elsewhere. */
export function postingCacheTtlMs(config: Pick<HiringConfig, 'POSTING_CACHE_TTL_MS' | 'NODE_ENV'>): number {
  return config.POSTING_CACHE_TTL_MS ?? (config.NODE_ENV === 'production' ? 5_000 : 0);
}

/** For tests and embedders: the configuration from `env` over the defaults. */
export function hiringConfig(env: Record<string, string | undefined>): HiringConfig {
  return parseConfig(hiringConfigSchema, env);
}
