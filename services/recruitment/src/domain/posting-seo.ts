// The detail page's metadata: title, description, canonical path and schema.org JobPosting
// JSON-LD (what search engines read for job results). The salary is in it only when visible.
import { title as closedTitle } from '@darmankar/platform/closed-lists';
import type { PostingRow } from './posting-view.ts';

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

/** The public path of a posting: /applicants/recruitments/{job_category}/{slug}. */
export function canonicalPath(row: Pick<PostingRow, 'jobCategory' | 'slug'>): string {
  return `/applicants/recruitments/${encodeURIComponent(row.jobCategory)}/${encodeURIComponent(row.slug)}`;
}

function absolute(publicWebUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${publicWebUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
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

export function postingSeo(row: PostingRow, publicWebUrl: string) {
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: row.title,
    description: row.description || row.title,
    identifier: { '@type': 'PropertyValue', name: row.employerBrand, value: row.id },
    datePosted: row.publishedAt?.toISOString(),
    ...(row.closesAt ? { validThrough: row.closesAt.toISOString() } : {}),
    employmentType: EMPLOYMENT_TYPE[row.employmentType] ?? 'OTHER',
    hiringOrganization: {
      '@type': 'Organization',
      name: row.employerBrand,
      sameAs: absolute(publicWebUrl, `/employers/${encodeURIComponent(row.employerSlug)}`),
      ...(row.employerLogo ? { logo: absolute(publicWebUrl, row.employerLogo) } : {}),
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
    jsonLd.baseSalary = {
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
  return {
    title: `${row.title} | ${row.employerBrand}`,
    description: summaryOf(row),
    canonicalPath: canonicalPath(row),
    // "<" escaped: the text goes into a <script> element as it is.
    jsonLd: JSON.stringify(jsonLd).replaceAll('<', '\\u003c'),
  };
}
