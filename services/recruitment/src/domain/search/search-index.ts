// The search port: what the domain asks of a search engine. Two adapters implement it, the
// embedded default on Postgres (src/adapters/postgres-search.ts) and Meilisearch
// (src/adapters/meilisearch-search.ts); one contract suite (test/search-contract.ts) holds both
// to the same answers. The domain builds the documents and the queries; an adapter only stores
// and matches them.

/** The employer as a card shows it. */
export interface SearchEmployer {
  id: string;
  slug: string;
  brand: string;
  logo: string | null;
}

/**
 * One open posting as search and the listing's cards need it. Display values as the employer
 * typed them; the salary only when the employer shows it (a hidden salary is never indexed, so
 * it can neither be shown nor sorted on). `searchText` is the normalised copy text is matched in.
 */
export interface SearchDocument {
  id: string;
  slug: string;
  /** The posting's version this document was built from. */
  version: bigint;
  title: string;
  jobCategory: string;
  employmentType: string;
  workType: string;
  province: string;
  city: string;
  shiftPatterns: string[];
  facilityType: string | null;
  medicalSpecialty: string | null;
  experienceYears: number | null;
  employer: SearchEmployer;
  featuredUntil: Date | null;
  /** Rials; null when not stated or hidden. */
  minSalary: bigint | null;
  maxSalary: bigint | null;
  publishedAt: Date;
  closesAt: Date | null;
  /** The title's words, normalised (a title match ranks before a match elsewhere). */
  titleText: string;
  /** Words of the title, category, skills, city, specialty, facility and brand, normalised. */
  searchText: string;
}

/** The filters of a search, checked by the domain (known ids only, sane numbers). */
export interface SearchFilters {
  jobCategories: string[];
  provinces: string[];
  cities: string[];
  employmentTypes: string[];
  workTypes: string[];
  /** A visible salary overlapping [salaryFrom, salaryTo] (either end open). */
  salaryFrom: bigint | null;
  salaryTo: bigint | null;
  /** Postings asking at most this many years; postings that state none match too. */
  maxExperienceYears: number | null;
  shiftPatterns: string[];
  facilityTypes: string[];
  medicalSpecialties: string[];
  employerId: string | null;
  featuredOnly: boolean;
  /** Only these postings (a resume's bookmarks, a job alert's one posting). */
  postingIds: string[] | null;
}

/** One word of the text as matched: already normalised, stop words left out. */
export interface SearchWord {
  word: string;
  /** Words that mean the same (پرستار, نرس): any of them matches. */
  synonyms: string[];
  /** The last word as typed so far: its prefix matches. */
  prefix: boolean;
}

export interface SearchText {
  /** The words, in order; empty for no text. */
  words: SearchWord[];
  /** The normalised text (for engines that take the text whole). */
  normalized: string;
}

export interface SearchQuery {
  text: SearchText;
  /**
   * When `text` has no words: postings matching any of these texts (each one's words together),
   * as a resume's titles and skills recommend postings. Absent or empty: no text condition.
   */
  anyText?: SearchText[];
  filters: SearchFilters;
}

/**
 * newest: published_at, newest first. salary: the highest visible salary first, postings
 * without one (not stated or hidden) last in newest order. relevance: best text match first
 * (newest without text).
 */
export type SearchOrder = 'newest' | 'salary' | 'relevance';

export interface SearchRequest {
  query: SearchQuery;
  page: number;
  pageSize: number;
  order: SearchOrder;
  /** Postings closing at or before now are left out; featured means featured_until after now. */
  now: Date;
}

/**
 * Matches counted exactly up to here; past it a total only says "more than this". The listing
 * shows "۱٬۰۰۰+" pages' worth, and counting further would read every match of a broad search.
 */
export const SEARCH_TOTAL_LIMIT = 1000;

export interface SearchResult {
  items: SearchDocument[];
  /**
   * The matches, exact up to SEARCH_TOTAL_LIMIT; any number above it means "more than
   * SEARCH_TOTAL_LIMIT" (the domain answers SEARCH_TOTAL_LIMIT + 1 then, whichever the engine).
   */
  total: number;
}

export interface CategoryCount {
  category: string;
  count: number;
}

export interface SearchIndexInfo {
  engine: 'postgres' | 'meilisearch';
  documents: number;
}

export interface SearchIndex {
  /** Adds or replaces documents; a document older than the one indexed (by version) is ignored. */
  upsert(documents: SearchDocument[]): Promise<void>;
  remove(ids: string[]): Promise<void>;
  search(request: SearchRequest): Promise<SearchResult>;
  /** Open postings per job category, most first (only `categories` when not empty). */
  countByCategory(categories: string[], limit: number, now: Date): Promise<CategoryCount[]>;
  /** Whether the indexed posting matches the query (a saved filter against a new posting). */
  matches(query: SearchQuery, postingId: string, now: Date): Promise<boolean>;
  /** Empties the index (a full re-index starts here). */
  clear(): Promise<void>;
  info(): Promise<SearchIndexInfo>;
  close(): Promise<void>;
}
