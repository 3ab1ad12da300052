// The service's Postgres access: the platform's pool (connect and statement timeouts) under
// the Prisma client. Unique violations are recognised here so the domain never sees Prisma's errors.
import type pg from 'pg';
import { createPool, createPrismaClient, isUniqueViolation } from '@darmankar/platform/database';
import type { Logger } from '@darmankar/platform/log';
import { PrismaClient, type Prisma } from './generated/client.ts';

export type Database = InstanceType<typeof PrismaClient>;
export type Transaction = Prisma.TransactionClient;
export type { Application as ApplicationRow, ApplicationHistory as HistoryRow } from './generated/client.ts';

export { createPool, isUniqueViolation };

/** The Prisma client over `source` (a pool of the caller's, ended with the client, or a URL). */
export function createDatabase(source: string | pg.Pool, log?: Logger): Database {
  return createPrismaClient(PrismaClient, typeof source === 'string' ? createPool(source, { log }) : source);
}
