// The listing's loader and action, shared by /applicants/recruitments and its category pages.
import { data, redirect } from 'react-router';
import { isApiError, type ApiClient } from '../api.ts';
import { toRouteError } from '../errors.ts';
import { EMPTY_PAGE, jobCategories, saveFilter, searchPostings } from './api.ts';
import { listingSearchParams, parseListingQuery, PAGE_SIZE, type ListingState } from './query.ts';
import type { PostingPage, PublicQuota, SaveFilterResult, Suggestion } from './types.ts';

export interface ListingData {
  state: ListingState;
  /** The page's query string (canonical, without the category of a category page). */
  search: string;
  categories: Suggestion[];
  category: Suggestion | null;
  result: PostingPage;
  quota: PublicQuota | null;
  loggedIn: boolean;
  now: string;
}

/** The categories the recruitment service knows; null while it cannot answer. */
async function knownCategories(api: ApiClient): Promise<Suggestion[] | null> {
  try {
    return await jobCategories(api);
  } catch (error) {
    console.error('job categories unavailable', error);
    return null;
  }
}

/**
 * Reads the state from the URL, sends a URL that is not in its canonical spelling (empty fields
 * of a submitted GET form, `q` from the home page, a category page naming its own category) to
 * the canonical one, and searches.
 */
export async function loadListing(
  api: ApiClient,
  loggedIn: boolean,
  request: Request,
  categoryId?: string,
): Promise<ListingData> {
  const url = new URL(request.url);
  const known = await knownCategories(api);
  // A category page cannot tell a category from a mistyped address without the list.
  if (categoryId && known === null) throw data({ exc: ['EXC_SERVICE_UNAVAILABLE'] }, { status: 503 });
  const categories = known ?? [];
  const category = categoryId ? (categories.find((item) => item.id === categoryId) ?? null) : null;
  // An unknown category is the not-found page, as any unknown address.
  if (categoryId && !category) throw data({ exc: ['EXC_API_NOT_FOUND'] }, { status: 404 });
  const parsed = parseListingQuery(url.searchParams, known ? new Set(known.map((item) => item.id)) : undefined);
  const ownState: ListingState = categoryId ? { ...parsed, jobCategories: [] } : parsed;
  const canonical = listingSearchParams(ownState).toString();
  if (canonical !== url.searchParams.toString()) {
    throw redirect(`${url.pathname}${canonical ? `?${canonical}` : ''}`);
  }
  const state: ListingState = categoryId ? { ...parsed, jobCategories: [categoryId] } : parsed;
  try {
    const { result, quota } = await searchPostings(api, state, { loggedIn, pageSize: PAGE_SIZE });
    return {
      state,
      search: canonical,
      categories,
      category,
      result,
      quota,
      loggedIn,
      now: new Date().toISOString(),
    };
  } catch (error) {
    // The search service not deployed yet reads as no postings, not as a broken page.
    if (isApiError(error) && error.has('EXC_API_NOT_FOUND')) {
      return {
        state,
        search: canonical,
        categories,
        category,
        result: EMPTY_PAGE,
        quota: null,
        loggedIn,
        now: new Date().toISOString(),
      };
    }
    throw toRouteError(error);
  }
}

/** "Save this filter": the listing's query string (the category's too) under a name. */
export async function saveFilterAction(api: ApiClient, request: Request): Promise<SaveFilterResult> {
  const form = await request.formData();
  const name = String(form.get('name') ?? '').trim();
  const queryString = String(form.get('params') ?? '');
  try {
    await saveFilter(api, name, queryString);
    return { ok: true, name, at: Date.now() };
  } catch (error) {
    if (isApiError(error)) return { ok: false, exc: error.codes, at: Date.now() };
    throw error;
  }
}
