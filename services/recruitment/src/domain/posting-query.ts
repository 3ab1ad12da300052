// The listing's query string (/applicants/recruitments?…) as a PostingQuery: one parser for
// every reader of it (saved filters here, search and job alerts in src/domain/search). Known
// parameters only: q, category, province, city, employmentType, workType, salaryFrom, salaryTo,
// experience, shift, facilityType, specialty, featured, order, page, pageSize; lists as
// repeated keys or comma-joined values; numbers in Persian, Arabic-Indic or Latin digits.
import { isValid, type ClosedListName } from '@darmankar/platform/closed-lists';
import { cleanText, toLatinDigits } from '@darmankar/platform/persian';
import { SHIFT_PATTERNS } from './posting-rules.ts';

export const LISTING_ORDERS = ['newest', 'salary', 'relevance'] as const;
export type ListingOrder = (typeof LISTING_ORDERS)[number];

/** The most characters of text a query carries (after trimming). */
export const MAX_QUERY_TEXT = 200;
const MAX_LIST_VALUES = 50;
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A listing's query as plain values: the contract's PostingQuery, field for field (search checks it). */
export interface PostingQuery {
  /** As typed, trimmed. */
  text: string;
  jobCategories: string[];
  provinces: string[];
  cities: string[];
  employmentTypes: string[];
  workTypes: string[];
  /** Rials. */
  salaryFrom?: bigint;
  salaryTo?: bigint;
  maxExperienceYears?: number;
  shiftPatterns: string[];
  facilityTypes: string[];
  medicalSpecialties: string[];
  employerId?: string;
  featuredOnly: boolean;
}

export interface ListingQuery {
  query: PostingQuery;
  order: ListingOrder;
  page?: number;
  pageSize?: number;
  /** The parameters whose values are not valid (empty when all are). */
  problems: string[];
}

type ListKey =
  'category' | 'province' | 'city' | 'employmentType' | 'workType' | 'shift' | 'facilityType' | 'specialty';

/** Each list parameter, the query field it fills and how a value is checked. */
const LISTS: Record<ListKey, { field: keyof ListingQuery['query']; valid: (id: string) => boolean }> = {
  category: { field: 'jobCategories', valid: (id) => ID.test(id) },
  province: { field: 'provinces', valid: (id) => isValid('provinces', id) },
  city: { field: 'cities', valid: (id) => isValid('cities', id) },
  employmentType: { field: 'employmentTypes', valid: (id) => isValid('employmentTypes' as ClosedListName, id) },
  workType: { field: 'workTypes', valid: (id) => isValid('workTypes', id) },
  shift: { field: 'shiftPatterns', valid: (id) => (SHIFT_PATTERNS as readonly string[]).includes(id) },
  facilityType: { field: 'facilityTypes', valid: (id) => isValid('facilityTypes', id) },
  specialty: { field: 'medicalSpecialties', valid: (id) => isValid('medicalSpecialties', id) },
};

/** The order parameters are written in, so one filter always reads the same. */
export const LISTING_PARAMETERS = [
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
  'featured',
  'order',
  'page',
  'pageSize',
] as const;

function listOf(params: URLSearchParams, key: string): string[] {
  const values = params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return [...new Set(values)].sort();
}

function wholeNumber(params: URLSearchParams, key: string, maxDigits: number, problems: string[]): number | undefined {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return undefined;
  const digits = toLatinDigits(raw).trim();
  if (!new RegExp(`^\\d{1,${maxDigits}}$`).test(digits)) {
    problems.push(key);
    return undefined;
  }
  return Number(digits);
}

/** The listing's query string (with or without "?") as a query, its order and page, and what was invalid. */
export function parseListingQuery(queryString: string): ListingQuery {
  const params = new URLSearchParams(queryString.trim().replace(/^\?/, ''));
  const problems: string[] = [];
  const text = cleanText(params.get('q') ?? '', { singleLine: true });
  if ([...text].length > MAX_QUERY_TEXT) problems.push('q');
  const query: ListingQuery['query'] = {
    text,
    jobCategories: [],
    provinces: [],
    cities: [],
    employmentTypes: [],
    workTypes: [],
    shiftPatterns: [],
    facilityTypes: [],
    medicalSpecialties: [],
    featuredOnly: false,
  };
  for (const [key, list] of Object.entries(LISTS) as [ListKey, (typeof LISTS)[ListKey]][]) {
    const values = listOf(params, key);
    if (values.length > MAX_LIST_VALUES || !values.every(list.valid)) problems.push(key);
    (query[list.field] as string[]) = values;
  }
  const salaryFrom = wholeNumber(params, 'salaryFrom', 15, problems);
  const salaryTo = wholeNumber(params, 'salaryTo', 15, problems);
  if (salaryFrom !== undefined) query.salaryFrom = BigInt(salaryFrom);
  if (salaryTo !== undefined) query.salaryTo = BigInt(salaryTo);
  if (salaryFrom !== undefined && salaryTo !== undefined && salaryFrom > salaryTo) problems.push('salaryTo');
  const experience = wholeNumber(params, 'experience', 2, problems);
  if (experience !== undefined) query.maxExperienceYears = experience;
  const featured = params.get('featured');
  if (featured !== null && !['true', 'false', '1', '0', ''].includes(featured)) problems.push('featured');
  query.featuredOnly = featured === 'true' || featured === '1';
  const order = (params.get('order') ?? '').trim() || 'newest';
  if (!(LISTING_ORDERS as readonly string[]).includes(order)) problems.push('order');
  return {
    query,
    order: (LISTING_ORDERS as readonly string[]).includes(order) ? (order as ListingOrder) : 'newest',
    page: wholeNumber(params, 'page', 5, problems),
    pageSize: wholeNumber(params, 'pageSize', 3, problems),
    problems,
  };
}

/**
 * The query written back as a query string, normalised: parameters in LISTING_PARAMETERS order,
 * list values sorted and comma-joined, numbers in Latin digits, defaults (newest, not featured)
 * left out; the page only when `withPage`.
 */
export function formatListingQuery(listing: ListingQuery, options: { withPage?: boolean } = {}): string {
  const { query } = listing;
  const params = new URLSearchParams();
  if (query.text) params.set('q', query.text);
  const lists: [ListKey, string[]][] = (Object.entries(LISTS) as [ListKey, (typeof LISTS)[ListKey]][]).map(
    ([key, list]) => [key, query[list.field] as string[]],
  );
  const put = (key: string) => {
    const list = lists.find(([name]) => name === key);
    if (list && list[1].length > 0) params.set(key, [...list[1]].sort().join(','));
  };
  for (const key of LISTING_PARAMETERS) {
    if (key in LISTS) put(key);
    else if (key === 'salaryFrom' && query.salaryFrom !== undefined) params.set(key, String(query.salaryFrom));
    else if (key === 'salaryTo' && query.salaryTo !== undefined) params.set(key, String(query.salaryTo));
    else if (key === 'experience' && query.maxExperienceYears !== undefined)
      params.set(key, String(query.maxExperienceYears));
    else if (key === 'featured' && query.featuredOnly) params.set(key, 'true');
    else if (key === 'order' && listing.order !== 'newest') params.set(key, listing.order);
    else if (options.withPage && key === 'page' && listing.page !== undefined) params.set(key, String(listing.page));
    else if (options.withPage && key === 'pageSize' && listing.pageSize !== undefined)
      params.set(key, String(listing.pageSize));
  }
  return params.toString();
}
