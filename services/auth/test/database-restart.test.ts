// Postgres closing the service's connections (a restart, pg_terminate_backend: 57P01) must
// not end the process: the pool drops the dead connections and opens new ones.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import type { TestDatabase } from '@darmankar/platform/testing';
import { testPostgresUrl } from '@darmankar/platform/testing';
import { createAuthTestDatabase, eventually, login, newCellphone, startTestAuth, type TestAuth } from './helpers.ts';

let database: TestDatabase;
let auth: TestAuth;
/** The service's log lines at warn and above, parsed. */
const logged: Array<{ msg: string; code?: string }> = [];

before(async () => {
  database = await createAuthTestDatabase();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  auth = await startTestAuth(database, {}, { log: pino({ level: 'warn' }, sink) });
});
after(async () => {
  await auth.stop();
  await database.drop();
});

/** Ends every connection to the test database but the caller's own; returns how many. */
async function terminateBackends(databaseName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: testPostgresUrl() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [databaseName],
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

test('the service keeps answering after Postgres terminates its idle connections', async () => {
  const cellphone = newCellphone();
  const { user } = await login(auth.client, cellphone);
  const userId = user!.id;
  assert.equal((await auth.client.getCellphone({}, { userId })).cellphone, cellphone);

  const ended = await terminateBackends(new URL(database.url).pathname.slice(1));
  assert.ok(ended > 0, 'the service had open connections to terminate');
  // Wait until the pool has seen the closed sockets while the connections were idle: that is
  // the moment an unhandled pool 'error' would end the process (and fail this test run).
  await eventually(
    () => logged.some((line) => line.msg.includes('idle database connection lost') && line.code === '57P01'),
    'the lost connection is logged with its code 57P01',
  );

  assert.equal((await auth.client.getCellphone({}, { userId })).cellphone, cellphone, 'the lean read reconnects');
  const email = await auth.client.getEmail({}, { userId });
  assert.equal(email.email, '', 'Prisma reads reconnect too');
  const again = await login(auth.client, newCellphone());
  assert.ok(again.session?.accessToken, 'writes (a new login) work again');
});
