// A service's Postgres access: one pg pool with connect and statement timeouts, shared by
// the service's Prisma client and by any hot reads that skip Prisma.
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { DEFAULT_DATABASE_POOL_MAX } from './config.ts';
import type { Logger } from './log.ts';

export interface PoolOptions {
  /** Connections at most: a service passes its DATABASE_POOL_MAX (see databaseConfigShape). */
  max?: number;
  /** How long to wait for a connection (a new one, or a free one from a full pool). */
  connectTimeoutMs?: number;
  /**
   * The longest any one statement may run on the server. A stuck query (a lock held by a
   * forgotten transaction) then fails its call instead of holding a connection for ever.
   */
  statementTimeoutMs?: number;
  log?: Logger;
}

const DEFAULT_POOL_OPTIONS = {
  max: DEFAULT_DATABASE_POOL_MAX,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
} as const;

/**
 * A pool that survives Postgres closing its connections. An idle connection cut by the
 * server (a restart, an administrator's pg_terminate_backend: 57P01) makes the pool emit
 * 'error'; without a listener that is an uncaught exception that ends the process. The
 * listener is ours from the start (the Prisma adapter adds one only once it first connects,
 * and only to its debug output), so the loss is logged and never fatal; the pool has already
 * dropped the broken connection and opens a new one for the next query.
 */
export function createPool(connectionString: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? DEFAULT_POOL_OPTIONS.max,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_POOL_OPTIONS.connectTimeoutMs,
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_POOL_OPTIONS.statementTimeoutMs,
  });
  pool.on('error', (error: Error & { code?: string }) => {
    options.log?.warn(
      { err: error, code: error.code },
      'idle database connection lost; the pool reconnects on the next query',
    );
  });
  return pool;
}

/** The constructor of a service's generated Prisma client (driver-adapter mode). */
export type PrismaClientClass<C> = new (options: { adapter: PrismaPg }) => C;

/**
 * The service's Prisma client over `pool`; disconnecting the client ends the pool.
 * `PrismaClient` is the class generated into the service's own `db/generated/`.
 */
export function createPrismaClient<C>(PrismaClient: PrismaClientClass<C>, pool: pg.Pool): C {
  // The adapter ships its own (newer) @types/pg; at run time both are the one pg module.
  const adapterPool = pool as unknown as ConstructorParameters<typeof PrismaPg>[0];
  return new PrismaClient({ adapter: new PrismaPg(adapterPool, { disposeExternalPool: true }) });
}

/**
 * A write broke a unique constraint (Postgres 23505): the domain's "already taken". Prisma
 * reports it as P2002, or as P2010 carrying 23505 for raw SQL; a query on the pool directly
 * throws pg's own error with the code. Read by shape, so every service's generated client counts.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, meta } = error as { code?: unknown; meta?: { code?: unknown } };
  if (error instanceof pg.DatabaseError) return code === '23505';
  if (error.name !== 'PrismaClientKnownRequestError') return false;
  return code === 'P2002' || (code === 'P2010' && String(meta?.code) === '23505');
}
