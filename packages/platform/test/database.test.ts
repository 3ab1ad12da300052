import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ConfigError, DEFAULT_DATABASE_POOL_MAX, databaseConfigShape, parseConfig } from '../src/config.ts';
import { createPool, isUniqueViolation } from '../src/database.ts';
import { createTestDatabase } from '../src/testing.ts';

const url = 'postgres://localhost/db';

test("DATABASE_POOL_MAX: the service's own default, the platform's otherwise, and the environment over both", () => {
  assert.equal(
    parseConfig(z.object(databaseConfigShape()), { DATABASE_URL: url }).DATABASE_POOL_MAX,
    DEFAULT_DATABASE_POOL_MAX,
  );
  assert.equal(parseConfig(z.object(databaseConfigShape(2)), { DATABASE_URL: url }).DATABASE_POOL_MAX, 2);
  assert.equal(
    parseConfig(z.object(databaseConfigShape(2)), { DATABASE_URL: url, DATABASE_POOL_MAX: '8' }).DATABASE_POOL_MAX,
    8,
  );
});

test('DATABASE_POOL_MAX that is not a whole number from 1 to 100 stops the start-up, named', () => {
  for (const bad of ['0', '-1', '2.5', 'many', '101']) {
    assert.throws(
      () => parseConfig(z.object(databaseConfigShape()), { DATABASE_URL: url, DATABASE_POOL_MAX: bad }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.deepEqual(
          error.problems.map((problem) => problem.split(':')[0]),
          ['DATABASE_POOL_MAX'],
          bad,
        );
        return true;
      },
    );
  }
});

test('the pool never holds more connections than its max: queries beyond it wait their turn and all answer', async () => {
  const db = await createTestDatabase('pool');
  const pool = createPool(db.url, { max: 2 });
  try {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        pool.query<{ pid: number; i: number }>('SELECT pg_backend_pid() AS pid, $1::int AS i FROM pg_sleep(0.02)', [i]),
      ),
    );
    assert.deepEqual(
      answers.map(({ rows }) => rows[0]!.i),
      [0, 1, 2, 3, 4, 5, 6, 7],
    );
    assert.equal(new Set(answers.map(({ rows }) => rows[0]!.pid)).size, 2, 'two backends served all eight queries');
    const { rows } = await pool.query<{ count: string }>(
      'SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()',
    );
    assert.equal(Number(rows[0]!.count), 2);
  } finally {
    await pool.end();
    await db.drop();
  }
});

/** An error shaped as Prisma's runtime throws it (every service's generated client has its own class). */
function prismaError(code: string, meta?: Record<string, unknown>): Error {
  return Object.assign(Object.defineProperty(new Error('prisma'), 'name', { value: 'PrismaClientKnownRequestError' }), {
    code,
    meta,
  });
}

test("isUniqueViolation: Prisma's P2002, raw SQL's P2010 carrying 23505, and pg's own 23505; nothing else", async () => {
  assert.equal(isUniqueViolation(prismaError('P2002', { target: ['slug'] })), true);
  assert.equal(isUniqueViolation(prismaError('P2010', { code: '23505' })), true);
  assert.equal(isUniqueViolation(prismaError('P2010', { code: '23503' })), false);
  assert.equal(isUniqueViolation(prismaError('P2025')), false);
  assert.equal(isUniqueViolation(Object.assign(new Error('not prisma'), { code: 'P2002' })), false);
  assert.equal(isUniqueViolation('P2002'), false);
  const db = await createTestDatabase('unique');
  const pool = createPool(db.url, { max: 1 });
  try {
    await pool.query('CREATE TABLE t (k text PRIMARY KEY)');
    await pool.query("INSERT INTO t VALUES ('a')");
    const duplicate = await pool.query("INSERT INTO t VALUES ('a')").then(
      () => null,
      (error: unknown) => error,
    );
    assert.equal(isUniqueViolation(duplicate), true);
    const missing = await pool.query('SELECT * FROM no_such_table').then(
      () => null,
      (error: unknown) => error,
    );
    assert.equal(isUniqueViolation(missing), false);
  } finally {
    await pool.end();
    await db.drop();
  }
});
