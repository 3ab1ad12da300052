// Every recruitment call of the applicant's screens, in one place for the loaders and actions,
// each through the typed `call` of the gateway's contract (spec §7 "Recruitments").
import { isApiError, type ApiClient } from '../api.ts';
import { gatewayQuery, type ListingState } from './query.ts';
import type {
  CategoryCount,
  PostingPage,
  PostingWithSeo,
  PublicQuota,
  ResumeCompletion,
  ResumePostingKind,
  ResumePostingSummary,
  SavedFilter,
  Suggestion,
} from './types.ts';

export const EMPTY_PAGE: PostingPage = { items: [], page: { page: 1, pageSize: 20, total: 0 } };

/**
 * The listing: `GET recruitments` for people logged in, `GET recruitments/limited` (with how
 * many postings the visitor may still open today) for everyone else.
 */
export async function searchPostings(
  api: ApiClient,
  state: ListingState,
  options: { loggedIn: boolean; pageSize?: number },
): Promise<{ result: PostingPage; quota: PublicQuota | null }> {
  const query = gatewayQuery(state, options.pageSize);
  if (options.loggedIn) return { result: await api.call('get', '/recruitments', { query }), quota: null };
  const { quota, ...result } = await api.call('get', '/recruitments/limited', { query });
  return { result, quota };
}

/** The detail with its metadata; a visitor's view counts against the public quota. */
export function postingWithSeo(api: ApiClient, slug: string): Promise<PostingWithSeo> {
  return api.call('get', '/recruitments/by-slug-with-seo/{slug}', { params: { slug } });
}

type SuggestionCategory = keyof Awaited<ReturnType<typeof listSuggestions>>['categories'];

function listSuggestions(api: ApiClient, categories: string) {
  return api.call('get', '/suggestions/list', { query: { categories } });
}

/** Every item of some suggestion categories (`GET suggestions/list`), by category. */
export async function suggestionLists(
  api: ApiClient,
  categories: readonly SuggestionCategory[],
): Promise<Partial<Record<SuggestionCategory, Suggestion[]>>> {
  return (await listSuggestions(api, categories.join(','))).categories;
}

/** The job categories (a suggestion category of the recruitment service), in display order. */
export async function jobCategories(api: ApiClient): Promise<Suggestion[]> {
  return (await suggestionLists(api, ['jobCategories'])).jobCategories ?? [];
}

/** Open postings counted per category, most first (the home page's busiest categories). */
export async function busiestCategories(api: ApiClient, limit = 8): Promise<CategoryCount[]> {
  return (await api.call('post', '/recruitments/categories/most-recruitments', { body: { limit } })).items;
}

export function addBookmark(api: ApiClient, slug: string): Promise<unknown> {
  return api.call('post', '/recruitments/bookmarks', { body: { slug } });
}

export function removeBookmark(api: ApiClient, slug: string): Promise<unknown> {
  return api.call('delete', '/recruitments/bookmarks/{slug}', { params: { slug } });
}

export function listBookmarks(api: ApiClient, page = 1, pageSize = 20): Promise<PostingPage> {
  return api.call('get', '/recruitments/bookmarks', { query: { page: String(page), pageSize: String(pageSize) } });
}

export async function listFilters(api: ApiClient): Promise<SavedFilter[]> {
  return (await api.call('get', '/recruitments/filters')).items;
}

/** `params`: the listing's query string; the service keeps its known parameters, normalised. */
export function saveFilter(api: ApiClient, name: string, params: string): Promise<SavedFilter> {
  return api.call('post', '/recruitments/filters', { body: { name, params } });
}

export function deleteFilter(api: ApiClient, id: string): Promise<unknown> {
  return api.call('delete', '/recruitments/filters/{id}', { params: { id } });
}

export function resumePostings(
  api: ApiClient,
  resumeId: string,
  kind: ResumePostingKind,
  page: number,
  pageSize = 20,
): Promise<PostingPage> {
  return api.call('get', '/resumes/{id}/recruitments', {
    params: { id: resumeId },
    query: { kind, page: String(page), pageSize: String(pageSize) },
  });
}

export function resumePostingSummary(api: ApiClient, resumeId: string): Promise<ResumePostingSummary> {
  return api.call('get', '/resumes/{id}/recruitments/summary', { params: { id: resumeId } });
}

export function resumeCompletion(api: ApiClient, resumeId: string): Promise<ResumeCompletion> {
  return api.call('get', '/resumes/{id}/recruitments/completion', { params: { id: resumeId } });
}

/** The service's "no open posting has this slug". */
export const POSTING_MISSING = 'EXC_RECRUITMENTS_NOT_FOUND';

export function isMissingPosting(error: unknown): boolean {
  return isApiError(error) && error.has(POSTING_MISSING);
}
