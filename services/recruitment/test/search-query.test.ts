// The search query's rules without an engine: text normalised into words (no operator can
// come through), stop words, the prefix of the last word, the bounds, each filter's codes, and
// the page and order.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { indexedText, searchTextOf } from '../src/domain/search/text.ts';
import { searchPageOf, searchQueryOf } from '../src/domain/search/search-query.ts';

const codesOf = (work: () => unknown): string[] => {
  try {
    work();
  } catch (error) {
    assert.ok(error instanceof DomainError);
    return [...error.codes].sort();
  }
  return [];
};

describe('text', () => {
  test('Arabic letters, digits of any script, diacritics and ZWNJ fold; operators and quotes are not words', () => {
    assert.equal(searchTextOf('كارشناس پرستاري').normalized, 'کارشناس پرستاری');
    assert.equal(searchTextOf('اورژانس ۱۱۵').normalized, 'اورژانس 115');
    assert.equal(searchTextOf('اورژانس ١١٥').normalized, 'اورژانس 115');
    assert.equal(searchTextOf('دندان\u200cپزشک').normalized, 'دندان پزشک');
    assert.equal(searchTextOf("x' OR '1'='1 --").normalized, 'x or 1 1');
    assert.deepEqual(searchTextOf('!(:*&|<->)').words, []);
  });
  test('stop words are left out unless nothing else is left', () => {
    assert.equal(searchTextOf('پرستار در تهران').normalized, 'پرستار تهران');
    assert.equal(searchTextOf('در و').normalized, 'در و');
  });
  test('the last word is a prefix unless the text ends finished; at most 8 words of 40 letters', () => {
    assert.deepEqual(
      searchTextOf('پرستار بخش').words.map((w) => w.prefix),
      [false, true],
    );
    assert.deepEqual(
      searchTextOf('پرستار بخش ').words.map((w) => w.prefix),
      [false, false],
    );
    assert.equal(searchTextOf('یک دو سه چهار پنج شش هفت هشت نه ده').words.length, 8);
    assert.equal(searchTextOf('ا'.repeat(10_000)).words[0]!.word.length, 40);
  });
  test('synonyms travel with their word', () => {
    assert.deepEqual(searchTextOf('نرس ').words[0]!.synonyms, ['پرستار']);
  });
  test('indexed text holds each word and each pair of neighbours joined', () => {
    assert.deepEqual(indexedText(['دندان‌پزشک عمومی']).split(' '), [
      'دندان',
      'دندانپزشک',
      'پزشک',
      'پزشکعمومی',
      'عمومی',
    ]);
  });
});

describe('the query', () => {
  test('200 characters pass, 201 are refused', () => {
    assert.deepEqual(
      codesOf(() => searchQueryOf({ text: 'پ'.repeat(200) })),
      [],
    );
    assert.deepEqual(
      codesOf(() => searchQueryOf({ text: `  ${'پ'.repeat(201)}  ` })),
      ['EXC_RECRUITMENTS_SEARCH_TEXT_IS_TOO_LONG'],
    );
  });
  test('every broken filter answers its code at once', () => {
    assert.deepEqual(
      codesOf(() =>
        searchQueryOf({
          jobCategories: ['pilots'],
          provinces: ['atlantis'],
          cities: ['gotham'],
          employmentTypes: ['forever'],
          workTypes: ['space'],
          salaryFrom: 5n,
          salaryTo: 1n,
          maxExperienceYears: 30,
          shiftPatterns: ['siesta'],
          facilityTypes: ['castle'],
          medicalSpecialties: ['alchemy'],
          employerId: 'acme',
        }),
      ),
      [
        'EXC_RECRUITMENTS_SEARCH_CITY_IS_INVALID',
        'EXC_RECRUITMENTS_SEARCH_EMPLOYER_ID_IS_INVALID',
        'EXC_RECRUITMENTS_SEARCH_EMPLOYMENT_TYPE_IS_INVALID',
        'EXC_RECRUITMENTS_SEARCH_EXPERIENCE_IS_INVALID',
        'EXC_RECRUITMENTS_SEARCH_FACILITY_TYPE_IS_INVALID',
        'EXC_RECRUITMENTS_SEARCH_JOB_CATEGORY_IS_INVALID',
        'EXC_RECRUITMENTS_SEARCH_MEDICAL_SPECIALTY_IS_INVALID',
        'EXC_RECRUITMENTS_SEARCH_PROVINCE_IS_INVALID',
        'EXC_RECRUITMENTS_SEARCH_SALARY_IS_INVALID',
        'EXC_RECRUITMENTS_SEARCH_SHIFT_PATTERN_IS_INVALID',
        'EXC_RECRUITMENTS_SEARCH_WORK_TYPE_IS_INVALID',
      ],
    );
  });
  test('salaries: negative or beyond 10¹² rials refused, equal ends allowed', () => {
    assert.deepEqual(
      codesOf(() => searchQueryOf({ salaryFrom: -1n })),
      ['EXC_RECRUITMENTS_SEARCH_SALARY_IS_INVALID'],
    );
    assert.deepEqual(
      codesOf(() => searchQueryOf({ salaryTo: 1_000_000_000_001n })),
      ['EXC_RECRUITMENTS_SEARCH_SALARY_IS_INVALID'],
    );
    assert.deepEqual(
      codesOf(() => searchQueryOf({ salaryFrom: 5n, salaryTo: 5n })),
      [],
    );
  });
  test('repeated values count once; more than 50 values are refused', () => {
    assert.deepEqual(searchQueryOf({ cities: ['tehran', 'tehran'] }).filters.cities, ['tehran']);
    const many = Array.from({ length: 51 }, () => 'x').map((x, i) => `${x}${i}`);
    assert.deepEqual(
      codesOf(() => searchQueryOf({ jobCategories: many })),
      ['EXC_RECRUITMENTS_SEARCH_JOB_CATEGORY_IS_INVALID'],
    );
  });
});

describe('page and order', () => {
  const query = searchQueryOf({});
  test('newest by default, relevance without text is newest', () => {
    assert.deepEqual(searchPageOf(undefined, query), { page: 1, pageSize: 20, order: 'newest' });
    assert.equal(searchPageOf({ order: 'relevance' }, query).order, 'newest');
    assert.equal(searchPageOf({ order: 'relevance' }, searchQueryOf({ text: 'پرستار' })).order, 'relevance');
    assert.equal(searchPageOf({ order: 'salary' }, query).order, 'salary');
  });
  test('bad page, size and order are answered together', () => {
    assert.deepEqual(
      codesOf(() => searchPageOf({ page: 10_001, pageSize: 51, order: '-price' }, query)),
      ['EXC_PAGINATION_ORDER_IS_INVALID', 'EXC_PAGINATION_PAGE_IS_INVALID', 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID'],
    );
  });
});
