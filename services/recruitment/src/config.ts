import { z } from 'zod';
import { callerSignerConfigShape, refuseDevelopmentPrivateKeyInProduction } from '@darmankar/platform/caller-identity';
import { databaseConfigShape, parseConfig, serviceBaseConfigSchema } from '@darmankar/platform/config';

export const recruitmentConfigSchema = serviceBaseConfigSchema
  .extend({
    ...databaseConfigShape(),
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50055),
    /** The event bus: PostingChanged is relayed there, and agent changes drop cached access answers. */
    EVENTS_DATABASE_URL: z.string().min(1).optional(),
    /** The employer service: access checks, the employer shown on a posting, hiring templates. */
    EMPLOYER_GRPC_URL: z.string().min(1).default('127.0.0.1:50054'),
    /** The billing service: publishing and featuring take units of the employer's plan. */
    BILLING_GRPC_URL: z.string().min(1).default('127.0.0.1:50057'),
    /**
     * CALLER_ASSERTION_PRIVATE_KEY: vouches for the user this service acts for when it asks the
     * employer and billing services; the development key outside production, refused there.
     */
    ...callerSignerConfigShape,
    /** How many days a published posting stays open before the sweep closes it. */
    POSTING_OPEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** How many days featuring a posting keeps it featured. */
    FEATURED_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** Distinct postings a visitor without a session may open per Tehran day (per visitor id and per address). */
    PUBLIC_VIEW_LIMIT: z.coerce.number().int().min(0).max(10_000).default(10),
    /** The web app: the canonical address of a posting page and its employer's, in the JSON-LD. */
    PUBLIC_WEB_URL: z.url().default('http://127.0.0.1:3000'),
    /** How often the sweep closes expired postings, ends featuring and prunes old view counts. */
    SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
    /** Job search's engine: Postgres full text in the service's database, or Meilisearch (docs/search.md). */
    SEARCH_ENGINE: z.enum(['postgres', 'meilisearch']).default('postgres'),
    /** Meilisearch's address and key, when SEARCH_ENGINE is meilisearch. */
    MEILI_HOST: z.url().optional(),
    MEILI_API_KEY: z.string().min(1).optional(),
    /** The Meilisearch index postings are kept in. */
    MEILI_INDEX: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .default('postings'),
    /** How often the search index's lag behind the postings table is logged. */
    SEARCH_LAG_LOG_INTERVAL_MS: z.coerce.number().int().min(1000).default(300_000),
    /**
     * How long a search answer (query + page + order, the same for everyone) is reused, in ms;
     * 0: never. Unset: 15 s in production, off elsewhere so an edit shows at once in
     * development and tests. A posting archived or closed may stay listed this long.
     */
    SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).optional(),
    /** At most this many search answers kept (each a page of cards, a few tens of kB). */
    SEARCH_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(500),
    /** The resume service: a resume's postings read the caller's resume there. */
    RESUME_GRPC_URL: z.string().min(1).default('127.0.0.1:50053'),
  })
  .superRefine(refuseDevelopmentPrivateKeyInProduction)
  .superRefine((config, context) => {
    if (config.SEARCH_ENGINE === 'meilisearch' && !config.MEILI_HOST)
      context.addIssue({ code: 'custom', path: ['MEILI_HOST'], message: 'SEARCH_ENGINE=meilisearch needs MEILI_HOST' });
  });

export type RecruitmentConfig = z.infer<typeof recruitmentConfigSchema>;

/** The search answers' time to live: SEARCH_CACHE_TTL_MS, else 15 s in production and none elsewhere. */
export function searchCacheTtlMs(config: Pick<RecruitmentConfig, 'SEARCH_CACHE_TTL_MS' | 'NODE_ENV'>): number {
  return config.SEARCH_CACHE_TTL_MS ?? (config.NODE_ENV === 'production' ? 15_000 : 0);
}

/** For tests and embedders: the configuration from `env` over the defaults. */
export function recruitmentConfig(env: Record<string, string | undefined>): RecruitmentConfig {
  return parseConfig(recruitmentConfigSchema, env);
}
