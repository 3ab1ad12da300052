// The operator's search-index command on a real database: status shows what the index is
// missing and for how long; reindex catches up; the npm script runs it as documented.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { testClock, type TestDatabase } from '@darmankar/platform/testing';
import pg from 'pg';
import { parseSearchIndexArguments, runSearchIndexCommand } from '../src/cli/search-index.ts';
import { recruitmentConfig } from '../src/config.ts';
import { createRecruitmentTestDatabase } from './helpers.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
let database: TestDatabase;

before(async () => {
  database = await createRecruitmentTestDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const employer = randomUUID();
  for (const [title, status] of [
    ['پرستار اورژانس', 'published'],
    ['ماما', 'published'],
    ['پیش‌نویس', 'draft'],
  ]) {
    await client.query(
      `INSERT INTO postings (id, slug, employer_id, status, title, job_category, employment_type, work_type, province,
         city, employer_slug, employer_brand, created_by, created_at, updated_at, published_at, closes_at)
       VALUES ($1, $2, $3, $4, $5, 'nursing', 'full-time', 'on-site', 'tehran', 'tehran', 'e', 'بیمارستان', $3,
         now() - interval '10 minutes', now() - interval '10 minutes',
         CASE WHEN $4 = 'published' THEN now() - interval '10 minutes' END, now() + interval '30 days')`,
      [randomUUID(), `s-${randomUUID()}`, employer, status, title],
    );
  }
  await client.end();
});

after(async () => {
  await database?.drop();
});

const config = () => recruitmentConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url });

test('arguments: status, reindex with its flags, anything else refused', () => {
  assert.deepEqual(parseSearchIndexArguments(['status']), { name: 'status' });
  assert.deepEqual(parseSearchIndexArguments(['reindex', '--fresh', '--batch=50']), {
    name: 'reindex',
    fresh: true,
    batchSize: 50,
  });
  assert.equal(parseSearchIndexArguments(['reindex', '--batch=0']), undefined);
  assert.equal(parseSearchIndexArguments(['drop']), undefined);
  assert.equal(parseSearchIndexArguments([]), undefined);
});

test('status shows the open postings the index misses and the oldest change; reindex catches up', async () => {
  const clock = testClock();
  const before = await runSearchIndexCommand(config(), { name: 'status' }, clock);
  assert.match(before, /open postings missing or stale: 2/);
  assert.match(before, /oldest change not applied: (59\d|6\d\d) s ago/);
  const run = await runSearchIndexCommand(config(), { name: 'reindex', fresh: false, batchSize: 2 }, clock);
  assert.match(run, /re-indexed 3 postings \(2 open\)/);
  assert.match(run, /indexed documents: 2/);
  assert.match(run, /changes not applied: 0/);
});

test('the npm script runs it', async () => {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'search-index', '-w', 'services/recruitment', '--', 'status'],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    },
  );
  assert.match(stdout, /engine: postgres/);
  assert.match(stdout, /indexed documents: 2/);
});
