// Applies the platform's and this service's migrations to DATABASE_URL, creating the
// database first when it does not exist. Used by `make dev`, the tests and the Helm job.
import { fileURLToPath } from 'node:url';
import { applyMigrations, ensureDatabase, serviceMigrationSets } from '@darmankar/platform/migrate';

export const AUTH_SERVICE_DIR = fileURLToPath(new URL('../../', import.meta.url));

export async function migrateAuthDatabase(databaseUrl: string): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  return applyMigrations(databaseUrl, serviceMigrationSets(AUTH_SERVICE_DIR));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('Invalid configuration:\n  - DATABASE_URL: required');
    process.exit(1);
  }
  const applied = await migrateAuthDatabase(databaseUrl);
  console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'auth database is up to date');
}
