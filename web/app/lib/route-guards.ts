import { data } from 'react-router';
import { isLocale } from './locale.ts';

/** `/xyz` would otherwise match the optional locale segment: unknown locales are 404s. */
export function requireKnownLocale(params: { locale?: string }): void {
  if (params.locale !== undefined && !isLocale(params.locale)) {
    throw data({ exc: ['EXC_API_NOT_FOUND'] }, { status: 404 });
  }
}

/** The origin a request was addressed to: what back URLs and redirects are resolved against. */
export function originOf(request: Request): string {
  return new URL(request.url).origin;
}

/**
 * Keeps back URLs and post-login redirects on this site. The value is resolved the way a
 * browser resolves a Location header (`new URL(value, ourOrigin)`: tabs and newlines are
 * dropped, `\` counts as `/`, `//host` and `scheme:` leave the origin) and accepted only when
 * the result is still on our origin; anything else falls back to `fallback`. What comes back is
 * the resolved path, query and fragment, with a leading run of slashes collapsed, so the
 * Location we send cannot be read as another host either (`/.//evil.example` resolves to the
 * path `//evil.example`).
 */
export function safeBackURL(value: string | null | undefined, ourOrigin: string, fallback = '/'): string {
  if (!value) return fallback;
  let url: URL;
  try {
    url = new URL(value, ourOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(ourOrigin).origin) return fallback;
  return `${url.pathname.replace(/^\/{2,}/, '/')}${url.search}${url.hash}`;
}
