// The listing's whole state lives in its URL (spec §2, issue 18): a GET form writes it, links
// and saved filters carry it, the loader reads it back. The parameter names are the ones
// `GET /recruitments` takes and the recruitment service stores a saved filter in (q, category,
// province, city, employmentType, workType, salaryFrom, salaryTo, experience, shift,
// facilityType, specialty, order, page), so a URL, a search and a saved filter all mean the
// same. Pure: no React, no fetch.
import { closedListItem } from '@darmankar/platform/closed-lists';
import { listIdOf, type ClosedListName } from '../closed-lists.ts';
import { toLatinDigits } from '../format.ts';

export const SHIFT_PATTERNS = ['morning', 'evening', 'night', 'on-call', 'rotating'] as const;
export type ShiftPattern = (typeof SHIFT_PATTERNS)[number];

export const SORT_ORDERS = ['newest', 'salary', 'relevance'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const PAGE_SIZE = 20;
/** Spec §9: 'no work history' (0) and 1 to 29 years. */
export const EXPERIENCE_CHOICES = Array.from({ length: 30 }, (_, years) => years);
/** The salary bounds offered, in million toman (the filter's values are rials). */
export const SALARY_STEPS_MILLION_TOMAN = [5, 10, 15, 20, 25, 30, 40, 50, 70, 100] as const;
/** A step's rials (× 1e7): the platform's currency helper, spec §9. */
export { millionTomanToRials } from '@darmankar/platform/money';
/** The service's limit on the search text (PostingQuery.text). */
export const MAX_TEXT_LENGTH = 200;

/**
 * The filters holding items of a list: the state's field, its query parameter and its closed
 * list (none for the job categories, a suggestion category of the recruitment service).
 */
export const LIST_FILTERS = {
  jobCategories: { param: 'category', list: null },
  provinces: { param: 'province', list: 'provinces' },
  cities: { param: 'city', list: 'cities' },
  employmentTypes: { param: 'employmentType', list: 'employmentTypes' },
  workTypes: { param: 'workType', list: 'workTypes' },
  facilityTypes: { param: 'facilityType', list: 'facilityTypes' },
  medicalSpecialties: { param: 'specialty', list: 'medicalSpecialties' },
} as const satisfies Record<string, { param: string; list: ClosedListName | null }>;
export type ListFilter = keyof typeof LIST_FILTERS;
const LIST_FIELDS = Object.keys(LIST_FILTERS) as ListFilter[];

/** Every parameter of the listing's URL, in the order a URL spells them. */
export const LISTING_PARAMS = [
  'q',
  'category',
  'province',
  'city',
  'employmentType',
  'workType',
  'salaryFrom',
  'salaryTo',
  'experience',
  'shift',
  'facilityType',
  'specialty',
  'order',
  'page',
] as const;
/** The parameters the filter panel sets (the search box sets `q`, the sort `order`). */
export const FILTER_PARAMS = [
  'category',
  'province',
  'city',
  'employmentType',
  'workType',
  'salaryFrom',
  'salaryTo',
  'experience',
  'shift',
  'facilityType',
  'specialty',
] as const;

export interface ListingState {
  text: string;
  jobCategories: string[];
  provinces: string[];
  cities: string[];
  employmentTypes: string[];
  workTypes: string[];
  facilityTypes: string[];
  medicalSpecialties: string[];
  shiftPatterns: ShiftPattern[];
  /** Rials. */
  salaryFrom: number | null;
  salaryTo: number | null;
  /** 0: only postings needing no work history; n: asking at most n years. */
  maxExperienceYears: number | null;
  order: SortOrder;
  page: number;
}

export const EMPTY_STATE: ListingState = {
  text: '',
  jobCategories: [],
  provinces: [],
  cities: [],
  employmentTypes: [],
  workTypes: [],
  facilityTypes: [],
  medicalSpecialties: [],
  shiftPatterns: [],
  salaryFrom: null,
  salaryTo: null,
  maxExperienceYears: null,
  order: 'newest',
  page: 1,
};

/** Every value of a parameter: repeated (`a=1&a=2`, a form's checkboxes) or comma-joined (`a=1,2`). */
function valuesOf(params: URLSearchParams, name: string): string[] {
  const values = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  return [...new Set(values)];
}

/** A whole number ≥ 0 in any digits (Persian, Arabic-Indic, Latin), or null. */
function wholeNumber(value: string | null): number | null {
  if (value == null) return null;
  const latin = toLatinDigits(value.trim()).replace(/[,٬،\s]/g, '');
  if (!/^\d{1,15}$/.test(latin)) return null;
  return Number(latin);
}

/**
 * Reads the listing's state from a URL's query. Values naming no list item are dropped (a
 * title typed in an old link — «تهران» — is read as its id); a page, order or number that
 * makes no sense falls back to the default rather than failing the page.
 */
export function parseListingQuery(params: URLSearchParams, knownCategories?: ReadonlySet<string>): ListingState {
  const state: ListingState = { ...EMPTY_STATE };
  state.text = (params.get('q') ?? '').trim().slice(0, MAX_TEXT_LENGTH);
  for (const field of LIST_FIELDS) {
    const { param, list } = LIST_FILTERS[field];
    const values = valuesOf(params, param);
    state[field] = list
      ? [...new Set(values.map((value) => listIdOf(list, value)).filter((id): id is string => id !== null))]
      : values.filter((value) => !knownCategories || knownCategories.has(value));
  }
  // A city implies its province; a city of another province than the one chosen is dropped.
  if (state.provinces.length > 0) {
    state.cities = state.cities.filter((city) =>
      state.provinces.includes(closedListItem('cities', city)?.parent ?? ''),
    );
  }
  state.shiftPatterns = valuesOf(params, 'shift').filter((value): value is ShiftPattern =>
    (SHIFT_PATTERNS as readonly string[]).includes(value),
  );
  state.salaryFrom = wholeNumber(params.get('salaryFrom'));
  state.salaryTo = wholeNumber(params.get('salaryTo'));
  if (state.salaryFrom !== null && state.salaryTo !== null && state.salaryFrom > state.salaryTo) {
    [state.salaryFrom, state.salaryTo] = [state.salaryTo, state.salaryFrom];
  }
  const experience = wholeNumber(params.get('experience'));
  state.maxExperienceYears = experience !== null && experience <= 29 ? experience : null;
  const order = params.get('order');
  state.order = (SORT_ORDERS as readonly string[]).includes(order ?? '') ? (order as SortOrder) : 'newest';
  // Relevance needs a text to be relevant to.
  if (state.order === 'relevance' && !state.text) state.order = 'newest';
  const page = wholeNumber(params.get('page'));
  state.page = page !== null && page >= 1 && page <= 10_000 ? page : 1;
  return state;
}

/**
 * The query string of a state: only what differs from the defaults, in a fixed order, so the
 * same search always has the same URL (and a saved filter compares equal). `page` only past 1.
 */
export function listingSearchParams(state: ListingState, options: { withPage?: boolean } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (state.text) params.set('q', state.text);
  for (const field of LIST_FIELDS.slice(0, 5)) {
    for (const value of state[field]) params.append(LIST_FILTERS[field].param, value);
  }
  if (state.salaryFrom !== null) params.set('salaryFrom', String(state.salaryFrom));
  if (state.salaryTo !== null) params.set('salaryTo', String(state.salaryTo));
  if (state.maxExperienceYears !== null) params.set('experience', String(state.maxExperienceYears));
  for (const shift of state.shiftPatterns) params.append('shift', shift);
  for (const field of LIST_FIELDS.slice(5)) {
    for (const value of state[field]) params.append(LIST_FILTERS[field].param, value);
  }
  if (state.order !== 'newest') params.set('order', state.order);
  if ((options.withPage ?? true) && state.page > 1) params.set('page', String(state.page));
  return params;
}

/** `?…` of a state, or '' when it is the plain listing. */
export function listingSearch(state: ListingState, options: { withPage?: boolean } = {}): string {
  const query = listingSearchParams(state, options).toString();
  return query ? `?${query}` : '';
}

/** How many filters are chosen (the text, sort and page are not filters). */
export function activeFilterCount(state: ListingState): number {
  const lists = LIST_FIELDS.reduce((sum, field) => sum + state[field].length, 0);
  return (
    lists +
    state.shiftPatterns.length +
    (state.salaryFrom !== null || state.salaryTo !== null ? 1 : 0) +
    (state.maxExperienceYears !== null ? 1 : 0)
  );
}

/** What `GET recruitments` is asked: the URL's parameters, lists comma-joined, page and size always. */
export function gatewayQuery(state: ListingState, pageSize = PAGE_SIZE): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of listingSearchParams(state, { withPage: false })) {
    query[name] = query[name] ? `${query[name]},${value}` : value;
  }
  query.order = state.order;
  query.page = String(state.page);
  query.pageSize = String(pageSize);
  return query;
}

/** The state with one page chosen (pagination links). */
export function withPage(state: ListingState, page: number): ListingState {
  return { ...state, page };
}
