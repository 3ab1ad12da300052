// Hot single-row reads straight on the pg pool. GET authentication/cellphone runs on every
// page of a logged-in person; through Prisma the query compiler and result mapping cost
// several times the query itself (docs/performance.md), so this read is one named
// (prepared once per connection) statement instead. Writes and everything else stay on Prisma.
import type pg from 'pg';

const CELLPHONE_BY_ID: Omit<pg.QueryConfig<[string]>, 'values'> = {
  name: 'auth-user-cellphone-by-id',
  text: 'SELECT cellphone FROM users WHERE id = $1',
};

export function createUserReads(pool: pg.Pool) {
  return {
    /** The user's cellphone, or undefined when there is no such user. `userId` must be a UUID. */
    async cellphoneOf(userId: string): Promise<string | undefined> {
      const { rows } = await pool.query<{ cellphone: string }, [string]>({ ...CELLPHONE_BY_ID, values: [userId] });
      return rows[0]?.cellphone;
    },
  };
}

export type UserReads = ReturnType<typeof createUserReads>;
