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
  })
  .superRefine(refuseDevelopmentPrivateKeyInProduction);

export type HiringConfig = z.infer<typeof hiringConfigSchema>;

/** For tests and embedders: the configuration from `env` over the defaults. */
export function hiringConfig(env: Record<string, string | undefined>): HiringConfig {
  return parseConfig(hiringConfigSchema, env);
}
