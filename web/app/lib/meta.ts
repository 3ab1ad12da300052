// Page metadata from the message catalogue: title, description, canonical URL and Open Graph
// tags (`pageMeta`), and `noindex` for error pages (`errorMeta`). Pages the seo service describes
// take their head from it (seo-meta.ts, read by their loaders through seo.server.ts, which falls
// back to the same catalogue texts when the service cannot answer).
import type { MetaDescriptor } from 'react-router';
import { translator, type MessageKey } from '../i18n/index.ts';
import { localeFromPath, stripLocale, localePath } from './locale.ts';

/** The robots values the seo service writes: a public page, and a private or error page. */
export const INDEX = 'index, follow';
export const NOINDEX = 'noindex, nofollow';

export interface MetaInput {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

/** The site's origin (scheme and host) as the root loader saw the request. */
export function siteOrigin(matches: MetaInput['matches']): string {
  const root = matches.find((match) => match?.id === 'root')?.data as { origin?: string } | undefined;
  return root?.origin ?? '';
}

export function pageMeta(
  input: MetaInput,
  titleKey: MessageKey,
  descriptionKey: MessageKey,
  options: { noindex?: boolean } = {},
): MetaDescriptor[] {
  const locale = localeFromPath(input.location.pathname);
  const t = translator(locale);
  const title = titleKey === 'home.title' ? t(titleKey) : `${t(titleKey)} | ${t('app.name')}`;
  const description = t(descriptionKey);
  const origin = siteOrigin(input.matches);
  const canonical = `${origin}${localePath(locale, stripLocale(input.location.pathname))}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: t('app.name') },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: locale === 'fa' ? 'fa_IR' : 'en_US' },
    { name: 'twitter:card', content: 'summary' },
  ];
  if (options.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

export function errorMeta(input: MetaInput, titleKey: MessageKey): MetaDescriptor[] {
  const t = translator(localeFromPath(input.location.pathname));
  return [{ title: `${t(titleKey)} | ${t('app.name')}` }, { name: 'robots', content: 'noindex' }];
}
