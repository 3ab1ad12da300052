import { z } from 'zod';
import { parseConfig, serviceBaseConfigSchema } from '@darmankar/platform/config';

export const employerConfigSchema = serviceBaseConfigSchema.extend({
  DATABASE_URL: z.string().min(1),
  GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50054),
  /** The event bus: the agents' cellphones are learnt from auth.user.v1, and the outbox is relayed there. */
  EVENTS_DATABASE_URL: z.string().min(1).optional(),
});

export type EmployerConfig = z.infer<typeof employerConfigSchema>;

/** For tests and embedders: the configuration from `env` over the defaults. */
export function employerConfig(env: Record<string, string | undefined>): EmployerConfig {
  return parseConfig(employerConfigSchema, env);
}
