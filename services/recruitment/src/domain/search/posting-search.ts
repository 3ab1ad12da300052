// The listing's search as the RPCs ask it: the query and its page checked, the engine asked,
// the caller's bookmarks marked. Busiest categories from the same index.
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import {
  SEARCH_TOTAL_LIMIT,
  type CategoryCount,
  type SearchDocument,
  type SearchIndex,
  type SearchOrder,
  type SearchQuery,
} from './search-index.ts';
import { searchWithAnswersKept, type Search, type SearchAnswerSettings } from './search-answers.ts';
import { searchPageOf, searchQueryOf, type PostingQueryInput } from './search-query.ts';
import { isJobCategory } from './documents.ts';

export interface FoundPostings {
  items: SearchDocument[];
  /** Ids of the items the caller bookmarked. */
  bookmarked: Set<string>;
  /** Exact up to SEARCH_TOTAL_LIMIT; SEARCH_TOTAL_LIMIT + 1 means more than that (the listing's "۱٬۰۰۰+"). */
  total: number;
  page: number;
  pageSize: number;
}

/** Which of the postings a user bookmarked (the bookmarks table, src/domain/bookmarks.ts). */
export type BookmarkedOf = (userId: string | undefined, postingIds: readonly string[]) => Promise<Set<string>>;

const DEFAULT_CATEGORY_COUNT = 12;
const MAX_CATEGORY_COUNT = 50;

/** Answers are not kept unless the service says so (its SEARCH_CACHE_* settings). */
const NO_ANSWERS_KEPT: SearchAnswerSettings = { ttlMs: 0, maxEntries: 0 };

export class PostingSearch {
  private readonly searchIndex: Search;

  constructor(
    private readonly index: SearchIndex,
    private readonly bookmarkedOf: BookmarkedOf,
    private readonly clock: Clock,
    answers: SearchAnswerSettings = NO_ANSWERS_KEPT,
  ) {
    this.searchIndex = searchWithAnswersKept(index, answers);
  }

  /** One page of open postings matching the listing's query. */
  async search(
    input: PostingQueryInput,
    page: { page?: number; pageSize?: number; order?: string } | undefined,
    callerId: string | undefined,
  ): Promise<FoundPostings> {
    const query = searchQueryOf(input);
    return this.find(query, searchPageOf(page, query), callerId);
  }

  /** A checked query at a checked page (recommendations build their own). */
  async find(
    query: SearchQuery,
    page: { page: number; pageSize: number; order: SearchOrder },
    callerId: string | undefined,
  ): Promise<FoundPostings> {
    const result = await this.searchIndex({ query, ...page, now: new Date(this.clock()) });
    // The same answer for everyone (perhaps kept): only the bookmarks are the caller's.
    const bookmarked = await this.bookmarkedOf(
      callerId,
      result.items.map((item) => item.id),
    );
    // Engines count differently past the limit (Postgres stops there, Meilisearch counts on): one answer.
    const total = Math.min(result.total, SEARCH_TOTAL_LIMIT + 1);
    return { items: result.items, bookmarked, total, page: page.page, pageSize: page.pageSize };
  }

  /** Open postings per job category, most first: `limit` 0 for 12, at most 50. */
  async countByCategory(categories: readonly string[], limit: number): Promise<CategoryCount[]> {
    const distinct = [...new Set(categories)];
    if (distinct.length > MAX_CATEGORY_COUNT || !distinct.every(isJobCategory))
      throw new DomainError('EXC_RECRUITMENTS_SEARCH_JOB_CATEGORY_IS_INVALID');
    if (!Number.isInteger(limit) || limit < 0 || limit > MAX_CATEGORY_COUNT)
      throw new DomainError('EXC_RECRUITMENTS_SEARCH_CATEGORY_LIMIT_IS_INVALID');
    return this.index.countByCategory(distinct, limit || DEFAULT_CATEGORY_COUNT, new Date(this.clock()));
  }
}
