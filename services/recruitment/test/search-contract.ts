// The search port's contract, run against every adapter (search-postgres.test.ts,
// search-meilisearch.test.ts): the same documents, the same queries, the same answers. Persian
// spelling (Arabic ي/ك, digits of any script, ZWNJ or none), typos, each filter, the sorts,
// pagination totals, a hidden salary and hostile text.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { searchDocumentOf, type PostingRowForSearch } from '../src/domain/search/documents.ts';
import type { SearchIndex, SearchOrder, SearchQuery } from '../src/domain/search/search-index.ts';
import { searchQueryOf, type PostingQueryInput } from '../src/domain/search/search-query.ts';
import { searchTextOf } from '../src/domain/search/text.ts';

export const NOW = new Date('2026-11-20T08:00:00Z');
const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * DAY);

export const EMPLOYER_ONE = '11111111-1111-4111-8111-111111111111';
export const EMPLOYER_TWO = '22222222-2222-4222-8222-222222222222';

const M = 1_000_000n;

export function posting(id: string, fields: Partial<PostingRowForSearch>): PostingRowForSearch {
  return {
    id,
    slug: `posting-${id.slice(0, 8)}`,
    employerId: EMPLOYER_ONE,
    status: 'published',
    version: 3n,
    title: 'عنوان',
    jobCategory: 'nursing',
    employmentType: 'full-time',
    workType: 'on-site',
    minSalary: null,
    maxSalary: null,
    salaryVisible: true,
    experienceYears: null,
    province: 'tehran',
    city: 'tehran',
    skills: [],
    shiftPatterns: [],
    facilityType: null,
    medicalSpecialty: null,
    employerSlug: 'milad-hospital',
    employerBrand: 'بیمارستان میلاد',
    employerLogo: null,
    featuredUntil: null,
    publishedAt: daysFromNow(-1),
    closesAt: daysFromNow(29),
    ...fields,
  };
}

/** The postings every test searches (F is past its closing time: never found). */
export const P = {
  nurse: posting('aaaaaaaa-0000-4000-8000-000000000001', {
    title: 'کارشناس پرستاری',
    shiftPatterns: ['night', 'rotating'],
    facilityType: 'hospital',
    experienceYears: 2,
    minSalary: 200n * M,
    maxSalary: 300n * M,
    skills: [{ name: 'تزریقات', level: 'advanced' }],
    publishedAt: daysFromNow(-1),
  }),
  dentist: posting('aaaaaaaa-0000-4000-8000-000000000002', {
    title: 'دندان‌پزشک عمومی',
    jobCategory: 'dentistry',
    province: 'isfahan',
    city: 'isfahan',
    employmentType: 'part-time',
    shiftPatterns: ['morning'],
    facilityType: 'dental-clinic',
    experienceYears: 0,
    minSalary: 500n * M,
    maxSalary: 800n * M,
    employerId: EMPLOYER_TWO,
    employerSlug: 'labkhand',
    employerBrand: 'کلینیک لبخند',
    publishedAt: daysFromNow(-2),
  }),
  childDentist: posting('aaaaaaaa-0000-4000-8000-000000000003', {
    title: 'دندانپزشک اطفال',
    jobCategory: 'dentistry',
    province: 'isfahan',
    city: 'kashan',
    workType: 'hybrid',
    shiftPatterns: ['evening'],
    facilityType: 'dental-clinic',
    medicalSpecialty: 'pediatrics',
    experienceYears: 5,
    // Hidden: shown as "agreed", never filtered or sorted on.
    minSalary: 900n * M,
    maxSalary: 1000n * M,
    salaryVisible: false,
    employerId: EMPLOYER_TWO,
    employerSlug: 'labkhand',
    employerBrand: 'کلینیک لبخند',
    publishedAt: daysFromNow(-3),
  }),
  paramedic: posting('aaaaaaaa-0000-4000-8000-000000000004', {
    title: 'تکنسین اورژانس ۱۱۵',
    jobCategory: 'emergency-medical-services',
    employmentType: 'shift-based',
    workType: 'mobile',
    shiftPatterns: ['on-call'],
    facilityType: 'ems-station',
    featuredUntil: daysFromNow(5),
    publishedAt: daysFromNow(-4),
  }),
  doctor: posting('aaaaaaaa-0000-4000-8000-000000000005', {
    title: 'پزشک عمومی درمانگاه میلاد',
    jobCategory: 'medicine',
    province: 'khorasan-razavi',
    city: 'mashhad',
    experienceYears: 1,
    minSalary: 400n * M,
    publishedAt: daysFromNow(-5),
  }),
  closed: posting('aaaaaaaa-0000-4000-8000-000000000006', {
    title: 'کارشناس پرستاری ICU',
    maxSalary: 350n * M,
    publishedAt: daysFromNow(-40),
    closesAt: daysFromNow(-10),
  }),
};

const ALL = Object.values(P);
const OPEN_COUNT = ALL.length - 1;

export interface SearchAdapterUnderTest {
  index: SearchIndex;
  stop(): Promise<void>;
}

/** Registers the contract's tests for one adapter. `start` gives an empty index. */
export function searchContract(start: () => Promise<SearchAdapterUnderTest>): void {
  let adapter: SearchAdapterUnderTest;
  let index: SearchIndex;

  before(async () => {
    adapter = await start();
    index = adapter.index;
    await index.clear();
    await index.upsert(ALL.map(searchDocumentOf));
  });
  after(async () => {
    await adapter?.stop();
  });

  const ids = async (input: PostingQueryInput, order: SearchOrder = 'newest', page = 1, pageSize = 20) =>
    (await index.search({ query: searchQueryOf(input), page, pageSize, order, now: NOW })).items.map((d) => d.id);
  const finds = async (text: string, expected: PostingRowForSearch[]) => {
    const found = await ids({ text });
    for (const posting of expected) assert.ok(found.includes(posting.id), `"${text}" finds ${posting.title}`);
  };

  describe('Persian text is matched however it is typed', () => {
    test('Arabic yeh and kaf find the Persian letters', async () => {
      assert.deepEqual(await ids({ text: 'كارشناس پرستاري' }), [P.nurse.id]);
    });
    test('a one-letter typo still finds the posting', async () => {
      await finds('کارشناس پرستری', [P.nurse]);
      await finds('کارشناس پرصتاری', [P.nurse]);
    });
    test('Persian, Arabic-Indic and Latin digits match alike', async () => {
      for (const text of ['اورژانس ۱۱۵', 'اورژانس ١١٥', 'اورژانس 115']) {
        assert.deepEqual(await ids({ text }), [P.paramedic.id], text);
      }
    });
    test('ZWNJ, a space or nothing between compound parts match each other', async () => {
      for (const text of ['دندان\u200cپزشک', 'دندانپزشک', 'دندان پزشک']) {
        assert.deepEqual(new Set(await ids({ text })), new Set([P.dentist.id, P.childDentist.id]), text);
      }
    });
    test('the last word matches as a prefix', async () => {
      await finds('دندانپز', [P.dentist, P.childDentist]);
      await finds('کارشناس پرست', [P.nurse]);
    });
    test('the category, the city, the skills and the brand are searched too', async () => {
      await finds('کاشان', [P.childDentist]);
      await finds('تزریقات', [P.nurse]);
      await finds('لبخند', [P.dentist, P.childDentist]);
    });
    test('a word found nowhere finds nothing', async () => {
      assert.deepEqual(await ids({ text: 'خلبان' }), []);
    });
    test('a closed posting is never found', async () => {
      assert.ok(!(await ids({ text: 'ICU' })).includes(P.closed.id));
      assert.ok(!(await ids({})).includes(P.closed.id));
    });
  });

  describe('filters', () => {
    const cases: Array<[string, PostingQueryInput, PostingRowForSearch[]]> = [
      ['job category', { jobCategories: ['dentistry'] }, [P.dentist, P.childDentist]],
      ['province', { provinces: ['isfahan'] }, [P.dentist, P.childDentist]],
      ['city', { cities: ['kashan'] }, [P.childDentist]],
      ['employment type', { employmentTypes: ['part-time'] }, [P.dentist]],
      ['work type', { workTypes: ['hybrid'] }, [P.childDentist]],
      ['visible salary overlapping the range', { salaryFrom: 250n * M, salaryTo: 450n * M }, [P.nurse, P.doctor]],
      ['salary from only', { salaryFrom: 700n * M }, [P.dentist]],
      [
        'at most one year of experience (not stated matches)',
        { maxExperienceYears: 1 },
        [P.dentist, P.paramedic, P.doctor],
      ],
      ['no work history', { maxExperienceYears: 0 }, [P.dentist, P.paramedic]],
      ['shift pattern', { shiftPatterns: ['night', 'on-call'] }, [P.nurse, P.paramedic]],
      ['facility type', { facilityTypes: ['dental-clinic'] }, [P.dentist, P.childDentist]],
      ['medical specialty', { medicalSpecialties: ['pediatrics'] }, [P.childDentist]],
      ['employer', { employerId: EMPLOYER_TWO }, [P.dentist, P.childDentist]],
      ['featured only', { featuredOnly: true }, [P.paramedic]],
      ['text and filters together', { text: 'دندانپزشک', cities: ['isfahan'] }, [P.dentist]],
    ];
    for (const [what, input, expected] of cases) {
      test(what, async () => {
        assert.deepEqual(new Set(await ids(input)), new Set(expected.map((p) => p.id)));
      });
    }
  });

  describe('sorts and pages', () => {
    test('newest first by default', async () => {
      assert.deepEqual(
        await ids({}),
        [P.nurse, P.dentist, P.childDentist, P.paramedic, P.doctor].map((p) => p.id),
      );
    });
    test('salary: highest visible first, hidden and unstated last in newest order', async () => {
      assert.deepEqual(
        await ids({}, 'salary'),
        [P.dentist, P.doctor, P.nurse, P.childDentist, P.paramedic].map((p) => p.id),
      );
    });
    test('relevance puts a title match first', async () => {
      // میلاد is the nurse's and the paramedic's employer, and in the doctor's title.
      assert.deepEqual(await ids({ text: 'میلاد' }), [P.nurse.id, P.paramedic.id, P.doctor.id]);
      assert.equal((await ids({ text: 'میلاد' }, 'relevance'))[0], P.doctor.id);
    });
    test('pages carry the total; past the last page is empty with the total', async () => {
      const page = (n: number) =>
        index.search({ query: searchQueryOf({}), page: n, pageSize: 2, order: 'newest', now: NOW });
      const second = await page(2);
      assert.deepEqual(
        second.items.map((d) => d.id),
        [P.childDentist.id, P.paramedic.id],
      );
      assert.equal(second.total, OPEN_COUNT);
      const beyond = await page(9);
      assert.deepEqual(beyond.items, []);
      assert.equal(beyond.total, OPEN_COUNT);
    });
  });

  describe('a hidden salary', () => {
    test('is never in a found document', async () => {
      const found = await index.search({
        query: searchQueryOf({ cities: ['kashan'] }),
        page: 1,
        pageSize: 5,
        order: 'newest',
        now: NOW,
      });
      assert.equal(found.items.length, 1);
      assert.equal(found.items[0]!.minSalary, null);
      assert.equal(found.items[0]!.maxSalary, null);
    });
    test('is never matched by a salary range', async () => {
      assert.ok(!(await ids({ salaryFrom: 0n })).includes(P.childDentist.id));
      assert.ok(!(await ids({ salaryFrom: 950n * M, salaryTo: 960n * M })).includes(P.childDentist.id));
    });
    test('a visible salary comes back as written', async () => {
      const found = await index.search({
        query: searchQueryOf({ cities: ['isfahan'] }),
        page: 1,
        pageSize: 5,
        order: 'newest',
        now: NOW,
      });
      assert.equal(found.items[0]!.minSalary, 500n * M);
      assert.equal(found.items[0]!.maxSalary, 800n * M);
      assert.equal(found.items[0]!.title, 'دندان‌پزشک عمومی', 'stored as typed, ZWNJ and all');
    });
  });

  describe('hostile text is only text', () => {
    const hostile = [
      "'; DROP TABLE search_documents; --",
      'city = "tehran" OR 1=1',
      'job_category IN ["nursing"] OR id EXISTS',
      "پرستار') OR ('1'='1",
      '!(:*&|<->)',
      'ا'.repeat(10_000),
    ];
    for (const text of hostile) {
      test(`"${text.slice(0, 40)}"`, async () => {
        const result = await index.search({
          query: { ...searchQueryOf({}), text: searchTextOf(text) },
          page: 1,
          pageSize: 20,
          order: 'relevance',
          now: NOW,
        });
        // Text without a letter or a digit is no text at all; any other never widens the search.
        const hasWords = /[\p{L}\p{N}]/u.test(text);
        assert.ok(hasWords ? result.total < OPEN_COUNT : result.total === OPEN_COUNT, String(result.total));
        assert.equal((await index.info()).documents, ALL.length);
      });
    }
  });

  describe('the rest of the port', () => {
    test('matches: a saved filter against one posting', async () => {
      const query: SearchQuery = searchQueryOf({ text: 'پرستار', jobCategories: ['nursing'] });
      assert.equal(await index.matches(query, P.nurse.id, NOW), true);
      assert.equal(await index.matches(query, P.dentist.id, NOW), false);
      assert.equal(await index.matches(query, P.closed.id, NOW), false);
      assert.equal(await index.matches(searchQueryOf({ cities: ['kashan'] }), P.childDentist.id, NOW), true);
    });
    test("any of several texts: a resume's titles and skills", async () => {
      const query = { ...searchQueryOf({}), anyText: [searchTextOf('کارشناس پرستاری '), searchTextOf('اورژانس ')] };
      const result = await index.search({ query, page: 1, pageSize: 20, order: 'newest', now: NOW });
      assert.deepEqual(
        result.items.map((d) => d.id),
        [P.nurse.id, P.paramedic.id],
      );
      const none = { ...searchQueryOf({}), anyText: [] };
      assert.equal(
        (await index.search({ query: none, page: 1, pageSize: 1, order: 'newest', now: NOW })).total,
        OPEN_COUNT,
      );
    });
    test('open postings counted per category, most first', async () => {
      const counts = await index.countByCategory([], 10, NOW);
      assert.deepEqual(counts[0], { category: 'dentistry', count: 2 });
      assert.equal(
        counts.reduce((sum, c) => sum + c.count, 0),
        OPEN_COUNT,
      );
      assert.deepEqual(await index.countByCategory(['nursing'], 10, NOW), [{ category: 'nursing', count: 1 }]);
      assert.equal((await index.countByCategory([], 1, NOW)).length, 1);
    });
    test('an older version never replaces a newer one', async () => {
      await index.upsert([searchDocumentOf({ ...P.doctor, version: 1n, title: 'نسخهٔ قدیمی' })]);
      assert.deepEqual(await ids({ text: 'قدیمی' }), []);
      await index.upsert([searchDocumentOf({ ...P.doctor, version: 4n, title: 'پزشک عمومی شیفت صبح' })]);
      assert.deepEqual(await ids({ text: 'شیفت صبح' }), [P.doctor.id]);
    });
    test('a removed posting is no longer found', async () => {
      await index.remove([P.dentist.id]);
      assert.deepEqual(await ids({ jobCategories: ['dentistry'] }), [P.childDentist.id]);
      await index.upsert([searchDocumentOf(P.dentist)]);
    });
  });
}
