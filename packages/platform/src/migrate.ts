// Applies SQL migrations in order and records each in `_migrations`, inside one
// transaction per file, under an advisory lock so two starting replicas never race.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import pg from 'pg';

/** The platform's own tables (outbox, processed and parked events, the development outbox) that every service database has. */
export const PLATFORM_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

const LOCK_KEY = 727_274_2; // any constant; shared by every migrating process

export interface MigrationSet {
  /** Recorded with each file name so two sets never collide. */
  name: string;
  dir: string;
}

async function sqlFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Applies every pending migration of each set; returns the names applied now. */
export async function applyMigrations(databaseUrl: string, sets: MigrationSet[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS _migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM _migrations')).rows.map((r) => r.name),
    );
    for (const set of sets) {
      for (const file of await sqlFiles(set.dir)) {
        const name = `${set.name}/${file}`;
        if (done.has(name)) continue;
        const sql = await readFile(path.join(set.dir, file), 'utf8');
        await client.query('BEGIN');
        try {
          await client.query(sql);
          await client.query('INSERT INTO _migrations (name) VALUES ($1)', [name]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
        }
        applied.push(name);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return applied;
}

/** The migration sets of a service: the platform's first, then the service's own. */
export function serviceMigrationSets(serviceDir: string): MigrationSet[] {
  return [
    { name: 'platform', dir: PLATFORM_MIGRATIONS_DIR },
    { name: 'service', dir: path.join(serviceDir, 'migrations') },
  ];
}

/** Runs `work` on the server's `postgres` database with the name of the database in `databaseUrl`. */
async function onServer(
  databaseUrl: string,
  work: (admin: pg.Client, quotedName: string, name: string) => Promise<unknown>,
): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await work(admin, `"${name.replaceAll('"', '""')}"`, name);
  } finally {
    await admin.end();
  }
}

/** Creates the database named in `databaseUrl` when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  await onServer(databaseUrl, async (admin, quoted, name) => {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${quoted}`);
  });
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  await onServer(databaseUrl, (admin, quoted) => admin.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`));
}

/** Creates the service's database when missing and applies the platform's and the service's migrations. */
export async function migrateServiceDatabase(databaseUrl: string, serviceDir: string): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  return applyMigrations(databaseUrl, serviceMigrationSets(serviceDir));
}

/** True when the module at `moduleUrl` (its import.meta.url) is the script node was started with. */
export function isEntryPoint(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}

/**
 * The body of a service's `db/migrate.ts` run as a command (`npm run migrate`, the Helm job,
 * `make dev`): migrates DATABASE_URL, prints what it applied, exits 1 without DATABASE_URL.
 */
export async function runMigrationCommand(
  service: string,
  serviceDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('Invalid configuration:\n  - DATABASE_URL: required');
    process.exit(1);
  }
  const applied = await migrateServiceDatabase(databaseUrl, serviceDir);
  console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : `${service} database is up to date`);
}
