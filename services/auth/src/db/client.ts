// The service's Postgres access: one pg pool, shared by the Prisma client and by the few
// hot reads that skip Prisma (user-reads.ts).
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Logger } from '@darmankar/platform/log';
import { PrismaClient, type Prisma } from './generated/client.ts';

export type Database = InstanceType<typeof PrismaClient>;
export type Transaction = Prisma.TransactionClient;

/** pg's default; a pool this size keeps up with one process's event loop on this service's queries. */
const POOL_SIZE = 10;

/**
 * A pool that survives Postgres closing its connections. An idle connection cut by the
 * server (a restart, an administrator's pg_terminate_backend: 57P01) makes the pool emit
 * 'error'; without a listener that is an uncaught exception that ends the process. The
 * listener is ours from the start (the Prisma adapter adds one only once it first connects,
 * and only to its debug output), so the loss is logged and never fatal; the pool has already
 * dropped the broken connection and opens a new one for the next query.
 */
export function createPool(connectionString: string, log?: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE });
  pool.on('error', (error: Error & { code?: string }) => {
    log?.warn({ err: error, code: error.code }, 'idle database connection lost; the pool reconnects on the next query');
  });
  return pool;
}

/** The Prisma client over `source` (a pool of the caller's, ended with the client, or a URL). */
export function createDatabase(source: string | pg.Pool, log?: Logger): Database {
  const pool = typeof source === 'string' ? createPool(source, log) : source;
  // The adapter ships its own (newer) @types/pg; at run time both are the one pg module.
  const adapterPool = pool as unknown as ConstructorParameters<typeof PrismaPg>[0];
  return new PrismaClient({ adapter: new PrismaPg(adapterPool, { disposeExternalPool: true }) });
}
