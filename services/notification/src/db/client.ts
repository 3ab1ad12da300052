// The service's Postgres access: the platform's pool (connect and statement timeouts). The
// service's reads and writes are SQL on it (its tables are small and its queries few); its
// transactions go through inPgTransaction, the same one handleOnce and the outbox use.
import type pg from 'pg';
import { createPool, isUniqueViolation } from '@darmankar/platform/database';
import { inPgTransaction } from '@darmankar/platform/events/index';

export type Database = pg.Pool;
/** A connection inside a transaction (or the pool itself, for a single statement). */
export type Sql = Pick<pg.ClientBase, 'query'>;

export { createPool, inPgTransaction, isUniqueViolation };
