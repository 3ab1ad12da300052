// The search contract against the embedded engine: Postgres full text with vocabulary typo
// correction, on a throw-away database migrated like the service's.
import { createPool } from '@darmankar/platform/database';
import { createPostgresSearch } from '../src/adapters/postgres-search.ts';
import { searchContract } from './search-contract.ts';
import { createRecruitmentTestDatabase } from './helpers.ts';

searchContract(async () => {
  const database = await createRecruitmentTestDatabase();
  const pool = createPool(database.url, { max: 2 });
  return {
    index: createPostgresSearch(pool),
    async stop() {
      await pool.end();
      await database.drop();
    },
  };
});
