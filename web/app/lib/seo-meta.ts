// A page's head from the metadata the services write (the seo service's pages, the employer
// and recruitment by-slug-with-seo answers, the blog): title, description, canonical and
// alternate links, robots, Open Graph and JSON-LD, all in the server-rendered HTML.
import type { MetaDescriptor } from 'react-router';
import { translator } from '../i18n/index.ts';
import { LOCALES, localeFromPath, localePath } from './locale.ts';
import { siteOrigin, type MetaInput } from './meta.ts';

/** The services' page metadata (the contract's PageMeta). */
export interface PageMeta {
  title: string;
  description: string;
  /** The site path, without host or locale prefix. */
  canonicalPath: string;
  /** schema.org JSON-LD as JSON text; '' when none. */
  jsonLd: string;
  robots: string;
  ogType: string;
  /** An absolute URL; '' when none. */
  imageUrl: string;
}

export function seoMeta(input: MetaInput, seo: PageMeta): MetaDescriptor[] {
  const locale = localeFromPath(input.location.pathname);
  const t = translator(locale);
  const origin = siteOrigin(input.matches);
  const canonical = `${origin}${localePath(locale, seo.canonicalPath)}`;
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { name: 'robots', content: seo.robots },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...LOCALES.map((other) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: other,
      href: `${origin}${localePath(other, seo.canonicalPath)}`,
    })),
    { property: 'og:type', content: seo.ogType || 'website' },
    { property: 'og:site_name', content: t('app.name') },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: locale === 'fa' ? 'fa_IR' : 'en_US' },
    { name: 'twitter:card', content: seo.imageUrl ? 'summary_large_image' : 'summary' },
  ];
  if (seo.imageUrl) tags.push({ property: 'og:image', content: seo.imageUrl });
  if (seo.jsonLd) {
    try {
      tags.push({ 'script:ld+json': JSON.parse(seo.jsonLd) as Record<string, unknown> });
    } catch {
      // A JSON-LD a service could not write is left out rather than breaking the page.
    }
  }
  return tags;
}
