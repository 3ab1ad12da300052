// The listing's query (the contract's PostingQuery, as the RPC or a saved filter brings it)
// checked and turned into the port's SearchQuery: lists of known ids only, sane salary and
// experience numbers, a bounded text. Each broken rule is its own EXC_RECRUITMENTS_SEARCH_*
// code, several answered together.
import { isValid, type ClosedListName } from '@darmankar/platform/closed-lists';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid, parsePage } from '@darmankar/platform/input';
import { isJobCategory } from './documents.ts';
import type { SearchFilters, SearchOrder, SearchQuery } from './search-index.ts';
import { MAX_SEARCH_TEXT_LENGTH, searchTextOf } from './text.ts';

/** The listing's query as the contract's PostingQuery carries it (field for field). */
export interface PostingQueryInput {
  text?: string;
  jobCategories?: readonly string[];
  provinces?: readonly string[];
  cities?: readonly string[];
  employmentTypes?: readonly string[];
  workTypes?: readonly string[];
  salaryFrom?: bigint | null;
  salaryTo?: bigint | null;
  maxExperienceYears?: number | null;
  shiftPatterns?: readonly string[];
  facilityTypes?: readonly string[];
  medicalSpecialties?: readonly string[];
  employerId?: string;
  featuredOnly?: boolean;
}

export const SHIFT_PATTERNS = ['morning', 'evening', 'night', 'on-call', 'rotating'] as const;

/** More values than any picker offers at once. */
const MAX_VALUES_PER_FILTER = 50;
/** Rials: far above any monthly salary, far below what overflows an engine's numbers. */
const MAX_SALARY_RIALS = 1_000_000_000_000n;
const MAX_EXPERIENCE_YEARS = 29;

const ORDERS: readonly SearchOrder[] = ['newest', 'salary', 'relevance'];

type ListCheck = { values: readonly string[] | undefined; known: (id: string) => boolean; code: ExcCode };

const closed = (list: ClosedListName) => (id: string) => isValid(list, id);

function checkedList({ values, known, code }: ListCheck, errors: ExcCode[]): string[] {
  const distinct = [...new Set(values ?? [])];
  if (distinct.length > MAX_VALUES_PER_FILTER || !distinct.every(known)) errors.push(code);
  return distinct;
}

const isSaneSalary = (value: bigint | null | undefined) =>
  value === null || value === undefined || (value >= 0n && value <= MAX_SALARY_RIALS);

/** The query checked; throws DomainError with every broken rule's code. */
export function searchQueryOf(input: PostingQueryInput): SearchQuery {
  const errors: ExcCode[] = [];
  const text = (input.text ?? '').trim();
  if ([...text].length > MAX_SEARCH_TEXT_LENGTH) errors.push('EXC_RECRUITMENTS_SEARCH_TEXT_IS_TOO_LONG');
  const filters: SearchFilters = {
    jobCategories: checkedList(
      { values: input.jobCategories, known: isJobCategory, code: 'EXC_RECRUITMENTS_SEARCH_JOB_CATEGORY_IS_INVALID' },
      errors,
    ),
    provinces: checkedList(
      { values: input.provinces, known: closed('provinces'), code: 'EXC_RECRUITMENTS_SEARCH_PROVINCE_IS_INVALID' },
      errors,
    ),
    cities: checkedList(
      { values: input.cities, known: closed('cities'), code: 'EXC_RECRUITMENTS_SEARCH_CITY_IS_INVALID' },
      errors,
    ),
    employmentTypes: checkedList(
      {
        values: input.employmentTypes,
        known: closed('employmentTypes'),
        code: 'EXC_RECRUITMENTS_SEARCH_EMPLOYMENT_TYPE_IS_INVALID',
      },
      errors,
    ),
    workTypes: checkedList(
      { values: input.workTypes, known: closed('workTypes'), code: 'EXC_RECRUITMENTS_SEARCH_WORK_TYPE_IS_INVALID' },
      errors,
    ),
    salaryFrom: input.salaryFrom ?? null,
    salaryTo: input.salaryTo ?? null,
    maxExperienceYears: input.maxExperienceYears ?? null,
    shiftPatterns: checkedList(
      {
        values: input.shiftPatterns,
        known: (id) => (SHIFT_PATTERNS as readonly string[]).includes(id),
        code: 'EXC_RECRUITMENTS_SEARCH_SHIFT_PATTERN_IS_INVALID',
      },
      errors,
    ),
    facilityTypes: checkedList(
      {
        values: input.facilityTypes,
        known: closed('facilityTypes'),
        code: 'EXC_RECRUITMENTS_SEARCH_FACILITY_TYPE_IS_INVALID',
      },
      errors,
    ),
    medicalSpecialties: checkedList(
      {
        values: input.medicalSpecialties,
        known: closed('medicalSpecialties'),
        code: 'EXC_RECRUITMENTS_SEARCH_MEDICAL_SPECIALTY_IS_INVALID',
      },
      errors,
    ),
    employerId: input.employerId ? input.employerId.toLowerCase() : null,
    featuredOnly: input.featuredOnly ?? false,
    postingIds: null,
  };
  const { salaryFrom, salaryTo, maxExperienceYears, employerId } = filters;
  if (
    !isSaneSalary(salaryFrom) ||
    !isSaneSalary(salaryTo) ||
    (salaryFrom !== null && salaryTo !== null && salaryFrom > salaryTo)
  )
    errors.push('EXC_RECRUITMENTS_SEARCH_SALARY_IS_INVALID');
  if (
    maxExperienceYears !== null &&
    (!Number.isInteger(maxExperienceYears) || maxExperienceYears < 0 || maxExperienceYears > MAX_EXPERIENCE_YEARS)
  )
    errors.push('EXC_RECRUITMENTS_SEARCH_EXPERIENCE_IS_INVALID');
  if (employerId !== null && !isUuid(employerId)) errors.push('EXC_RECRUITMENTS_SEARCH_EMPLOYER_ID_IS_INVALID');
  if (errors.length > 0) throw new DomainError(...(errors as [ExcCode, ...ExcCode[]]));
  // Untrimmed: a space after the last word says it is finished (not to be taken as a prefix).
  return { text: searchTextOf(input.text ?? ''), filters };
}

/** A query with no text and no filter: every open posting. */
export function everyPosting(): SearchQuery {
  return searchQueryOf({});
}

/** The page and order of a search; relevance without text is newest. */
export function searchPageOf(
  page: { page?: number; pageSize?: number; order?: string } | undefined,
  query: SearchQuery,
): { page: number; pageSize: number; order: SearchOrder } {
  const order = (page?.order ?? '').trim() || 'newest';
  const errors: ExcCode[] = [];
  if (!(ORDERS as readonly string[]).includes(order)) errors.push('EXC_PAGINATION_ORDER_IS_INVALID');
  let checked: { page: number; pageSize: number } | undefined;
  try {
    checked = parsePage(page?.page, page?.pageSize);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    errors.unshift(...error.codes);
  }
  if (errors.length > 0 || !checked) throw new DomainError(...(errors as [ExcCode, ...ExcCode[]]));
  const searchOrder = order as SearchOrder;
  return {
    ...checked,
    order: searchOrder === 'relevance' && query.text.words.length === 0 ? 'newest' : searchOrder,
  };
}
