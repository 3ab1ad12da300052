import { z } from 'zod';
import { databaseConfigShape, parseConfig, serviceBaseConfigSchema } from '@darmankar/platform/config';

export const recruitmentConfigSchema = serviceBaseConfigSchema.extend({
  ...databaseConfigShape(),
  GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50055),
});

export type RecruitmentConfig = z.infer<typeof recruitmentConfigSchema>;

/** For tests and embedders: the configuration from `env` over the defaults. */
export function recruitmentConfig(env: Record<string, string | undefined>): RecruitmentConfig {
  return parseConfig(recruitmentConfigSchema, env);
}
