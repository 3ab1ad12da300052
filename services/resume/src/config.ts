import { z } from 'zod';
import { callerSignerConfigShape, refuseDevelopmentPrivateKeyInProduction } from '@darmankar/platform/caller-identity';
import { databaseConfigShape, parseConfig, serviceBaseConfigSchema } from '@darmankar/platform/config';

export const resumeConfigSchema = serviceBaseConfigSchema
  .extend({
    ...databaseConfigShape(),
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50053),
    EVENTS_DATABASE_URL: z.string().min(1).optional(),
    /** The files service, which holds the picture and the custom resume. */
    FILES_GRPC_URL: z.string().min(1).default('127.0.0.1:50052'),
    /**
     * CALLER_ASSERTION_PRIVATE_KEY: vouches for the user this service acts for when it calls
     * the files service (Ed25519 PEM); the development key outside production, refused there.
     */
    ...callerSignerConfigShape,
    /** Lifetime of the signed link to a custom resume (the files service caps it). */
    CUSTOM_RESUME_LINK_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  })
  .superRefine(refuseDevelopmentPrivateKeyInProduction);

export type ResumeConfig = z.infer<typeof resumeConfigSchema>;

/** For tests and embedders: the configuration from `env` over the defaults. */
export function resumeConfig(env: Record<string, string | undefined>): ResumeConfig {
  return parseConfig(resumeConfigSchema, env);
}
