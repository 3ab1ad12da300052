// The migration runner against the real Postgres, each test on its own throw-away database.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, serviceMigrationSets, type MigrationSet } from '../src/migrate.ts';
import { createTestDatabase, testPostgresUrl, type TestDatabase } from '../src/testing.ts';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase('migrate');
  cleanups.push(db.drop);
  return db;
}

async function migrationDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dk-migrations-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  return dir;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

test('applies files in name order, once, and records each', async () => {
  const db = await database();
  // 0002 depends on 0001 and 0010 on 0002: only name order makes them succeed.
  const dir = await migrationDir({
    '0010_third.sql': 'ALTER TABLE a ADD COLUMN c int',
    '0001_first.sql': 'CREATE TABLE a (id int)',
    '0002_second.sql': 'ALTER TABLE a ADD COLUMN b int',
    'README.md': 'not a migration',
  });
  const sets: MigrationSet[] = [{ name: 'svc', dir }];
  assert.deepEqual(await applyMigrations(db.url, sets), [
    'svc/0001_first.sql',
    'svc/0002_second.sql',
    'svc/0010_third.sql',
  ]);
  assert.deepEqual(await applyMigrations(db.url, sets), [], 'a second run applies nothing');
  const recorded = await query<{ name: string }>(db.url, 'SELECT name FROM _migrations ORDER BY name');
  assert.deepEqual(
    recorded.map((r) => r.name),
    ['svc/0001_first.sql', 'svc/0002_second.sql', 'svc/0010_third.sql'],
  );
  const columns = await query<{ column_name: string }>(
    db.url,
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'a' ORDER BY ordinal_position",
  );
  assert.deepEqual(
    columns.map((c) => c.column_name),
    ['id', 'b', 'c'],
  );
});

test('a new file added later is applied on the next run', async () => {
  const db = await database();
  const dir = await migrationDir({ '0001_first.sql': 'CREATE TABLE a (id int)' });
  await applyMigrations(db.url, [{ name: 'svc', dir }]);
  await writeFile(path.join(dir, '0002_more.sql'), 'CREATE TABLE b (id int)');
  assert.deepEqual(await applyMigrations(db.url, [{ name: 'svc', dir }]), ['svc/0002_more.sql']);
});

test('a failing migration rolls back entirely and names its file', async () => {
  const db = await database();
  const dir = await migrationDir({
    '0001_ok.sql': 'CREATE TABLE a (id int)',
    '0002_broken.sql': 'CREATE TABLE half (id int); INSERT INTO a VALUES (1); SELECT * FROM no_such_table;',
    '0003_never.sql': 'CREATE TABLE never (id int)',
  });
  await assert.rejects(applyMigrations(db.url, [{ name: 'svc', dir }]), /svc\/0002_broken\.sql.*no_such_table/);
  const tables = await query<{ table_name: string }>(
    db.url,
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
  );
  assert.deepEqual(
    tables.map((t) => t.table_name),
    ['_migrations', 'a'],
    'nothing of 0002 or later remains',
  );
  assert.deepEqual(await query(db.url, 'SELECT * FROM a'), []);
  assert.deepEqual(
    (await query<{ name: string }>(db.url, 'SELECT name FROM _migrations')).map((r) => r.name),
    ['svc/0001_ok.sql'],
  );
});

test('two runners started together apply each migration exactly once', async () => {
  const db = await database();
  // Not idempotent on purpose: a second application would fail on the duplicate table.
  const dir = await migrationDir({
    '0001_slow.sql': 'CREATE TABLE a (id int); SELECT pg_sleep(0.3);',
    '0002_next.sql': 'CREATE TABLE b (id int)',
  });
  const sets = [{ name: 'svc', dir }];
  const [first, second] = await Promise.all([applyMigrations(db.url, sets), applyMigrations(db.url, sets)]);
  assert.deepEqual([...first, ...second].sort(), ['svc/0001_slow.sql', 'svc/0002_next.sql']);
  assert.ok(first.length === 0 || second.length === 0, 'one runner did all the work while the other waited');
});

test('sets are applied in order and their names keep equal file names apart', async () => {
  const db = await database();
  const platformLike = await migrationDir({ '0001_init.sql': 'CREATE TABLE base (id int)' });
  const serviceLike = await migrationDir({ '0001_init.sql': 'CREATE TABLE child (id int, base_id int)' });
  const applied = await applyMigrations(db.url, [
    { name: 'platform', dir: platformLike },
    { name: 'service', dir: serviceLike },
  ]);
  assert.deepEqual(applied, ['platform/0001_init.sql', 'service/0001_init.sql']);
});

test('a service without a migrations folder gets the platform tables only', async () => {
  const db = await database();
  const noService = await mkdtemp(path.join(tmpdir(), 'dk-service-'));
  cleanups.push(() => rm(noService, { recursive: true, force: true }));
  const applied = await applyMigrations(db.url, serviceMigrationSets(noService));
  assert.ok(applied.length >= 2);
  assert.ok(applied.every((name) => name.startsWith('platform/')));
  const tables = await query<{ table_name: string }>(
    db.url,
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
  );
  assert.deepEqual(
    tables.map((t) => t.table_name),
    ['_migrations', 'dev_outbox', 'outbox', 'parked_events', 'processed_events'],
  );
});

test('createTestDatabase applies the given sets and drop removes the database', async () => {
  const dir = await migrationDir({ '0001.sql': 'CREATE TABLE t (id int)' });
  const db = await createTestDatabase('migrate', [{ name: 'svc', dir }]);
  assert.deepEqual(await query(db.url, 'SELECT * FROM t'), []);
  const name = new URL(db.url).pathname.slice(1);
  assert.match(name, /^dk_test_migrate_[0-9a-f]{8}$/);
  await db.drop();
  const admin = new URL(db.url);
  admin.pathname = '/postgres';
  assert.deepEqual(await query(admin.toString(), `SELECT 1 FROM pg_database WHERE datname = '${name}'`), []);
});

test('createTestDatabase drops its database when a migration fails', async () => {
  const dir = await migrationDir({ '0001.sql': 'SELECT * FROM no_such_table' });
  const before = await query<{ n: number }>(
    testAdminUrl(),
    "SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE 'dk_test_leak_%'",
  );
  await assert.rejects(createTestDatabase('leak', [{ name: 'svc', dir }]), /svc\/0001\.sql/);
  const afterwards = await query<{ n: number }>(
    testAdminUrl(),
    "SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE 'dk_test_leak_%'",
  );
  assert.equal(afterwards[0]!.n, before[0]!.n);
});

function testAdminUrl(): string {
  const url = new URL(testPostgresUrl());
  url.pathname = '/postgres';
  return url.toString();
}
