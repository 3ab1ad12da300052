// Search through the real service on the shipped data: Persian spelling variants find the
// same items, prefixes and typos find them too, the title itself comes first.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TestDatabase } from '@darmankar/platform/testing';
import { createRecruitmentTestDatabase, rejectsWith, startTestRecruitment, type TestRecruitment } from './helpers.ts';

let database: TestDatabase;
let recruitment: TestRecruitment;

before(async () => {
  database = await createRecruitmentTestDatabase();
  recruitment = await startTestRecruitment(database);
});

after(async () => {
  await recruitment?.stop();
  await database?.drop();
});

const search = async (category: string, text: string) =>
  (await recruitment.client.searchSuggestions({ category, text })).items;
const firstId = async (category: string, text: string) => (await search(category, text))[0]?.id;

describe('search finds the same item however it is typed', () => {
  const cases: Array<{ what: string; category: string; text: string; expected: string }> = [
    { what: 'the title as stored', category: 'jobCategories', text: 'پرستاری', expected: 'nursing' },
    { what: 'Arabic yeh (ي)', category: 'jobCategories', text: 'پرستاري', expected: 'nursing' },
    { what: 'Arabic kaf (ك)', category: 'cities', text: 'كرمان', expected: 'kerman' },
    {
      what: 'Arabic yeh and kaf together',
      category: 'jobTitles',
      text: 'پزشك عمومي',
      expected: 'general-practitioner',
    },
    { what: 'diacritics', category: 'fieldsOfStudy', text: 'پَرَسْتاری', expected: 'nursing' },
    { what: 'tatweel', category: 'provinces', text: 'اصفـــهان', expected: 'isfahan' },
    {
      what: 'ZWNJ where the data has ZWNJ',
      category: 'fieldsOfStudy',
      text: 'دندان\u200cپزشکی',
      expected: 'dentistry',
    },
    { what: 'a space where the data has ZWNJ', category: 'fieldsOfStudy', text: 'دندان پزشکی', expected: 'dentistry' },
    { what: 'no space where the data has ZWNJ', category: 'fieldsOfStudy', text: 'دندانپزشکی', expected: 'dentistry' },
    { what: 'a prefix', category: 'cities', text: 'کرمانش', expected: 'kermanshah' },
    { what: 'a prefix of a later word', category: 'universities', text: 'علوم پزشکی تبر', expected: 'tbzmed' },
    { what: 'a typo (missing letter)', category: 'jobCategories', text: 'پرستری', expected: 'nursing' },
    { what: 'a typo (گ for ک)', category: 'fieldsOfStudy', text: 'دندانپزشگی', expected: 'dentistry' },
    { what: 'another name (alias)', category: 'employmentTypes', text: 'آنکال', expected: 'on-call' },
    { what: 'the English title, any case', category: 'provinces', text: 'KHUZ', expected: 'khuzestan' },
    {
      what: 'Latin letters inside Persian',
      category: 'jobTitles',
      text: 'پرستار icu',
      expected: 'critical-care-nurse',
    },
  ];
  for (const { what, category, text, expected } of cases) {
    test(what, async () => assert.equal(await firstId(category, text), expected, `${category} "${text}"`));
  }

  test('Persian and Arabic-Indic digits match the Latin digits the data is stored with', async () => {
    for (const text of ['اورژانس 115', 'اورژانس ۱۱۵', 'اورژانس ١١٥', '۱۱۵']) {
      assert.equal(await firstId('facilityTypes', text), 'ems-station', text);
    }
  });
});

describe('ranking and limits', () => {
  test('the exact title comes before titles that merely start with it', async () => {
    const ids = (await search('cities', 'کرمان')).map((item) => item.id);
    assert.equal(ids[0], 'kerman');
    assert.ok(ids.includes('kermanshah'), ids.join(', '));
  });

  test('a title that starts with the text comes before one with a later word that does', async () => {
    const ids = (await search('universities', 'دانشگاه تهران')).map((item) => item.id);
    assert.equal(ids[0], 'ut');
  });

  test('at most ten answers, best first, with no unrelated noise', async () => {
    const items = await search('universities', 'دانشگاه');
    assert.equal(items.length, 10);
    assert.equal(items[0]!.id, 'tums', 'ties keep data-file order: medical universities first');
    assert.deepEqual(await search('cities', 'zzzz'), []);
  });

  test('a city comes with its province; other items have no parent', async () => {
    const [kashan] = await search('cities', 'کاشان');
    assert.deepEqual(
      { ...kashan },
      {
        $typeName: kashan!.$typeName,
        id: 'kashan',
        title: 'کاشان',
        titleEn: 'Kashan',
        parentId: 'isfahan',
        parentTitle: 'اصفهان',
      },
    );
    const [nursing] = await search('jobCategories', 'پرستاری');
    assert.equal(nursing!.parentId, '');
  });

  test('LIKE wildcards in the text are taken literally', async () => {
    assert.deepEqual(await search('cities', '%'), []);
    assert.deepEqual(await search('cities', '_'), []);
  });
});

describe('bad category or text', () => {
  test('each problem has its code, and several come together', async () => {
    await rejectsWith(
      recruitment.client.searchSuggestions({ category: '', text: 'تهران' }),
      'EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED',
    );
    await rejectsWith(
      recruitment.client.searchSuggestions({ category: 'planets', text: 'تهران' }),
      'EXC_SUGGESTIONS_CATEGORY_IS_INVALID',
    );
    await rejectsWith(
      recruitment.client.searchSuggestions({ category: 'cities', text: '' }),
      'EXC_SUGGESTIONS_TEXT_IS_REQUIRED',
    );
    await rejectsWith(
      recruitment.client.searchSuggestions({ category: 'cities', text: '\u200c \u064e' }),
      'EXC_SUGGESTIONS_TEXT_IS_REQUIRED',
    );
    await rejectsWith(
      recruitment.client.searchSuggestions({ category: 'cities', text: 'ت'.repeat(101) }),
      'EXC_SUGGESTIONS_TEXT_IS_TOO_LONG',
    );
    await rejectsWith(
      recruitment.client.searchSuggestions({ category: 'cities', text: 'تهران\u0000' }),
      'EXC_SUGGESTIONS_TEXT_IS_INVALID',
    );
    await rejectsWith(
      recruitment.client.searchSuggestions({ category: 'planets', text: '' }),
      'EXC_SUGGESTIONS_CATEGORY_IS_INVALID',
      'EXC_SUGGESTIONS_TEXT_IS_REQUIRED',
    );
  });

  test('a text of exactly the longest length is searched', async () => {
    assert.deepEqual(await search('cities', 'ت'.repeat(100)), []);
  });
});
