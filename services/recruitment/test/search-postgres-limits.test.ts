// The embedded engine's bounded costs, through the listing's PostingSearch on a real Postgres:
// a last word being typed stands for a few indexed words (never a prefix over the documents),
// a total past SEARCH_TOTAL_LIMIT says only "more than", and answers kept for the time to live
// are the same for everyone but their bookmarks (docs/search.md, docs/performance.md).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPool } from '@darmankar/platform/database';
import type { TestDatabase } from '@darmankar/platform/testing';
import type pg from 'pg';
import { createPostgresSearch } from '../src/adapters/postgres-search.ts';
import { searchDocumentOf } from '../src/domain/search/documents.ts';
import { PostingSearch, type BookmarkedOf } from '../src/domain/search/posting-search.ts';
import { SEARCH_TOTAL_LIMIT, type SearchIndex } from '../src/domain/search/search-index.ts';
import { createRecruitmentTestDatabase } from './helpers.ts';
import { NOW, posting } from './search-contract.ts';

const idOf = (n: number) => `bbbbbbbb-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const clock = () => NOW.getTime();
const noBookmarks: BookmarkedOf = async () => new Set();

const HEART = posting(idOf(1), { title: 'کارشناس قلب', jobCategory: 'medicine' });
const HEART_ADJECTIVE = posting(idOf(2), { title: 'کارشناس قلبی', jobCategory: 'medicine' });
/** Seven postings whose one title word begins with کد. */
const CODES = Array.from({ length: 7 }, (_, i) =>
  posting(idOf(10 + i), { title: `کد${i + 1}`, jobCategory: 'medicine' }),
);
/** More laboratory postings than a total counts. */
const LAB_COUNT = SEARCH_TOTAL_LIMIT + 5;
const LABS = Array.from({ length: LAB_COUNT }, (_, i) =>
  posting(idOf(100 + i), { title: 'تکنسین آزمایشگاه', jobCategory: 'laboratory', city: i < 3 ? 'kashan' : 'tehran' }),
);

let database: TestDatabase;
let pool: pg.Pool;
let index: SearchIndex;

before(async () => {
  database = await createRecruitmentTestDatabase();
  pool = createPool(database.url, { max: 2 });
  index = createPostgresSearch(pool);
  await index.upsert([HEART, HEART_ADJECTIVE, ...CODES, ...LABS].map(searchDocumentOf));
});
after(async () => {
  await pool?.end();
  await database?.drop();
});

const found = async (search: PostingSearch, text: string, input: object = {}) =>
  (await search.search({ text, ...input }, { page: 1, pageSize: 20 }, undefined)).items.map((item) => item.id);

describe('a last word being typed', () => {
  test('that is itself an indexed word matches that word, not every word it begins', async () => {
    const search = new PostingSearch(index, noBookmarks, clock);
    assert.deepEqual(await found(search, 'قلب'), [HEART.id]);
    assert.deepEqual(await found(search, 'قلبی'), [HEART_ADJECTIVE.id]);
  });
  test('that is no indexed word stands for the five shortest indexed words it begins', async () => {
    const search = new PostingSearch(index, noBookmarks, clock);
    assert.deepEqual(new Set(await found(search, 'کارشناس قل')), new Set([HEART.id, HEART_ADJECTIVE.id]));
    // کد1 … کد7 are equally short: the first five in order, never all seven.
    assert.deepEqual(new Set(await found(search, 'کد')), new Set(CODES.slice(0, 5).map((p) => p.id)));
  });
  test('a finished word (a space after it) is never expanded', async () => {
    const search = new PostingSearch(index, noBookmarks, clock);
    assert.deepEqual(await found(search, 'کد '), []);
  });
});

describe('the total', () => {
  const search = () => new PostingSearch(index, noBookmarks, clock);
  test('past SEARCH_TOTAL_LIMIT answers SEARCH_TOTAL_LIMIT + 1: "more than", with text and without', async () => {
    for (const input of [{ text: 'آزمایشگاه' }, { jobCategories: ['laboratory'] }, {}]) {
      const result = await search().search(input, { page: 1, pageSize: 20 }, undefined);
      assert.equal(result.total, SEARCH_TOTAL_LIMIT + 1, JSON.stringify(input));
      assert.equal(result.items.length, 20);
    }
  });
  test('is exact below the limit, on a page and past the last page', async () => {
    const narrowed = { text: 'آزمایشگاه', cities: ['kashan'] };
    assert.equal((await search().search(narrowed, { page: 1, pageSize: 2 }, undefined)).total, 3);
    const beyond = await search().search(narrowed, { page: 5, pageSize: 2 }, undefined);
    assert.deepEqual([beyond.items.length, beyond.total], [0, 3]);
  });
  test('a page deep in a large result still comes back, its total "more than"', async () => {
    const deep = await search().search({ jobCategories: ['laboratory'] }, { page: 51, pageSize: 20 }, undefined);
    assert.equal(deep.items.length, 5);
    assert.equal(deep.total, SEARCH_TOTAL_LIMIT + 1);
  });
});

describe('answers kept for the time to live', () => {
  /** The engine, counting what reaches it. */
  const counted = () => {
    const calls = { count: 0 };
    const engine: SearchIndex = { ...index, search: (request) => (calls.count++, index.search(request)) };
    return { engine, calls };
  };

  test('a removed posting stays found until the time to live runs out, then is gone', async () => {
    const extra = posting(idOf(50), { title: 'مشاور شیردهی', jobCategory: 'midwifery' });
    await index.upsert([searchDocumentOf(extra)]);
    const search = new PostingSearch(index, noBookmarks, clock, { ttlMs: 400, maxEntries: 10 });
    assert.deepEqual(await found(search, 'شیردهی'), [extra.id]);
    await index.remove([extra.id]);
    assert.deepEqual(await found(search, 'شیردهی'), [extra.id], 'the kept answer');
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(await found(search, 'شیردهی'), []);
  });

  test('with a time to live of 0 every search asks the engine', async () => {
    const { engine, calls } = counted();
    const search = new PostingSearch(engine, noBookmarks, clock, { ttlMs: 0, maxEntries: 10 });
    await found(search, 'قلب');
    await found(search, 'قلب');
    assert.equal(calls.count, 2);
  });

  test('one engine query serves identical searches, at once or later; another page or order is its own', async () => {
    const { engine, calls } = counted();
    const search = new PostingSearch(engine, noBookmarks, clock, { ttlMs: 60_000, maxEntries: 10 });
    await Promise.all(Array.from({ length: 5 }, () => found(search, 'آزمایشگاه')));
    await found(search, 'آزمایشگاه');
    assert.equal(calls.count, 1);
    await search.search({ text: 'آزمایشگاه' }, { page: 2, pageSize: 20 }, undefined);
    await search.search({ text: 'آزمایشگاه' }, { page: 1, pageSize: 20, order: 'relevance' }, undefined);
    await found(search, 'آزمایشگاه', { cities: ['kashan'] });
    assert.equal(calls.count, 4);
  });

  test("the bookmarks are each caller's own, on the same kept answer", async () => {
    const { engine, calls } = counted();
    const bookmarks: BookmarkedOf = async (userId, ids) =>
      new Set(userId === 'u-heart' ? ids.filter((id) => id === HEART.id) : []);
    const search = new PostingSearch(engine, bookmarks, clock, { ttlMs: 60_000, maxEntries: 10 });
    const mine = await search.search({ text: 'کارشناس قل' }, { page: 1, pageSize: 20 }, 'u-heart');
    const theirs = await search.search({ text: 'کارشناس قل' }, { page: 1, pageSize: 20 }, 'u-other');
    assert.equal(calls.count, 1);
    assert.deepEqual([...mine.bookmarked], [HEART.id]);
    assert.deepEqual([...theirs.bookmarked], []);
    assert.deepEqual(
      theirs.items.map((item) => item.id),
      mine.items.map((item) => item.id),
    );
  });
});
