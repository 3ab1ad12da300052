// The service's Postgres access: the platform's pool (connect and statement timeouts). The
// service's reads and writes are SQL on it (its tables are small and its queries few); its
// transactions go through inPgTransaction, the same one handleOnce and the outbox use.
import { createPool } from '@darmankar/platform/database';
import { inPgTransaction } from '@darmankar/platform/events/index';

export { createPool, inPgTransaction };
