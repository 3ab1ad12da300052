// Locale routing: Persian is the default and has no URL prefix; other locales are the
// first path segment (`/en/login`).
export const LOCALES = ['fa', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fa';

export function isLocale(value: string | undefined): value is Locale {
  return value !== undefined && (LOCALES as readonly string[]).includes(value);
}

export function localeFromPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'fa' ? 'rtl' : 'ltr';
}

/** The path without its locale prefix, always starting with `/`. */
export function stripLocale(pathname: string): string {
  const first = pathname.split('/')[1];
  if (!isLocale(first)) return pathname || '/';
  const rest = pathname.slice(first.length + 1);
  return rest === '' ? '/' : rest;
}

/** Prefixes an app path with the locale segment (none for the default locale). */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
