// A database from before the development outbox was the platform's: its own dev_outbox
// table (the shape 0001_init.sql once created) is moved aside by the platform's migration and
// its messages copied into the platform's table by 0003_platform_dev_outbox.sql.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DevOutbox } from '@darmankar/platform/messaging';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR, serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase } from '@darmankar/platform/testing';
import { AUTH_SERVICE_DIR } from '../src/db/migrate.ts';

/** A copy of `dir` holding only the files named before `firstNew`. */
async function migrationsBefore(dir: string, firstNew: string): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.sql') && f < firstNew))
    await copyFile(path.join(dir, file), path.join(copy, file));
  return copy;
}

test("an older database's development outbox keeps its messages in the platform's table", async () => {
  const platformBefore = await migrationsBefore(PLATFORM_MIGRATIONS_DIR, '0005');
  const serviceBefore = await migrationsBefore(path.join(AUTH_SERVICE_DIR, 'migrations'), '0003');
  const database = await createTestDatabase('auth_dev_outbox', [
    { name: 'platform', dir: platformBefore },
    { name: 'service', dir: serviceBefore },
  ]);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(`
      CREATE TABLE "dev_outbox" (
        "id" UUID NOT NULL, "channel" TEXT NOT NULL, "recipient" TEXT NOT NULL,
        "subject" TEXT NOT NULL DEFAULT '', "text" TEXT NOT NULL, "code" TEXT,
        "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
        CONSTRAINT "dev_outbox_pkey" PRIMARY KEY ("id"));
      CREATE INDEX "dev_outbox_recipient_created_at_idx" ON "dev_outbox"("recipient", "created_at");
      INSERT INTO dev_outbox (id, channel, recipient, subject, text, code, created_at) VALUES
        (gen_random_uuid(), 'sms', '09121234567', '', 'کد ورود: 111111', '111111', now() - interval '2 minutes'),
        (gen_random_uuid(), 'email', 'sara@example.com', 'تأیید ایمیل', 'پیوند', 'abc', now() - interval '1 minute'),
        (gen_random_uuid(), 'sms', '09121234567', '', 'کد ورود: 222222', '222222', now());`);

    const applied = await applyMigrations(database.url, serviceMigrationSets(AUTH_SERVICE_DIR));
    assert.deepEqual(applied, ['platform/0005_dev_outbox.sql', 'service/0003_platform_dev_outbox.sql']);

    const outbox = new DevOutbox(client);
    assert.deepEqual(
      (await outbox.list('09121234567')).map(({ text, code, subject }) => ({ text, code, subject })),
      [
        { text: 'کد ورود: 222222', code: '222222', subject: undefined },
        { text: 'کد ورود: 111111', code: '111111', subject: undefined },
      ],
    );
    const [mail] = await outbox.list('sara@example.com');
    assert.deepEqual([mail!.channel, mail!.subject, mail!.code], ['email', 'تأیید ایمیل', 'abc']);
    const leftover = await client.query(`SELECT to_regclass('dev_outbox_before_platform') AS table`);
    assert.equal(leftover.rows[0].table, null, 'the old table is gone');
    // New messages follow the copied ones.
    await outbox.store({ channel: 'sms', recipient: '09121234567', text: 'تازه' });
    assert.equal((await outbox.list('09121234567'))[0]!.text, 'تازه');
  } finally {
    await client.end();
    await database.drop();
    await rm(platformBefore, { recursive: true, force: true });
    await rm(serviceBefore, { recursive: true, force: true });
  }
});
