// What the resume pages that belong to the signed-in person load: their resume (or null when
// they have none yet). No session sends them to log in and back here.
import { redirect, type RouterContextProvider } from 'react-router';
import { isApiError } from '../api.ts';
import { getServerApi } from '../api.server.ts';
import { toRouteError } from '../errors.ts';
import { localeFromPath, localePath } from '../locale.ts';
import { originOf, requireKnownLocale, safeBackURL } from '../route-guards.ts';
import { currentResume } from './api.ts';
import type { Resume } from './types.ts';

export function needsLogin(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.has('EXC_AUTHENTICATION_REQUIRED'));
}

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  return redirect(`${localePath(locale, '/login')}?backURL=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

export async function loadOwnResume(args: {
  request: Request;
  params: { locale?: string };
  context: Readonly<RouterContextProvider>;
}): Promise<Resume | null> {
  requireKnownLocale(args.params);
  const { api } = getServerApi(args.context);
  try {
    return await currentResume(api);
  } catch (error) {
    if (needsLogin(error)) throw loginRedirect(args.request);
    throw toRouteError(error);
  }
}

/** The back URL a page was opened with (`?backURL=`), kept on this site. */
export function backURLOf(request: Request): string | null {
  const raw = new URL(request.url).searchParams.get('backURL');
  return raw ? safeBackURL(raw, originOf(request), '') || null : null;
}
