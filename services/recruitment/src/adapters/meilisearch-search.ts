// The production search engine (docs/search.md): a Meilisearch index of the same documents the
// domain builds. Its pure parts (the index settings, the document mapping, the filter and sort
// building) are exported for unit tests that run without a server. Filter values are known ids
// the domain has checked, and are quoted and escaped all the same: nothing a person typed is
// ever spliced into a filter expression; the text goes only to `q`, as words.
import { Meilisearch, type EnqueuedTaskPromise, type Index, type Settings } from 'meilisearch';
import { salarySortOf } from '../domain/search/documents.ts';
import type {
  CategoryCount,
  SearchDocument,
  SearchFilters,
  SearchIndex,
  SearchOrder,
  SearchQuery,
} from '../domain/search/search-index.ts';
import { PERSIAN_STOP_WORDS, synonymGroups } from '../domain/search/vocabulary.ts';

/** A posting as the Meilisearch index holds it: numbers for times and amounts, no nulls that matter. */
export interface MeiliPosting {
  id: string;
  slug: string;
  version: number;
  title: string;
  job_category: string;
  employment_type: string;
  work_type: string;
  province: string;
  city: string;
  shift_patterns: string[];
  facility_type: string | null;
  medical_specialty: string | null;
  experience_years: number | null;
  employer_id: string;
  employer_slug: string;
  employer_brand: string;
  employer_logo: string | null;
  featured_until_ms: number | null;
  min_salary: number | null;
  max_salary: number | null;
  /** Present only with a visible salary: a document without it sorts last and matches no range. */
  salary_sort?: number;
  salary_high?: number;
  salary_low?: number;
  published_at_ms: number;
  closes_at_ms: number | null;
  title_text: string;
  search_text: string;
}

/** The index settings both engines' answers depend on: keep them beside the Postgres adapter's rules. */
export function meiliSettings(): Settings {
  const synonyms: Record<string, string[]> = {};
  for (const group of synonymGroups()) {
    for (const word of group) synonyms[word] = group.filter((other) => other !== word);
  }
  return {
    // The normalised copies only: display values are never matched (they keep ي/ك, ZWNJ, digits as typed).
    searchableAttributes: ['title_text', 'search_text'],
    displayedAttributes: ['*'],
    filterableAttributes: [
      'id',
      'job_category',
      'province',
      'city',
      'employment_type',
      'work_type',
      'shift_patterns',
      'facility_type',
      'medical_specialty',
      'experience_years',
      'employer_id',
      'featured_until_ms',
      'salary_high',
      'salary_low',
      'closes_at_ms',
    ],
    sortableAttributes: ['published_at_ms', 'salary_sort'],
    // "sort" first: a chosen order (newest, salary) is the order; relevance asks for no sort.
    rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
    synonyms,
    stopWords: [...PERSIAN_STOP_WORDS],
    // As the Postgres adapter corrects: one typo from 5 letters, two from 9.
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } },
    pagination: { maxTotalHits: 1_000_000 },
    faceting: { maxValuesPerFacet: 1000 },
  };
}

const toNumber = (value: bigint | null) => (value === null ? null : Number(value));

export function meiliPostingOf(document: SearchDocument): MeiliPosting {
  const salarySort = salarySortOf(document);
  const high = document.maxSalary ?? document.minSalary;
  const low = document.minSalary ?? document.maxSalary;
  return {
    id: document.id,
    slug: document.slug,
    version: Number(document.version),
    title: document.title,
    job_category: document.jobCategory,
    employment_type: document.employmentType,
    work_type: document.workType,
    province: document.province,
    city: document.city,
    shift_patterns: document.shiftPatterns,
    facility_type: document.facilityType,
    medical_specialty: document.medicalSpecialty,
    experience_years: document.experienceYears,
    employer_id: document.employer.id,
    employer_slug: document.employer.slug,
    employer_brand: document.employer.brand,
    employer_logo: document.employer.logo,
    featured_until_ms: document.featuredUntil?.getTime() ?? null,
    min_salary: toNumber(document.minSalary),
    max_salary: toNumber(document.maxSalary),
    ...(salarySort === null ? {} : { salary_sort: Number(salarySort) }),
    ...(high === null ? {} : { salary_high: Number(high) }),
    ...(low === null ? {} : { salary_low: Number(low) }),
    published_at_ms: document.publishedAt.getTime(),
    closes_at_ms: document.closesAt?.getTime() ?? null,
    title_text: document.titleText,
    search_text: document.searchText,
  };
}

const toBigInt = (value: number | null | undefined) => (value === null || value === undefined ? null : BigInt(value));
const toDate = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms));

export function documentOfMeiliPosting(hit: MeiliPosting): SearchDocument {
  return {
    id: hit.id,
    slug: hit.slug,
    version: BigInt(hit.version),
    title: hit.title,
    jobCategory: hit.job_category,
    employmentType: hit.employment_type,
    workType: hit.work_type,
    province: hit.province,
    city: hit.city,
    shiftPatterns: hit.shift_patterns,
    facilityType: hit.facility_type,
    medicalSpecialty: hit.medical_specialty,
    experienceYears: hit.experience_years,
    employer: { id: hit.employer_id, slug: hit.employer_slug, brand: hit.employer_brand, logo: hit.employer_logo },
    featuredUntil: toDate(hit.featured_until_ms),
    minSalary: toBigInt(hit.min_salary),
    maxSalary: toBigInt(hit.max_salary),
    publishedAt: new Date(hit.published_at_ms),
    closesAt: toDate(hit.closes_at_ms),
    titleText: hit.title_text,
    searchText: hit.search_text,
  };
}

/** A string as a Meilisearch filter value: double-quoted, backslashes and quotes escaped. */
export function quoted(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** A whole number as a filter value (never a string that could carry an expression). */
function integer(value: number | bigint): string {
  const text = value.toString();
  if (!/^-?\d+$/.test(text)) throw new Error(`not an integer: ${text}`);
  return text;
}

/** The filter expressions (ANDed) of the filters at `now`, always including "open". */
export function meiliFilter(filters: SearchFilters, now: Date): string[] {
  const nowMs = integer(now.getTime());
  const expressions = [`(closes_at_ms IS NULL OR closes_at_ms > ${nowMs})`];
  const anyOf = (attribute: string, values: readonly string[]) => {
    if (values.length > 0) expressions.push(`${attribute} IN [${values.map(quoted).join(', ')}]`);
  };
  anyOf('job_category', filters.jobCategories);
  anyOf('province', filters.provinces);
  anyOf('city', filters.cities);
  anyOf('employment_type', filters.employmentTypes);
  anyOf('work_type', filters.workTypes);
  anyOf('shift_patterns', filters.shiftPatterns);
  anyOf('facility_type', filters.facilityTypes);
  anyOf('medical_specialty', filters.medicalSpecialties);
  if (filters.salaryFrom !== null) expressions.push(`salary_high >= ${integer(filters.salaryFrom)}`);
  if (filters.salaryTo !== null) expressions.push(`salary_low <= ${integer(filters.salaryTo)}`);
  if (filters.maxExperienceYears !== null)
    expressions.push(`(experience_years IS NULL OR experience_years <= ${integer(filters.maxExperienceYears)})`);
  if (filters.employerId !== null) expressions.push(`employer_id = ${quoted(filters.employerId)}`);
  if (filters.featuredOnly) expressions.push(`featured_until_ms > ${nowMs}`);
  if (filters.postingIds !== null) expressions.push(`id IN [${filters.postingIds.map(quoted).join(', ')}]`);
  return expressions;
}

/**
 * The `q` of a query: its text, or all the words of its any-of texts (Meilisearch has no OR of
 * phrases; the "frequency" strategy approximates one, a documented difference).
 */
export function meiliText(query: SearchQuery): string {
  if (query.text.words.length > 0) return query.text.normalized;
  return (query.anyText ?? []).map((text) => text.normalized).join(' ');
}

/** The sort of an order; none for relevance (the ranking rules decide). */
export function meiliSort(order: SearchOrder, query: SearchQuery): string[] | undefined {
  switch (order) {
    case 'newest':
      return ['published_at_ms:desc'];
    case 'salary':
      return ['salary_sort:desc', 'published_at_ms:desc'];
    case 'relevance':
      return query.text.words.length > 0 ? undefined : ['published_at_ms:desc'];
  }
}

/** Generous: a re-index batch or a settings change can take a while on a big index. */
const TASK_TIMEOUT_MS = 120_000;

/**
 * Waits for an engine task and fails when it failed: Meilisearch answers writes at once and
 * applies them later, and a failed task would otherwise be a write silently lost.
 */
async function completed(task: EnqueuedTaskPromise, tolerated: string[] = []): Promise<void> {
  const done = await task.waitTask({ timeout: TASK_TIMEOUT_MS });
  if (done.status === 'succeeded' || (done.error && tolerated.includes(done.error.code))) return;
  throw new Error(
    `Meilisearch task ${done.uid} ${done.status}: ${done.error?.code ?? ''} ${done.error?.message ?? ''}`,
  );
}

export interface MeilisearchOptions {
  host: string;
  apiKey?: string;
  /** The index's uid (a test uses its own). */
  indexUid: string;
}

/** Connects, creates the index when missing and applies the settings (waiting for both). */
export async function createMeilisearchSearch(options: MeilisearchOptions): Promise<SearchIndex> {
  const client = new Meilisearch({ host: options.host, apiKey: options.apiKey });
  await completed(client.createIndex(options.indexUid, { primaryKey: 'id' }), ['index_already_exists']);
  const index: Index<MeiliPosting> = client.index<MeiliPosting>(options.indexUid);
  await completed(index.updateSettings(meiliSettings()));

  const find = (query: SearchQuery, now: Date, extra: { page: number; hitsPerPage: number; sort?: string[] }) =>
    index.search<MeiliPosting>(meiliText(query), {
      filter: meiliFilter(query.filters, now),
      // Every word must match, as in the Postgres adapter (Meilisearch's default drops words);
      // any-of texts (a resume's recommendations) let the engine drop the commonest words.
      matchingStrategy: query.text.words.length === 0 && (query.anyText?.length ?? 0) > 0 ? 'frequency' : 'all',
      ...extra,
    });

  return {
    async upsert(documents) {
      if (documents.length === 0) return;
      // The engine replaces blindly: drop any document older than the one it holds.
      const held = await index.getDocuments({
        filter: `id IN [${documents.map((d) => quoted(d.id)).join(', ')}]`,
        fields: ['id', 'version'],
        limit: documents.length,
      });
      const heldVersion = new Map(held.results.map((d) => [d.id, BigInt(d.version)]));
      const newer = documents.filter((d) => (heldVersion.get(d.id) ?? -1n) <= d.version);
      if (newer.length > 0) await completed(index.addDocuments(newer.map(meiliPostingOf), { primaryKey: 'id' }));
    },
    async remove(ids) {
      if (ids.length > 0) await completed(index.deleteDocuments(ids));
    },
    async search({ query, page, pageSize, order, now }) {
      const result = await find(query, now, { page, hitsPerPage: pageSize, sort: meiliSort(order, query) });
      // With `page`, Meilisearch counts exactly (up to maxTotalHits).
      const total = (result as { totalHits?: number }).totalHits ?? 0;
      return { items: result.hits.map(documentOfMeiliPosting), total };
    },
    async countByCategory(categories, limit, now): Promise<CategoryCount[]> {
      const filters = meiliFilter({ ...everyFilterOff(), jobCategories: categories }, now);
      const result = await index.search('', { filter: filters, facets: ['job_category'], limit: 0 });
      return Object.entries(result.facetDistribution?.job_category ?? {})
        .map(([category, count]) => ({ category, count }))
        .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category))
        .slice(0, limit);
    },
    async matches(query, postingId, now) {
      const result = await find({ ...query, filters: { ...query.filters, postingIds: [postingId] } }, now, {
        page: 1,
        hitsPerPage: 1,
      });
      return result.hits.length > 0;
    },
    async clear() {
      await completed(index.deleteAllDocuments());
    },
    async info() {
      return { engine: 'meilisearch', documents: (await index.getStats()).numberOfDocuments };
    },
    async close() {},
  };
}

function everyFilterOff(): SearchFilters {
  return {
    jobCategories: [],
    provinces: [],
    cities: [],
    employmentTypes: [],
    workTypes: [],
    salaryFrom: null,
    salaryTo: null,
    maxExperienceYears: null,
    shiftPatterns: [],
    facilityTypes: [],
    medicalSpecialties: [],
    employerId: null,
    featuredOnly: false,
    postingIds: null,
  };
}
