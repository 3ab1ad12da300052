// The listing's state and its URL (lib/recruitments/query.ts): read back what a URL says, write
// one canonical URL for a state (what the loader redirects to, so it must be stable), and ask
// the gateway with the same names a saved filter is stored under.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  activeFilterCount,
  EMPTY_STATE,
  gatewayQuery,
  listingSearch,
  listingSearchParams,
  parseListingQuery,
  withPage,
  type ListingState,
} from '../app/lib/recruitments/query.ts';

const parse = (query: string, categories?: string[]) =>
  parseListingQuery(new URLSearchParams(query), categories ? new Set(categories) : undefined);

test('an empty query is the plain listing: newest first, page 1, no filters', () => {
  assert.deepEqual(parse(''), EMPTY_STATE);
  assert.equal(listingSearch(EMPTY_STATE), '');
  assert.equal(activeFilterCount(EMPTY_STATE), 0);
});

test('every filter is read from the names GET /recruitments and saved filters use', () => {
  const state = parse(
    'q=پرستار+ICU&category=nursing&province=tehran&city=tehran&employmentType=full-time&workType=on-site' +
      '&salaryFrom=200000000&salaryTo=400000000&experience=3&shift=night&shift=on-call' +
      '&facilityType=hospital&specialty=cardiology&order=salary&page=2',
    ['nursing', 'medicine'],
  );
  assert.deepEqual(state, {
    text: 'پرستار ICU',
    jobCategories: ['nursing'],
    provinces: ['tehran'],
    cities: ['tehran'],
    employmentTypes: ['full-time'],
    workTypes: ['on-site'],
    facilityTypes: ['hospital'],
    medicalSpecialties: ['cardiology'],
    shiftPatterns: ['night', 'on-call'],
    salaryFrom: 200_000_000,
    salaryTo: 400_000_000,
    maxExperienceYears: 3,
    order: 'salary',
    page: 2,
  });
  assert.equal(activeFilterCount(state), 11);
});

test('lists come repeated or comma-joined (the service stores them comma-joined)', () => {
  const state = parse('shift=night,morning&city=tehran,karaj');
  assert.deepEqual(state.shiftPatterns, ['night', 'morning']);
  assert.deepEqual(state.cities, ['tehran', 'karaj']);
});

test('the canonical URL reads back as the same state, and writing it again changes nothing', () => {
  const samples = [
    'q=پرستار&city=tehran&shift=night',
    'category=medicine&experience=0&order=newest',
    'q=  ماما  &order=relevance&page=3&salaryTo=150000000',
    'province=tehran&city=tehran&specialty=pediatrics&facilityType=clinic&workType=remote',
  ];
  for (const sample of samples) {
    const state = parse(sample, ['medicine']);
    const canonical = listingSearchParams(state).toString();
    const again = parse(canonical, ['medicine']);
    assert.deepEqual(again, state, sample);
    assert.equal(listingSearchParams(again).toString(), canonical, sample);
  }
});

test('what a submitted GET form adds (empty fields, the default order, page 1) is left out of the URL', () => {
  const state = parse(
    'q=&category=&province=&city=&employmentType=&workType=&salaryFrom=&salaryTo=&experience=&facilityType=&specialty=&order=newest&page=1',
  );
  assert.deepEqual(state, EMPTY_STATE);
  assert.equal(listingSearch(state), '');
});

test('a city or province typed as its title (the home page, old links) is read as its id', () => {
  assert.deepEqual(parse('city=تهران').cities, ['tehran']);
  assert.deepEqual(parse('province=Tehran').provinces, ['tehran']);
});

test('values naming nothing are dropped rather than failing the page', () => {
  const state = parse(
    'city=atlantis&shift=siesta&employmentType=forever&category=astronaut&experience=30&salaryFrom=lots&order=random&page=0',
    ['nursing'],
  );
  assert.deepEqual(state, EMPTY_STATE);
  assert.equal(parse('page=-2').page, 1);
  assert.equal(parse('page=abc').page, 1);
});

test('a city of another province than the one chosen is dropped', () => {
  const state = parse('province=fars&city=tehran');
  assert.deepEqual(state.provinces, ['fars']);
  assert.deepEqual(state.cities, []);
});

test('numbers in Persian or Arabic-Indic digits are read; a reversed salary range is put the right way round', () => {
  const state = parse('salaryFrom=۴۰۰۰۰۰۰۰۰&salaryTo=٢٠٠٠٠٠٠٠٠&experience=۰&page=۲');
  assert.equal(state.salaryFrom, 200_000_000);
  assert.equal(state.salaryTo, 400_000_000);
  assert.equal(state.maxExperienceYears, 0, "'no work history' is 0, a filter of its own");
  assert.equal(state.page, 2);
});

test('relevance needs words: without them the order is newest', () => {
  assert.equal(parse('order=relevance').order, 'newest');
  assert.equal(parse('q=ماما&order=relevance').order, 'relevance');
});

test('the search text is kept as typed, trimmed and cut at 200 characters', () => {
  assert.equal(parse(`q=${encodeURIComponent('  كارشناس پرستاري  ')}`).text, 'كارشناس پرستاري');
  assert.equal([...parse(`q=${'آ'.repeat(500)}`).text].length, 200);
});

test('pagination links keep every filter and change only the page', () => {
  const state = parse('q=ماما&city=tehran&shift=night');
  assert.equal(listingSearch(withPage(state, 3)), '?q=%D9%85%D8%A7%D9%85%D8%A7&city=tehran&shift=night&page=3');
  assert.equal(listingSearch(withPage(state, 1)), '?q=%D9%85%D8%A7%D9%85%D8%A7&city=tehran&shift=night');
  assert.equal(listingSearch(withPage(state, 3), { withPage: false }), listingSearch(state));
});

test('the gateway is asked with the same names, lists comma-joined, page and size always', () => {
  const state: ListingState = { ...parse('q=پرستار&shift=night&shift=evening&city=tehran'), page: 2 };
  assert.deepEqual(gatewayQuery(state, 20), {
    q: 'پرستار',
    city: 'tehran',
    shift: 'night,evening',
    order: 'newest',
    page: '2',
    pageSize: '20',
  });
});
