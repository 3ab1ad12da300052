import type pg from 'pg';

/**
 * Runs one SQL statement with positional parameters ($1, $2, ...) inside the caller's
 * transaction and answers the number of rows it affected. Small on purpose, so the same
 * outbox and idempotency code works with a Prisma interactive transaction and a `pg` client.
 */
export type SqlExecutor = (sql: string, params: unknown[]) => Promise<number>;

/** The subset of a Prisma transaction client the executor needs. */
export interface PrismaRawExecutor {
  $executeRawUnsafe(sql: string, ...params: unknown[]): Promise<number>;
}

export function prismaExecutor(tx: PrismaRawExecutor): SqlExecutor {
  return (sql, params) => tx.$executeRawUnsafe(sql, ...params);
}

export function pgExecutor(client: pg.ClientBase | pg.Pool): SqlExecutor {
  return async (sql, params) => (await client.query(sql, params)).rowCount ?? 0;
}

/** Runs `work` in a transaction on one pooled connection: committed when it resolves, rolled back when it throws. */
export async function inPgTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // The pool listens for errors only on idle clients: a connection cut while this one is out but
  // between queries (e.g. while `work` publishes elsewhere) would be an uncaught 'error'. The
  // next query fails instead, and the broken client is dropped rather than pooled again.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}
