import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ConfigError, DEFAULT_DATABASE_POOL_MAX, databaseConfigShape, parseConfig } from '../src/config.ts';
import { createPool } from '../src/database.ts';
import { createTestDatabase } from '../src/testing.ts';

const url = 'postgres://localhost/db';

test('DATABASE_POOL_MAX: the service\'s own default, the platform\'s otherwise, and the environment over both', () => {
  assert.equal(parseConfig(z.object(databaseConfigShape()), { DATABASE_URL: url }).DATABASE_POOL_MAX, DEFAULT_DATABASE_POOL_MAX);
  assert.equal(parseConfig(z.object(databaseConfigShape(2)), { DATABASE_URL: url }).DATABASE_POOL_MAX, 2);
  assert.equal(parseConfig(z.object(databaseConfigShape(2)), { DATABASE_URL: url, DATABASE_POOL_MAX: '8' }).DATABASE_POOL_MAX, 8);
});

test('DATABASE_POOL_MAX that is not a whole number from 1 to 100 stops the start-up, named', () => {
  for (const bad of ['0', '-1', '2.5', 'many', '101']) {
    assert.throws(() => parseConfig(z.object(databaseConfigShape()), { DATABASE_URL: url, DATABASE_POOL_MAX: bad }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.deepEqual(error.problems.map((problem) => problem.split(':')[0]), ['DATABASE_POOL_MAX'], bad);
      return true;
    });
  }
});

test('the pool never holds more connections than its max: queries beyond it wait their turn and all answer', async () => {
  const db = await createTestDatabase('pool');
  const pool = createPool(db.url, { max: 2 });
  try {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => pool.query<{ pid: number; i: number }>('SELECT pg_backend_pid() AS pid, $1::int AS i FROM pg_sleep(0.02)', [i])),
    );
    assert.deepEqual(answers.map(({ rows }) => rows[0]!.i), [0, 1, 2, 3, 4, 5, 6, 7]);
    assert.equal(new Set(answers.map(({ rows }) => rows[0]!.pid)).size, 2, 'two backends served all eight queries');
    const { rows } = await pool.query<{ count: string }>('SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()');
    assert.equal(Number(rows[0]!.count), 2);
  } finally {
    await pool.end();
    await db.drop();
  }
});
