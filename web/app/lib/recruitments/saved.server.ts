// The applicant's bookmarks and saved filters page: its loader and action.
import { redirect } from 'react-router';
import { isApiError, orEmpty, type ApiClient } from '../api.ts';
import { toRouteError } from '../errors.ts';
import { localePath, stripLocale, type Locale } from '../locale.ts';
import { EMPTY_PAGE, deleteFilter, jobCategories, listBookmarks, listFilters, removeBookmark } from './api.ts';
import type { PostingPage, SavedFilter, Suggestion } from './types.ts';

export interface SavedData {
  bookmarks: PostingPage;
  filters: SavedFilter[];
  categories: Suggestion[];
  now: string;
}

export interface SavedActionResult {
  ok: boolean;
  exc?: string[];
  at: number;
}

export async function loadSaved(
  api: ApiClient,
  request: Request,
  locale: Locale,
  loggedIn: boolean,
): Promise<SavedData> {
  const url = new URL(request.url);
  if (!loggedIn) {
    throw redirect(
      `${localePath(locale, '/login')}?backURL=${encodeURIComponent(`${stripLocale(url.pathname)}${url.search}`)}`,
    );
  }
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  try {
    const [bookmarks, filters, categories] = await Promise.all([
      orEmpty(listBookmarks(api, page)),
      orEmpty(listFilters(api)),
      jobCategories(api).catch(() => []),
    ]);
    return { bookmarks: bookmarks ?? EMPTY_PAGE, filters: filters ?? [], categories, now: new Date().toISOString() };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function savedAction(api: ApiClient, request: Request): Promise<SavedActionResult> {
  const form = await request.formData();
  const at = Date.now();
  try {
    switch (form.get('intent')) {
      case 'removeBookmark':
        await removeBookmark(api, String(form.get('slug') ?? ''));
        break;
      case 'deleteFilter':
        await deleteFilter(api, String(form.get('filterId') ?? ''));
        break;
      default:
        return { ok: false, exc: ['EXC_BAD_REQUEST'], at };
    }
    return { ok: true, at };
  } catch (error) {
    if (isApiError(error)) return { ok: false, exc: error.codes, at };
    throw error;
  }
}
