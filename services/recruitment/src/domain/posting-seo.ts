// The detail page's metadata (the contract's PageMeta): title, description, canonical path,
// robots, Open Graph type, preview image and schema.org JSON-LD: a JobPosting (what search
// engines read for job results; the salary only when visible) and the page's BreadcrumbList,
// in one @graph. Only a published posting is indexed: a member reading their draft, closed or
// archived posting gets "noindex, nofollow".
import { title as closedTitle } from '@darmankar/platform/closed-lists';
import type { PostingRow } from './posting-view.ts';
import { jobCategoryTitle } from './search/documents.ts';

// The employment types of schema.org JobPosting (Google's job-posting values).
const EMPLOYMENT_TYPE: Record<string, string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  'shift-based': 'FULL_TIME',
  'on-call': 'PER_DIEM',
  project: 'CONTRACTOR',
  internship: 'INTERN',
  tarh: 'TEMPORARY',
};

const DESCRIPTION_LENGTH = 160;
// The breadcrumbs' names, as the seo service's page catalogue names those pages.
const HOME_CRUMB = 'خانه';
const RECRUITMENTS_CRUMB = 'فرصت‌های شغلی حوزهٔ درمان';
const RECRUITMENTS_PATH = '/applicants/recruitments';
// The logo's width in the preview image and the JSON-LD (one of the files service's widths).
const LOGO_WIDTH = 256;

export interface PostingPageMeta {
  title: string;
  description: string;
  canonicalPath: string;
  jsonLd: string;
  robots: string;
  ogType: string;
  imageUrl: string;
}

/** The public path of a posting: /applicants/recruitments/{job_category}/{slug}. */
export function canonicalPath(row: Pick<PostingRow, 'jobCategory' | 'slug'>): string {
  return `${categoryPath(row.jobCategory)}/${encodeURIComponent(row.slug)}`;
}

function categoryPath(jobCategory: string): string {
  return `${RECRUITMENTS_PATH}/${encodeURIComponent(jobCategory)}`;
}

function absolute(publicWebUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${publicWebUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The employer's logo (a file id) as the files service's public image, through the web site's /api. */
export function logoUrl(publicWebUrl: string, logo: string | null): string {
  return logo ? absolute(publicWebUrl, `/api/v1/files/${encodeURIComponent(logo)}?width=${LOGO_WIDTH}`) : '';
}

function summaryOf(row: PostingRow): string {
  const text = row.description.replace(/\s+/g, ' ').trim();
  if (text === '') {
    const city = closedTitle('cities', row.city, 'fa') ?? '';
    return `${row.title}، ${row.employerBrand}${city ? `، ${city}` : ''}`;
  }
  const chars = [...text];
  return chars.length <= DESCRIPTION_LENGTH ? text : `${chars.slice(0, DESCRIPTION_LENGTH - 1).join('')}…`;
}

function jobPosting(row: PostingRow, publicWebUrl: string, logo: string): Record<string, unknown> {
  const posting: Record<string, unknown> = {
    '@type': 'JobPosting',
    title: row.title,
    description: row.description || row.title,
    url: absolute(publicWebUrl, canonicalPath(row)),
    identifier: { '@type': 'PropertyValue', name: row.employerBrand, value: row.id },
    datePosted: row.publishedAt?.toISOString(),
    ...(row.closesAt ? { validThrough: row.closesAt.toISOString() } : {}),
    employmentType: EMPLOYMENT_TYPE[row.employmentType] ?? 'OTHER',
    hiringOrganization: {
      '@type': 'Organization',
      name: row.employerBrand,
      sameAs: absolute(publicWebUrl, `/employers/${encodeURIComponent(row.employerSlug)}`),
      ...(logo ? { logo } : {}),
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressRegion: closedTitle('provinces', row.province, 'fa') ?? row.province,
        addressLocality: closedTitle('cities', row.city, 'fa') ?? row.city,
        addressCountry: 'IR',
      },
    },
    ...(row.workType === 'remote' ? { jobLocationType: 'TELECOMMUTE' } : {}),
  };
  if (row.salaryVisible && (row.minSalary !== null || row.maxSalary !== null)) {
    posting.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: 'IRR',
      value: {
        '@type': 'QuantitativeValue',
        ...(row.minSalary !== null ? { minValue: Number(row.minSalary) } : {}),
        ...(row.maxSalary !== null ? { maxValue: Number(row.maxSalary) } : {}),
        unitText: 'MONTH',
      },
    };
  }
  return posting;
}

/** Home → the postings → the posting's category → the posting. */
function breadcrumbs(row: PostingRow, publicWebUrl: string): Record<string, unknown> {
  const trail: Array<[string, string]> = [
    [HOME_CRUMB, '/'],
    [RECRUITMENTS_CRUMB, RECRUITMENTS_PATH],
    [jobCategoryTitle(row.jobCategory), categoryPath(row.jobCategory)],
    [row.title, canonicalPath(row)],
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

export function postingSeo(row: PostingRow, publicWebUrl: string): PostingPageMeta {
  const logo = logoUrl(publicWebUrl, row.employerLogo);
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [jobPosting(row, publicWebUrl, logo), breadcrumbs(row, publicWebUrl)],
  };
  return {
    title: `${row.title} | ${row.employerBrand}`,
    description: summaryOf(row),
    canonicalPath: canonicalPath(row),
    // "<" escaped: the text goes into a <script> element as it is.
    jsonLd: JSON.stringify(graph).replaceAll('<', '\\u003c'),
    robots: row.status === 'published' ? 'index, follow' : 'noindex, nofollow',
    ogType: 'website',
    imageUrl: logo,
  };
}
