// The public profile page's metadata (the contract's PageMeta): title, description, canonical
// path, robots, Open Graph type, preview image and schema.org JSON-LD: the Organization and the
// page's BreadcrumbList in one @graph. Only what the public profile shows goes in it.
import { title as closedTitle } from '@darmankar/platform/closed-lists';
import type { EmployerView } from './employers.ts';

const DESCRIPTION_LENGTH = 160;
const SITE_NAME = 'درمانکار';
// The breadcrumbs' names, as the seo service's page catalogue names those pages.
const HOME_CRUMB = 'خانه';
const COMPANIES_CRUMB = 'شرکت‌ها و مراکز درمانی';
const COMPANIES_PATH = '/applicants/companies';
// The logo's width in the preview image and the JSON-LD (one of the files service's widths).
const LOGO_WIDTH = 256;

export interface EmployerPageMeta {
  title: string;
  description: string;
  canonicalPath: string;
  jsonLd: string;
  robots: string;
  ogType: string;
  imageUrl: string;
}

/** The public path of an employer's profile: /employers/{slug}. */
export function employerPath(slug: string): string {
  return `/employers/${encodeURIComponent(slug)}`;
}

function absolute(publicWebUrl: string, path: string): string {
  return `${publicWebUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The logo (a file id) as the files service's public image, through the web site's /api. */
function logoUrl(publicWebUrl: string, logo: string | null): string {
  return logo ? absolute(publicWebUrl, `/api/v1/files/${encodeURIComponent(logo)}?width=${LOGO_WIDTH}`) : '';
}

function shortened(text: string): string {
  const chars = [...text];
  return chars.length <= DESCRIPTION_LENGTH ? text : `${chars.slice(0, DESCRIPTION_LENGTH - 1).join('')}…`;
}

/** The city and province, by their Persian titles (the page speaks Persian). */
function placeOf(view: EmployerView): { city: string | null; province: string | null } {
  const { city, province } = view.profile;
  return {
    city: city ? (closedTitle('cities', city, 'fa') ?? null) : null,
    province: province ? (closedTitle('provinces', province, 'fa') ?? null) : null,
  };
}

function descriptionOf(view: EmployerView): string {
  const about = (view.profile.about ?? '').replace(/\s+/g, ' ').trim();
  if (about) return shortened(about);
  const { city, province } = placeOf(view);
  const where = [city, province].filter(Boolean).join('، ');
  return shortened(`${view.profile.brand}${where ? ` در ${where}` : ''}: فرصت‌های شغلی و معرفی در ${SITE_NAME}`);
}

function organization(view: EmployerView, publicWebUrl: string, logo: string): Record<string, unknown> {
  const { profile } = view;
  const { city, province } = placeOf(view);
  const address =
    city || province || profile.address
      ? {
          '@type': 'PostalAddress',
          ...(profile.address ? { streetAddress: profile.address } : {}),
          ...(city ? { addressLocality: city } : {}),
          ...(province ? { addressRegion: province } : {}),
          addressCountry: 'IR',
        }
      : undefined;
  return {
    '@type': 'Organization',
    name: profile.brand,
    ...(profile.registeredName ? { legalName: profile.registeredName } : {}),
    url: absolute(publicWebUrl, employerPath(view.slug)),
    ...(logo ? { logo } : {}),
    ...(profile.about ? { description: descriptionOf(view) } : {}),
    ...(address ? { address } : {}),
    ...(profile.phone ? { telephone: profile.phone } : {}),
    ...(profile.website ? { sameAs: [profile.website] } : {}),
  };
}

/** Home → the companies → the employer. */
function breadcrumbs(view: EmployerView, publicWebUrl: string): Record<string, unknown> {
  const trail: Array<[string, string]> = [
    [HOME_CRUMB, '/'],
    [COMPANIES_CRUMB, COMPANIES_PATH],
    [view.profile.brand, employerPath(view.slug)],
  ];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: absolute(publicWebUrl, path),
    })),
  };
}

export function employerSeo(view: EmployerView, publicWebUrl: string): EmployerPageMeta {
  const logo = logoUrl(publicWebUrl, view.profile.logo);
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [organization(view, publicWebUrl, logo), breadcrumbs(view, publicWebUrl)],
  };
  return {
    title: `${view.profile.brand} | ${SITE_NAME}`,
    description: descriptionOf(view),
    canonicalPath: employerPath(view.slug),
    // "<" escaped: the text goes into a <script> element as it is.
    jsonLd: JSON.stringify(graph).replaceAll('<', '\\u003c'),
    robots: 'index, follow',
    // Open Graph's profile is a person's (first and last name); an organisation's page is a website.
    ogType: 'website',
    imageUrl: logo,
  };
}
