// A posting's current row as the search document the index keeps: display values as typed,
// the salary only when visible, and the normalised text of what a searcher types (title,
// category, skills, city, specialty, facility type, employer brand).
import { title as closedListTitle } from '@darmankar/platform/closed-lists';
import jobCategories from '../../../data/jobCategories.json' with { type: 'json' };
import { indexedText } from './text.ts';
import type { SearchDocument } from './search-index.ts';

/** The columns of a `postings` row search reads (the Prisma model's names). */
export interface PostingRowForSearch {
  id: string;
  slug: string;
  employerId: string;
  status: string;
  version: bigint;
  title: string;
  jobCategory: string;
  employmentType: string;
  workType: string;
  minSalary: bigint | null;
  maxSalary: bigint | null;
  salaryVisible: boolean;
  experienceYears: number | null;
  province: string;
  city: string;
  skills: unknown;
  shiftPatterns: string[];
  facilityType: string | null;
  medicalSpecialty: string | null;
  employerSlug: string;
  employerBrand: string;
  employerLogo: string | null;
  featuredUntil: Date | null;
  publishedAt: Date | null;
  closesAt: Date | null;
}

const CATEGORY_TITLES = new Map<string, { title: string; titleEn?: string }>(
  (jobCategories as Array<{ id: string; title: string; titleEn?: string }>).map((item) => [item.id, item]),
);

/** The job categories postings are filed under (data/jobCategories.json). */
export function isJobCategory(id: string): boolean {
  return CATEGORY_TITLES.has(id);
}

/** A job category's Persian title (the id when the list does not hold it). */
export function jobCategoryTitle(id: string): string {
  return CATEGORY_TITLES.get(id)?.title ?? id;
}

/** Whether the row belongs in the index at `now`: published and not past its closing time. */
export function isSearchable(
  row: Pick<PostingRowForSearch, 'status' | 'closesAt' | 'publishedAt'>,
  now: Date,
): boolean {
  return (
    row.status === 'published' &&
    row.publishedAt !== null &&
    (row.closesAt === null || row.closesAt.getTime() > now.getTime())
  );
}

function skillNames(skills: unknown): string[] {
  if (!Array.isArray(skills)) return [];
  return skills.flatMap((skill) =>
    skill && typeof skill === 'object' && typeof (skill as { name?: unknown }).name === 'string'
      ? [(skill as { name: string }).name]
      : [],
  );
}

/** The document of a searchable row (isSearchable). */
export function searchDocumentOf(row: PostingRowForSearch): SearchDocument {
  const category = CATEGORY_TITLES.get(row.jobCategory);
  return {
    id: row.id,
    slug: row.slug,
    version: row.version,
    title: row.title,
    jobCategory: row.jobCategory,
    employmentType: row.employmentType,
    workType: row.workType,
    province: row.province,
    city: row.city,
    shiftPatterns: row.shiftPatterns,
    facilityType: row.facilityType,
    medicalSpecialty: row.medicalSpecialty,
    experienceYears: row.experienceYears,
    employer: { id: row.employerId, slug: row.employerSlug, brand: row.employerBrand, logo: row.employerLogo },
    featuredUntil: row.featuredUntil,
    // A hidden salary never reaches the index: neither shown, nor filtered, nor sorted on.
    minSalary: row.salaryVisible ? row.minSalary : null,
    maxSalary: row.salaryVisible ? row.maxSalary : null,
    publishedAt: row.publishedAt ?? new Date(0),
    closesAt: row.closesAt,
    titleText: indexedText([row.title]),
    searchText: indexedText([
      row.title,
      category?.title,
      category?.titleEn,
      ...skillNames(row.skills),
      closedListTitle('cities', row.city, 'fa'),
      row.medicalSpecialty ? closedListTitle('medicalSpecialties', row.medicalSpecialty, 'fa') : null,
      row.facilityType ? closedListTitle('facilityTypes', row.facilityType, 'fa') : null,
      row.employerBrand,
    ]),
  };
}

/** The salary the "salary" order sorts on: the visible maximum, else the visible minimum. */
export function salarySortOf(document: Pick<SearchDocument, 'minSalary' | 'maxSalary'>): bigint | null {
  return document.maxSalary ?? document.minSalary;
}
