import { data } from 'react-router';
import { isLocale } from './locale.ts';

/** `/xyz` would otherwise match the optional locale segment: unknown locales are 404s. */
export function requireKnownLocale(params: { locale?: string }): void {
  if (params.locale !== undefined && !isLocale(params.locale)) {
    throw data({ exc: ['EXC_API_NOT_FOUND'] }, { status: 404 });
  }
}
