// The indexing pipeline on the real Postgres and the real event log: a posting's events put
// its current row in the index or take it out; a redelivered or late event never brings back
// an archived posting; a first publish announces matching saved filters once; the re-index
// rebuilds from the table and the lag figure says what is missing.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { create } from '@bufbuild/protobuf';
import { createPool } from '@darmankar/platform/database';
import { createEventBus, toBusMessage, type BusMessage, type EventBus } from '@darmankar/platform/events/index';
import { dropDatabase } from '@darmankar/platform/migrate';
import { testClock, testPostgresUrl, type TestDatabase } from '@darmankar/platform/testing';
import { JobAlertSchema, PostingChangedSchema } from '@darmankar/proto/recruitment/v1/events_pb';
import { fromBinary } from '@bufbuild/protobuf';
import type pg from 'pg';
import { createPostgresSearch } from '../src/adapters/postgres-search.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { SearchIndexer } from '../src/domain/search/indexer.ts';
import { JobAlerts } from '../src/domain/search/job-alerts.ts';
import type { SearchIndex } from '../src/domain/search/search-index.ts';
import { searchQueryOf } from '../src/domain/search/search-query.ts';
import { consumePostingEventsForSearch, indexPostingEvent, jobAlertPublisher } from '../src/events/search-events.ts';
import { createRecruitmentTestDatabase } from './helpers.ts';

const clock = testClock(Date.parse('2026-11-20T08:00:00Z'));
const DAY = 86_400_000;
const EMPLOYER = '33333333-3333-4333-8333-333333333333';

let database: TestDatabase;
let pool: pg.Pool;
let db: Database;
let index: SearchIndex;
let indexer: SearchIndexer;
let alerts: JobAlerts;
let handle: (message: BusMessage) => Promise<void>;

before(async () => {
  database = await createRecruitmentTestDatabase();
  pool = createPool(database.url, { max: 3 });
  db = createDatabase(database.url);
  index = createPostgresSearch(pool);
  indexer = new SearchIndexer(index, clock);
  alerts = new JobAlerts(index, jobAlertPublisher(clock), clock);
  handle = indexPostingEvent(db, indexer, alerts);
});

after(async () => {
  await db?.$disconnect();
  await pool?.end();
  await database?.drop();
});

interface PostingFields {
  title?: string;
  status?: string;
  city?: string;
  province?: string;
  closesAt?: Date | null;
}

/** Writes a posting row as the postings side would, at `version`. */
async function writePosting(id: string, version: number, fields: PostingFields = {}): Promise<void> {
  const now = new Date(clock());
  const status = fields.status ?? 'published';
  await pool.query(
    `INSERT INTO postings (id, slug, employer_id, status, version, title, job_category, employment_type, work_type,
       province, city, employer_slug, employer_brand, created_by, created_at, updated_at, published_at, closes_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'nursing', 'full-time', 'on-site', $7, $8, 'milad', 'بیمارستان میلاد', $3, $9, $9,
       CASE WHEN $4 = 'draft' THEN NULL ELSE $9::timestamptz END, $10)
     ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, version = EXCLUDED.version, title = EXCLUDED.title,
       province = EXCLUDED.province, city = EXCLUDED.city, updated_at = EXCLUDED.updated_at,
       published_at = coalesce(postings.published_at, EXCLUDED.published_at), closes_at = EXCLUDED.closes_at`,
    [
      id,
      `p-${id.slice(0, 8)}`,
      EMPLOYER,
      status,
      version,
      fields.title ?? 'کارشناس پرستاری',
      fields.province ?? 'tehran',
      fields.city ?? 'tehran',
      now,
      fields.closesAt === undefined ? new Date(clock() + 30 * DAY) : fields.closesAt,
    ],
  );
}

function changed(id: string, version: number, status: string, publishedNow = false): BusMessage {
  const event = create(PostingChangedSchema, {
    postingId: id,
    employerId: EMPLOYER,
    version: BigInt(version),
    status,
    publishedNow,
  });
  return toBusMessage(PostingChangedSchema, event, { topic: 'recruitment.posting.v1', key: id });
}

const found = async (text: string) =>
  (
    await index.search({
      query: searchQueryOf({ text }),
      page: 1,
      pageSize: 50,
      order: 'newest',
      now: new Date(clock()),
    })
  ).items.map((d) => d.id);

describe('events keep the index on the current row', () => {
  const id = randomUUID();

  test('a published posting is indexed', async () => {
    await writePosting(id, 1, { title: 'پرستار بخش اطفال' });
    await handle(changed(id, 1, 'published', true));
    assert.deepEqual(await found('پرستار اطفال'), [id]);
  });

  test('an edit replaces it', async () => {
    await writePosting(id, 2, { title: 'پرستار بخش نوزادان' });
    await handle(changed(id, 2, 'published'));
    assert.deepEqual(await found('نوزادان'), [id]);
    assert.deepEqual(await found('اطفال'), []);
  });

  test('archiving takes it out; an old event delivered afterwards never brings it back', async () => {
    await writePosting(id, 3, { status: 'archived', title: 'پرستار بخش نوزادان' });
    const archive = changed(id, 3, 'archived');
    await handle(archive);
    assert.deepEqual(await found('نوزادان'), []);
    // The publish and the edit again, late and out of order, as new deliveries.
    await handle(changed(id, 2, 'published'));
    await handle(changed(id, 1, 'published', true));
    assert.deepEqual(await found('نوزادان'), []);
    // And the archive itself redelivered (same event id): handled once.
    await handle(archive);
    assert.deepEqual(await found('نوزادان'), []);
    const { rows } = await pool.query('SELECT version, indexed FROM search_index_state WHERE posting_id = $1', [id]);
    assert.deepEqual(rows, [{ version: '3', indexed: false }]);
  });

  test('a draft is never indexed; a posting past its closing time is taken out', async () => {
    const draft = randomUUID();
    await writePosting(draft, 1, { status: 'draft', title: 'ماما پیش‌نویس' });
    await handle(changed(draft, 1, 'draft'));
    assert.deepEqual(await found('پیش‌نویس'), []);
    const expiring = randomUUID();
    await writePosting(expiring, 1, { title: 'ماما شیفت شب', closesAt: new Date(clock() + DAY) });
    await handle(changed(expiring, 1, 'published', true));
    assert.deepEqual(await found('ماما شب'), [expiring]);
    clock.advance(2 * DAY);
    assert.deepEqual(await found('ماما شب'), [], 'closed at query time already');
    await writePosting(expiring, 2, { status: 'closed', title: 'ماما شیفت شب', closesAt: new Date(clock() - DAY) });
    await handle(changed(expiring, 2, 'closed'));
    assert.equal((await pool.query('SELECT 1 FROM search_documents WHERE id = $1', [expiring])).rowCount, 0);
  });
});

describe('job alerts', () => {
  const OWNER = randomUUID();
  const OTHER = randomUUID();
  let matching: string;

  const alertsInOutbox = async () => {
    const { rows } = await pool.query<{ key: string; payload: Buffer }>(
      `SELECT key, payload FROM outbox WHERE topic = 'recruitment.job-alert.v1' ORDER BY seq`,
    );
    return rows.map((row) => ({ key: row.key, alert: fromBinary(JobAlertSchema, new Uint8Array(row.payload)) }));
  };

  before(async () => {
    matching = randomUUID();
    await pool.query(
      `INSERT INTO saved_filters (id, user_id, name, query_string, created_at) VALUES
         ($1, $2, 'پرستاری تهران', 'q=پرستاري+اورژانس&city=tehran', now()),
         ($3, $4, 'اصفهان', 'city=isfahan', now()),
         ($5, $4, 'همهٔ مشاغل', '', now())`,
      [matching, OWNER, randomUUID(), OTHER, randomUUID()],
    );
  });

  test('a first publish announces each matching filter once, to its owner', async () => {
    const id = randomUUID();
    await writePosting(id, 1, { title: 'پرستار اورژانس' });
    const published = changed(id, 1, 'published', true);
    await handle(published);
    const sent = (await alertsInOutbox()).filter((entry) => entry.alert.postingId === id);
    assert.deepEqual(
      sent.map((entry) => [entry.key, entry.alert.userId, entry.alert.filterName]).sort(),
      [
        [OTHER, OTHER, 'همهٔ مشاغل'],
        [OWNER, OWNER, 'پرستاری تهران'],
      ].sort(),
    );
    assert.equal(sent.find((entry) => entry.key === OWNER)!.alert.postingTitle, 'پرستار اورژانس');
    // The same publish delivered again, and as another event: nothing more.
    await handle(published);
    await handle(changed(id, 1, 'published', true));
    assert.equal((await alertsInOutbox()).filter((entry) => entry.alert.postingId === id).length, 2);
  });

  test('an edit of a published posting announces nothing', async () => {
    const before = (await alertsInOutbox()).length;
    const id = randomUUID();
    await writePosting(id, 1, { title: 'پرستار اورژانس شب' });
    await handle(changed(id, 1, 'published', false));
    assert.equal((await alertsInOutbox()).length, before);
  });
});

describe('re-index and lag', () => {
  test('postings the events never reached show as lag; a re-index catches up', async () => {
    const missing = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of missing) await writePosting(id, 1, { title: 'رادیولوژیست' });
    clock.advance(90_000);
    const lag = await indexer.lag(db);
    assert.ok(lag.openMissingOrStale >= 3, JSON.stringify(lag));
    assert.ok(lag.oldestPendingAgeSeconds >= 90, JSON.stringify(lag));
    const run = await indexer.reindex(db, { batchSize: 2 });
    assert.ok(run.postings >= 3);
    assert.deepEqual(new Set(await found('رادیولوژیست')), new Set(missing));
    const after = await indexer.lag(db);
    assert.equal(after.pendingChanges, 0);
    assert.equal(after.oldestPendingAgeSeconds, 0);
  });

  test('a fresh re-index empties the index and rebuilds only open postings', async () => {
    await indexer.reindex(db, { fresh: true, batchSize: 3 });
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM postings
        WHERE status = 'published' AND (closes_at IS NULL OR closes_at > $1)`,
      [new Date(clock())],
    );
    assert.equal((await index.info()).documents, rows[0].n);
  });
});

describe('the consumer on the real event log', () => {
  let bus: EventBus;
  let eventsUrl: string;

  before(async () => {
    const url = new URL(testPostgresUrl());
    url.pathname = `/dk_test_events_search_${randomBytes(4).toString('hex')}`;
    eventsUrl = url.toString();
    bus = await createEventBus({ eventsDatabaseUrl: eventsUrl, parking: { databaseUrl: database.url } });
    await consumePostingEventsForSearch(bus, db, indexer, alerts);
  });
  after(async () => {
    await bus?.close();
    if (eventsUrl) await dropDatabase(eventsUrl).catch(() => {});
  });

  test('a published event reaches the index through the bus', async () => {
    const id = randomUUID();
    await writePosting(id, 1, { title: 'کاردان اتاق عمل' });
    await bus.publish([changed(id, 1, 'published', true)]);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (await found('اتاق عمل')).length === 0)
      await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(await found('اتاق عمل'), [id]);
  });
});
