// The service's Postgres access: the platform's pool (connect and statement timeouts) under
// the Prisma client, and the translation of Prisma's errors the domain must not see.
import type pg from 'pg';
import { createPool, createPrismaClient, isUniqueViolation } from '@darmankar/platform/database';
import type { Logger } from '@darmankar/platform/log';
import { Prisma, PrismaClient } from './generated/client.ts';

export type Database = InstanceType<typeof PrismaClient>;
export type Transaction = Prisma.TransactionClient;
export type {
  Agent as AgentRow,
  Employer as EmployerRow,
  Step as StepRow,
  Template as TemplateRow,
} from './generated/client.ts';

export { createPool, isUniqueViolation };

/** The Prisma client over `source` (a pool of the caller's, ended with the client, or a URL). */
export function createDatabase(source: string | pg.Pool, log?: Logger): Database {
  return createPrismaClient(PrismaClient, typeof source === 'string' ? createPool(source, { log }) : source);
}
