import { z } from 'zod';
import { callerSignerConfigShape, refuseDevelopmentPrivateKeyInProduction } from '@darmankar/platform/caller-identity';
import { databaseConfigShape, parseConfig, serviceBaseConfigSchema } from '@darmankar/platform/config';

export const employerConfigSchema = serviceBaseConfigSchema
  .extend({
    ...databaseConfigShape(),
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50054),
    /**
     * The event bus: the agents' cellphones are learnt from auth.user.v1, plans' promotion from
     * billing.plan.v1, and the outbox is relayed there.
     */
    EVENTS_DATABASE_URL: z.string().min(1).optional(),
    /**
     * The auth service, asked for a caller's cellphone when auth.user.v1 has not told this
     * service yet (an invited agent's first calls after their first login).
     */
    AUTH_GRPC_URL: z.string().min(1).default('127.0.0.1:50051'),
    /** The files service, which holds the logo and the private documents. */
    FILES_GRPC_URL: z.string().min(1).default('127.0.0.1:50052'),
    /**
     * CALLER_ASSERTION_PRIVATE_KEY: vouches for the user this service acts for when it calls
     * the files and auth services (Ed25519 PEM); the development key outside production, refused there.
     */
    ...callerSignerConfigShape,
    /** Lifetime of a signed link to one of the employer's documents (the files service caps it). */
    FILE_LINK_TTL_SECONDS: z.coerce.number().int().positive().default(300),
    /** The web app: the profile page's address and the logo's, in the page metadata and JSON-LD. */
    PUBLIC_WEB_URL: z.url().default('http://127.0.0.1:3000'),
  })
  .superRefine(refuseDevelopmentPrivateKeyInProduction);

export type EmployerConfig = z.infer<typeof employerConfigSchema>;

/** For tests and embedders: the configuration from `env` over the defaults. */
export function employerConfig(env: Record<string, string | undefined>): EmployerConfig {
  return parseConfig(employerConfigSchema, env);
}
