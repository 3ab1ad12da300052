// Test helpers: every test file gets its own throw-away database on the real Postgres.
import { randomBytes } from 'node:crypto';
import { applyMigrations, dropDatabase, ensureDatabase, type MigrationSet } from './migrate.ts';

/** The Postgres server tests use: TEST_POSTGRES_URL, else the machine's standard port. */
export function testPostgresUrl(): string {
  return process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates `dk_test_<label>_<random>`, applies the given migrations, returns its URL. */
export async function createTestDatabase(label: string, sets: MigrationSet[] = []): Promise<TestDatabase> {
  const url = new URL(testPostgresUrl());
  url.pathname = `/dk_test_${label}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = url.toString();
  await ensureDatabase(databaseUrl);
  try {
    await applyMigrations(databaseUrl, sets);
  } catch (error) {
    // A test that fails on its migrations must not leave its database behind.
    await dropDatabase(databaseUrl);
    throw error;
  }
  return { url: databaseUrl, drop: () => dropDatabase(databaseUrl) };
}
