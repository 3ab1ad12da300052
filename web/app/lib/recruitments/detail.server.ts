// The detail page's loader and action (/applicants/recruitments/{category}/{item}).
import { data, redirect } from 'react-router';
import { isApiError, type ApiClient } from '../api.ts';
import { ERROR_PAGE_STATUS, PUBLIC_ACCESS_LIMIT, toRouteError } from '../errors.ts';
import { localePath, type Locale } from '../locale.ts';
import { addBookmark, isMissingPosting, postingWithSeo, removeBookmark, suggestionLists } from './api.ts';
import { postingPath } from './text.ts';
import type { BookmarkResult, PostingWithSeo, Suggestion } from './types.ts';

export interface DetailData extends PostingWithSeo {
  /** Titles of the suggestion items the posting names (category, benefits, languages). */
  titles: Record<string, Record<string, Suggestion>>;
  loggedIn: boolean;
  now: string;
}

const TITLED = ['jobCategories', 'benefits', 'languages', 'fieldsOfStudy'] as const;

async function suggestionTitles(api: ApiClient): Promise<DetailData['titles']> {
  try {
    const lists = await suggestionLists(api, TITLED);
    return Object.fromEntries(
      Object.entries(lists).map(([category, items]) => [
        category,
        Object.fromEntries((items ?? []).map((item) => [item.id, item])),
      ]),
    );
  } catch (error) {
    // Titles are a nicety: the ids are shown instead.
    console.error('suggestion titles unavailable', error);
    return {};
  }
}

export async function loadDetail(
  api: ApiClient,
  locale: Locale,
  category: string,
  slug: string,
  loggedIn: boolean,
): Promise<DetailData> {
  let found: PostingWithSeo;
  try {
    found = await postingWithSeo(api, slug);
  } catch (error) {
    if (isApiError(error) && error.has(PUBLIC_ACCESS_LIMIT)) {
      // The login modal whatever status the gateway chose (403 would read as the access-error page).
      throw data({ exc: [PUBLIC_ACCESS_LIMIT] }, { status: ERROR_PAGE_STATUS.loginLimit });
    }
    if (isMissingPosting(error)) throw data({ exc: ['EXC_API_NOT_FOUND'] }, { status: 404 });
    throw toRouteError(error);
  }
  // A wrong category segment (a link made before the category changed) goes to the right address.
  const rightCategory = found.posting.jobCategory;
  if (rightCategory && rightCategory !== category) {
    throw redirect(localePath(locale, postingPath({ slug, jobCategory: rightCategory })), 301);
  }
  return { ...found, titles: await suggestionTitles(api), loggedIn, now: new Date().toISOString() };
}

export async function bookmarkAction(
  api: ApiClient,
  request: Request,
  slug: string,
  loggedIn: boolean,
): Promise<BookmarkResult> {
  const form = await request.formData();
  const intent = form.get('intent');
  const at = Date.now();
  // Logged out: the toast's login link rather than a call that can only be refused.
  if (!loggedIn) return { ok: false, exc: ['EXC_AUTHENTICATION_REQUIRED'], at };
  try {
    if (intent === 'bookmark') await addBookmark(api, slug);
    else if (intent === 'unbookmark') await removeBookmark(api, slug);
    else return { ok: false, exc: ['EXC_BAD_REQUEST'], at };
    return { ok: true, bookmarked: intent === 'bookmark', at };
  } catch (error) {
    if (isApiError(error)) return { ok: false, exc: error.codes, at };
    throw error;
  }
}
