// A page's metadata from the seo service (GET /meta-data/seo/…?locale=), read by the page's loader
// beside its other reads. Metadata is never worth a broken page: when the service cannot answer
// (down, slow, not deployed), the page gets the catalogue's title and description in the same
// shape, the head `pageMeta` wrote before the service existed, and the failure is logged.
import { translator, type MessageKey } from '../i18n/index.ts';
import type { ApiClient } from './api.ts';
import { localeFromPath, stripLocale, type Locale } from './locale.ts';
import { INDEX, NOINDEX } from './meta.ts';
import type { BuilderStep } from './resume/types.ts';
import type { PageMeta } from './seo-meta.ts';

/** The seo service's pages (the contract's routes 1–6). */
export type SeoPage =
  | { area: 'home' }
  | { area: 'authentication'; page: 'login' | 'verify' | 'role' }
  | { area: 'employers'; page: 'index' | 'add' | 'companies' }
  | { area: 'resume-steps'; page: BuilderStep }
  | { area: 'applicants'; page: 'recruitments' | 'saved' | 'settings' | 'notifications' }
  | { area: 'site'; page: 'pricing' | 'not-found' | 'error' };

/** What the page shows without the service: its catalogue title and description. */
export interface CatalogueHead {
  title: MessageKey;
  description: MessageKey;
  /** A signed-in person's page, or one search engines should not list. */
  noindex?: boolean;
}

/** The longest a page waits for its metadata before it renders with the catalogue's. */
const SEO_WAIT_MS = 2_000;

function seoPath(page: SeoPage): string {
  return page.area === 'home' ? '/meta-data/seo/home' : `/meta-data/seo/${page.area}/${page.page}`;
}

/** The contract's call for the page. */
function fetchPageMeta(api: ApiClient, page: SeoPage, locale: Locale): Promise<unknown> {
  const query = { locale };
  switch (page.area) {
    case 'home':
      return api.call('get', '/meta-data/seo/home', { query });
    case 'authentication':
      return api.call('get', '/meta-data/seo/authentication/{page}', { params: { page: page.page }, query });
    case 'employers':
      return api.call('get', '/meta-data/seo/employers/{page}', { params: { page: page.page }, query });
    case 'resume-steps':
      return api.call('get', '/meta-data/seo/resume-steps/{step}', { params: { step: page.page }, query });
    case 'applicants':
      return api.call('get', '/meta-data/seo/applicants/{page}', { params: { page: page.page }, query });
    case 'site':
      return api.call('get', '/meta-data/seo/site/{page}', { params: { page: page.page }, query });
  }
}

/** The catalogue's head as a PageMeta (the service's shape), for `seoMeta`. */
export function catalogueMeta(locale: Locale, canonicalPath: string, head: CatalogueHead): PageMeta {
  const t = translator(locale);
  return {
    title: head.title === 'home.title' ? t(head.title) : `${t(head.title)} | ${t('app.name')}`,
    description: t(head.description),
    canonicalPath,
    jsonLd: '',
    robots: head.noindex ? NOINDEX : INDEX,
    ogType: 'website',
    imageUrl: '',
  };
}

function isPageMeta(value: unknown): value is PageMeta {
  const meta = value as Partial<Record<keyof PageMeta, unknown>> | null;
  return (
    typeof meta === 'object' &&
    meta !== null &&
    typeof meta.title === 'string' &&
    meta.title !== '' &&
    typeof meta.description === 'string' &&
    typeof meta.canonicalPath === 'string' &&
    typeof meta.robots === 'string'
  );
}

/**
 * The page's PageMeta from the seo service, or the catalogue's when the service cannot answer in
 * time. Never throws: start it together with the page's other reads (`Promise.all`).
 */
export async function readPageMeta(
  api: ApiClient,
  request: Request,
  page: SeoPage,
  fallback: CatalogueHead,
): Promise<PageMeta> {
  const pathname = new URL(request.url).pathname;
  const locale = localeFromPath(pathname);
  const catalogue = () => catalogueMeta(locale, stripLocale(pathname), fallback);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), SEO_WAIT_MS);
  });
  try {
    const answer = await Promise.race([fetchPageMeta(api, page, locale), late]);
    if (answer === 'late') {
      console.error('page metadata: the seo service did not answer in time', seoPath(page));
      return catalogue();
    }
    if (!isPageMeta(answer)) {
      console.error('page metadata: the seo service answered something else', seoPath(page));
      return catalogue();
    }
    return {
      ...answer,
      jsonLd: answer.jsonLd ?? '',
      ogType: answer.ogType || 'website',
      imageUrl: answer.imageUrl ?? '',
    };
  } catch (error) {
    console.error('page metadata unavailable', seoPath(page), error);
    return catalogue();
  } finally {
    clearTimeout(timer);
  }
}

/** A listing's canonical: the page without filters or query, `?page=` kept from page 2 on. */
export function listingCanonical(seo: PageMeta, page: number): PageMeta {
  const path = seo.canonicalPath.split('?')[0]!;
  return { ...seo, canonicalPath: page > 1 ? `${path}?page=${page}` : path };
}
