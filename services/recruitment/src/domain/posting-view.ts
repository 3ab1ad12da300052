// A posting as readers see it: the whole posting (PostingView) and the list's card
// (PostingCardView), from the stored row, as plain values (src/rpc/posting-messages.ts writes them
// as the contract's Posting and PostingCard). One rule lives here for every reader, search's cards
// included: a hidden salary (salary_visible false) never leaves the service to anyone but the
// posting's own employer's members.
import type { PostingFields, PostingForm, WorkingHoursSpan } from './posting-rules.ts';

export const POSTING_STATUSES = ['draft', 'published', 'archived', 'closed'] as const;
export type PostingStatusWord = (typeof POSTING_STATUSES)[number];

/** What a card needs of a posting (a postings row, or a search document). */
export interface PostingCardSource {
  id: string;
  slug: string;
  title: string;
  employerId: string;
  employerSlug: string;
  employerBrand: string;
  employerLogo: string | null;
  jobCategory: string;
  employmentType: string;
  workType: string;
  province: string;
  city: string;
  minSalary: bigint | null;
  maxSalary: bigint | null;
  /** Absent for a source that keeps only visible salaries (the search index). */
  salaryVisible?: boolean;
  shiftPatterns: string[];
  facilityType: string | null;
  medicalSpecialty: string | null;
  experienceYears: number | null;
  featuredUntil: Date | null;
  publishedAt: Date | null;
  /** Absent for a source that holds open postings only. */
  status?: string;
}

/** A postings row as the store reads it: the card's fields and every other one. */
export interface PostingRow extends PostingCardSource, Omit<PostingFields, 'workingHours'> {
  status: string;
  salaryVisible: boolean;
  version: bigint;
  workingHours: WorkingHoursSpan[];
  closesAt: Date | null;
  archivedAt: Date | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface ReaderView {
  /** A member of the posting's employer: sees a hidden salary. */
  member: boolean;
  bookmarked: boolean;
  nowMs: number;
}

/** The salary a reader may see (rials): nothing of a hidden one unless the reader is the employer's. */
export function visibleSalary(
  source: Pick<PostingCardSource, 'minSalary' | 'maxSalary' | 'salaryVisible'>,
  member: boolean,
): { minSalary?: bigint; maxSalary?: bigint } {
  if (source.salaryVisible === false && !member) return {};
  return {
    ...(source.minSalary !== null ? { minSalary: source.minSalary } : {}),
    ...(source.maxSalary !== null ? { maxSalary: source.maxSalary } : {}),
  };
}

export const isFeatured = (source: Pick<PostingCardSource, 'featuredUntil'>, nowMs: number) =>
  source.featuredUntil !== null && source.featuredUntil.getTime() > nowMs;

export interface PostingEmployerView {
  id: string;
  slug: string;
  brand: string;
  logo: string | null;
}

/** The list's card: what anyone may see of a posting, for this reader. */
export interface PostingCardView {
  id: string;
  slug: string;
  title: string;
  employer: PostingEmployerView;
  jobCategory: string;
  employmentType: string;
  workType: string;
  province: string;
  city: string;
  /** Rials; absent when not stated or hidden from this reader. */
  minSalary?: bigint;
  maxSalary?: bigint;
  shiftPatterns: string[];
  facilityType: string | null;
  medicalSpecialty: string | null;
  experienceYears: number | null;
  featured: boolean;
  publishedAt: Date | null;
  status: string;
  bookmarked: boolean;
}

/** The whole posting for this reader: its fields as written (the form's shape) and its life. */
export interface PostingView {
  id: string;
  slug: string;
  status: string;
  employer: PostingEmployerView;
  fields: PostingForm;
  featured: boolean;
  /** Only while it is featured. */
  featuredUntil: Date | null;
  publishedAt: Date | null;
  closesAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  bookmarked: boolean;
}

const employerOf = (source: PostingCardSource): PostingEmployerView => ({
  id: source.employerId,
  slug: source.employerSlug,
  brand: source.employerBrand,
  logo: source.employerLogo,
});

export function postingCard(source: PostingCardSource, reader: ReaderView): PostingCardView {
  return {
    id: source.id,
    slug: source.slug,
    title: source.title,
    employer: employerOf(source),
    jobCategory: source.jobCategory,
    employmentType: source.employmentType,
    workType: source.workType,
    province: source.province,
    city: source.city,
    ...visibleSalary(source, reader.member),
    shiftPatterns: source.shiftPatterns,
    facilityType: source.facilityType,
    medicalSpecialty: source.medicalSpecialty,
    experienceYears: source.experienceYears,
    featured: isFeatured(source, reader.nowMs),
    publishedAt: source.publishedAt,
    status: source.status ?? 'published',
    bookmarked: reader.bookmarked,
  };
}

/** The fields as written, for the form (members) or the detail page (anyone). */
export function postingInputOf(row: PostingRow, member: boolean): PostingForm {
  return {
    title: row.title,
    description: row.description,
    jobCategory: row.jobCategory,
    employmentType: row.employmentType,
    workType: row.workType,
    gender: row.gender,
    ...(row.minAge !== null ? { minAge: row.minAge } : {}),
    ...(row.maxAge !== null ? { maxAge: row.maxAge } : {}),
    ...visibleSalary(row, member),
    salaryVisible: row.salaryVisible,
    ...(row.experienceYears !== null ? { experienceYears: row.experienceYears } : {}),
    organizationalLevel: row.organizationalLevel ?? '',
    province: row.province,
    city: row.city,
    region: row.region ?? '',
    languages: row.languages,
    skills: row.skills,
    educations: row.educations,
    workingHours: row.workingHours,
    ...(row.businessTravelHours !== null ? { businessTravelHours: row.businessTravelHours } : {}),
    militaryServiceRequired: row.militaryServiceRequired,
    acceptsDisability: row.acceptsDisability,
    acceptsInternship: row.acceptsInternship,
    acceptsRelevantIndustry: row.acceptsRelevantIndustry,
    hiringTemplateId: row.hiringTemplateId ?? '',
    benefits: row.benefits,
    shiftPatterns: row.shiftPatterns,
    facilityType: row.facilityType ?? '',
    medicalSpecialty: row.medicalSpecialty ?? '',
  };
}

export function postingView(row: PostingRow, reader: ReaderView): PostingView {
  const featured = isFeatured(row, reader.nowMs);
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    employer: employerOf(row),
    fields: postingInputOf(row, reader.member),
    featured,
    featuredUntil: featured ? row.featuredUntil : null,
    publishedAt: row.publishedAt,
    closesAt: row.closesAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    bookmarked: reader.bookmarked,
  };
}
