// The data files the service ships: complete, normalised, in the order the product wants,
// and loaded idempotently (a second start changes nothing; an item taken out of a file goes).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { CLOSED_LIST_NAMES, closedList } from '@darmankar/platform/closed-lists';
import { CATEGORIES, isCategory } from '../src/domain/categories.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import {
  DATA_DIR,
  loadSuggestionRows,
  OPEN_CATEGORIES,
  rowsOf,
  type SuggestionRow,
} from '../src/db/suggestion-data.ts';
import { createSuggestionStore } from '../src/db/suggestion-store.ts';
import { createRecruitmentTestDatabase, startTestRecruitment } from './helpers.ts';
import type { TestDatabase } from '@darmankar/platform/testing';

let rows: SuggestionRow[];
before(async () => {
  rows = await loadSuggestionRows();
});

const idsOf = (category: string) => rows.filter((row) => row.category === category).map((row) => row.id);
const titlesOf = (category: string) => rows.filter((row) => row.category === category).map((row) => row.title);

describe('the shipped data', () => {
  test('every open category has its file and no file is left over; every closed list is served', () => {
    assert.deepEqual(readdirSync(DATA_DIR).sort(), OPEN_CATEGORIES.map((category) => `${category}.json`).sort());
    for (const category of CATEGORIES) assert.ok(idsOf(category).length > 0, category);
    for (const name of CLOSED_LIST_NAMES) {
      assert.ok(isCategory(name), `closed list ${name} is a suggestion category`);
      assert.deepEqual(
        idsOf(name),
        closedList(name).map((item) => item.id),
        name,
      );
    }
    assert.ok(
      !(OPEN_CATEGORIES as readonly string[]).includes('provinces') && OPEN_CATEGORIES.includes('universities'),
    );
  });

  test('all 31 provinces, each with its main cities', () => {
    assert.equal(idsOf('provinces').length, 31);
    for (const province of idsOf('provinces')) {
      const cities = rows.filter((row) => row.category === 'cities' && row.parentId === province);
      assert.ok(cities.length >= 3, `${province} has ${cities.length} cities`);
    }
    assert.ok(rows.filter((row) => row.category === 'cities').every((row) => row.parentCategory === 'provinces'));
  });

  test('healthcare first: job categories, fields of study, and medical universities before the others', () => {
    assert.deepEqual(idsOf('jobCategories').slice(0, 8), [
      'nursing',
      'medicine',
      'dentistry',
      'pharmacy',
      'laboratory',
      'radiology',
      'physiotherapy',
      'midwifery',
    ]);
    assert.ok(idsOf('jobCategories').includes('administration'));
    assert.deepEqual(idsOf('fieldsOfStudy').slice(0, 4), ['medicine', 'dentistry', 'pharmacy', 'nursing']);
    const universities = titlesOf('universities');
    const lastMedical = universities.findLastIndex((title) => title.includes('علوم پزشکی'));
    const firstGeneral = universities.indexOf('دانشگاه تهران');
    assert.ok(
      lastMedical > 40 && lastMedical < firstGeneral,
      `medical universities end at ${lastMedical}, general ones start at ${firstGeneral}`,
    );
  });

  test('titles are stored normalised, with no Arabic letters or non-Latin digits left', () => {
    for (const row of rows)
      assert.doesNotMatch(
        row.title,
        /[يىكة\u064b-\u065f\u0640\u06f0-\u06f9\u0660-\u0669]/,
        `${row.category}/${row.id}`,
      );
  });

  test('a broken file is refused with every problem named', () => {
    assert.throws(
      () =>
        rowsOf(
          'cities',
          [
            { id: 'a', title: 'كرج', parent: 'alborz' },
            { id: 'a', title: 'کرج', parent: 'nowhere' },
            { id: 'b', title: 'قم' },
          ],
          new Set(['alborz']),
        ),
      (error: Error) => {
        assert.match(error.message, /cities\.json: a: "كرج" is not normalised \(expected "کرج"\)/);
        assert.match(error.message, /cities\.json: a: id used twice/);
        assert.match(error.message, /cities\.json: a: unknown parent nowhere/);
        assert.match(error.message, /cities\.json: b: needs a parent in provinces/);
        return true;
      },
    );
    assert.throws(() => rowsOf('skills', [{ id: 'x', title: 'ایکس', parent: 'y' }]), /skills has no parents/);
  });
});

describe('loading into the database', () => {
  let database: TestDatabase;
  let db: Database;
  before(async () => {
    database = await createRecruitmentTestDatabase();
    db = createDatabase(database.url);
  });
  after(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  test('the service loads every item at start, and a second start changes nothing', async () => {
    for (let start = 0; start < 2; start++) {
      const running = await startTestRecruitment(database);
      await running.stop();
      assert.equal(await db.suggestion.count(), rows.length);
    }
  });

  test('two replicas starting at once both load the items and serve', async () => {
    const replicas = await Promise.all([startTestRecruitment(database), startTestRecruitment(database)]);
    try {
      for (const replica of replicas)
        assert.equal(
          (await replica.client.searchSuggestions({ category: 'provinces', text: 'یزد' })).items[0]?.id,
          'yazd',
        );
    } finally {
      await Promise.all(replicas.map((replica) => replica.stop()));
    }
    assert.equal(await db.suggestion.count(), rows.length);
  });

  test('an item taken out of the data goes, and comes back with it', async () => {
    const store = createSuggestionStore(db);
    await store.replaceAll(rows.filter((row) => !(row.category === 'cities' && row.id === 'kashan')));
    assert.equal(
      await db.suggestion.findUnique({ where: { category_id: { category: 'cities', id: 'kashan' } } }),
      null,
    );
    await store.replaceAll(rows);
    const kashan = await db.suggestion.findUnique({ where: { category_id: { category: 'cities', id: 'kashan' } } });
    assert.equal(kashan?.parentId, 'isfahan');
  });

  test('list answers each category in data-file order, cities with their province', async () => {
    const groups = await createSuggestionStore(db).list(['provinces', 'cities']);
    assert.deepEqual(
      groups.get('provinces')!.map((item) => item.id),
      idsOf('provinces'),
    );
    assert.deepEqual(groups.get('cities')![0], {
      id: 'tehran',
      title: 'تهران',
      titleEn: 'Tehran',
      parent: { id: 'tehran', title: 'تهران' },
    });
  });
});
