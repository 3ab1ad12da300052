// Page metadata in the shared PageMeta shape: the title ("<page> | درمانکار", home's alone),
// description, canonical path, robots, Open Graph type, preview image and schema.org JSON-LD
// (home: Organization and WebSite with a SearchAction; every other page: a BreadcrumbList).
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Locale } from './locale.ts';
import { AREAS, HOME, HOME_CRUMB, SITE_NAME, type PageEntry } from './pages.ts';
import { absoluteUrl } from './xml.ts';

export const INDEX = 'index, follow';
export const NOINDEX = 'noindex, nofollow';

export interface PageMeta {
  title: string;
  description: string;
  canonicalPath: string;
  jsonLd: string;
  robots: string;
  ogType: 'website' | 'article' | 'profile';
  imageUrl: string;
}

export interface PageMetaOptions {
  publicWebUrl: string;
  /** The site's logo under PUBLIC_WEB_URL ('' for none). */
  logoPath: string;
  /** The default preview image under PUBLIC_WEB_URL ('' for none). */
  imagePath: string;
  /** The organisation's profiles elsewhere (schema.org sameAs). */
  sameAs: string[];
}

export interface Crumb {
  name: string;
  path: string;
}

export class PageMetas {
  constructor(private readonly options: PageMetaOptions) {}

  /** EXC_SEO_PAGE_NOT_FOUND for an area or page the catalogue does not have. */
  page(area: string, page: string, locale: Locale): PageMeta {
    if (area === 'home') {
      if (page !== '') throw new DomainError('EXC_SEO_PAGE_NOT_FOUND');
      return this.home(locale);
    }
    const entry = Object.hasOwn(AREAS, area) && Object.hasOwn(AREAS[area]!, page) ? AREAS[area]![page]! : null;
    if (!entry) throw new DomainError('EXC_SEO_PAGE_NOT_FOUND');
    return this.ofEntry(entry, locale);
  }

  /** A page of the catalogue, with its breadcrumb. */
  ofEntry(entry: PageEntry, locale: Locale): PageMeta {
    const copy = entry[locale];
    return this.build({
      title: this.title(copy.title, locale),
      description: copy.description,
      canonicalPath: entry.path,
      indexed: entry.indexed,
      ogType: 'website',
      imageUrl: this.url(this.options.imagePath),
      jsonLd: [this.breadcrumb([{ name: copy.title, path: entry.path }], locale)],
    });
  }

  home(locale: Locale): PageMeta {
    const site = this.url('/');
    const organization: Record<string, unknown> = {
      '@type': 'Organization',
      '@id': `${site}#organization`,
      name: SITE_NAME[locale],
      alternateName: SITE_NAME[locale === 'fa' ? 'en' : 'fa'],
      url: site,
    };
    if (this.options.logoPath) organization.logo = this.url(this.options.logoPath);
    if (this.options.sameAs.length > 0) organization.sameAs = this.options.sameAs;
    const website = {
      '@type': 'WebSite',
      '@id': `${site}#website`,
      name: SITE_NAME[locale],
      url: site,
      inLanguage: locale,
      publisher: { '@id': `${site}#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: `${this.url('/applicants/recruitments')}?q={search_term_string}`,
        },
        'query-input': 'required name=search_term_string',
      },
    };
    return this.build({
      title: HOME[locale].title,
      description: HOME[locale].description,
      canonicalPath: HOME.path,
      indexed: true,
      ogType: 'website',
      imageUrl: this.url(this.options.imagePath),
      jsonLd: [organization, website],
    });
  }

  /** "<page> | درمانکار" ("| Darmankar" in English). */
  title(page: string, locale: Locale): string {
    return `${page} | ${SITE_NAME[locale]}`;
  }

  /** A BreadcrumbList from home through `crumbs`, with absolute item addresses. */
  breadcrumb(crumbs: Crumb[], locale: Locale): Record<string, unknown> {
    const all = [{ name: HOME_CRUMB[locale], path: '/' }, ...crumbs];
    return {
      '@type': 'BreadcrumbList',
      itemListElement: all.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: this.url(crumb.path),
      })),
    };
  }

  /** An absolute URL on the site ('' stays ''). Paths are percent-encoded by the caller where needed. */
  url(path: string): string {
    return path === '' ? '' : absoluteUrl(this.options.publicWebUrl, path);
  }

  build(fields: {
    title: string;
    description: string;
    canonicalPath: string;
    indexed: boolean;
    ogType: PageMeta['ogType'];
    imageUrl: string;
    jsonLd: Array<Record<string, unknown>>;
  }): PageMeta {
    return {
      title: fields.title,
      description: fields.description,
      canonicalPath: fields.canonicalPath,
      jsonLd: jsonLdText(fields.jsonLd),
      robots: fields.indexed ? INDEX : NOINDEX,
      ogType: fields.ogType,
      imageUrl: fields.imageUrl,
    };
  }
}

/**
 * One object, or several in an @graph, as JSON text. `<` is written as \u003c so the text can
 * be placed in a <script type="application/ld+json"> without closing it early.
 */
export function jsonLdText(objects: Array<Record<string, unknown>>): string {
  if (objects.length === 0) return '';
  const document =
    objects.length === 1
      ? { '@context': 'https://schema.org', ...objects[0] }
      : { '@context': 'https://schema.org', '@graph': objects };
  return JSON.stringify(document).replace(/</g, '\\u003c');
}
