// The recruitment service's posting messages as the JSON of the REST contract, and the REST
// bodies and queries as the contract's messages: money as integer rials (exact, else an internal
// error), times as ISO strings or null, statuses as lower-case words, every key present.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Money, PageInfo } from '@darmankar/proto/common/v1/common_pb';
import {
  PostingStatus,
  type Posting,
  type PostingCard,
  type PostingEmployer,
  type PostingInput,
  type PostingInputSchema,
  type PostingQuerySchema,
  type SavedFilter,
} from '@darmankar/proto/recruitment/v1/recruitment_pb';
import type { z } from 'zod';
import type {
  createPostingBody,
  pageInfoSchema,
  postingCardSchema,
  postingEmployerSchema,
  postingSchema,
  savedFilterSchema,
  SearchQuery,
} from './posting-schemas.ts';

export type PostingJson = z.input<typeof postingSchema>;
export type PostingCardJson = z.input<typeof postingCardSchema>;
export type PageInfoJson = z.input<typeof pageInfoSchema>;
export type SavedFilterJson = z.input<typeof savedFilterSchema>;
type EmployerJson = z.input<typeof postingEmployerSchema>;
/** The posting fields of a create or update body, defaults applied. */
export type PostingFieldsInput = Omit<z.output<typeof createPostingBody>, 'employerId' | 'publish'>;

/** Rials as a JSON number; beyond 2^53 a number would silently round, so such a value throws. */
function rialsOrNull(money: Money | undefined): number | null {
  if (money === undefined) return null;
  const rials = money.rials;
  if (rials > BigInt(Number.MAX_SAFE_INTEGER) || rials < BigInt(Number.MIN_SAFE_INTEGER))
    throw new RangeError(`an amount of ${rials} rials does not fit a JSON number exactly`);
  return Number(rials);
}

const money = (rials: number | null) => (rials === null ? undefined : { rials: BigInt(rials) });
const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);
const textOrNull = (value: string): string | null => (value === '' ? null : value);

const STATUS_WORDS: Record<PostingStatus, PostingJson['status'] | undefined> = {
  [PostingStatus.UNSPECIFIED]: undefined,
  [PostingStatus.DRAFT]: 'draft',
  [PostingStatus.PUBLISHED]: 'published',
  [PostingStatus.ARCHIVED]: 'archived',
  [PostingStatus.CLOSED]: 'closed',
};

function statusWord(status: PostingStatus): PostingJson['status'] {
  const word = STATUS_WORDS[status];
  if (word === undefined)
    throw new RangeError(`the recruitment service answered posting status ${status}, which the contract does not name`);
  return word;
}

/** The status word of a query as the contract's enum. */
export function statusOf(word: PostingJson['status'] | undefined): PostingStatus {
  if (word === undefined) return PostingStatus.UNSPECIFIED;
  return Number(Object.entries(STATUS_WORDS).find(([, each]) => each === word)![0]) as PostingStatus;
}

function employerJson(employer: PostingEmployer | undefined): EmployerJson {
  return {
    id: employer?.id ?? '',
    slug: employer?.slug ?? '',
    brand: employer?.brand ?? '',
    logo: textOrNull(employer?.logo ?? ''),
  };
}

function fieldsJson(fields: PostingInput | undefined) {
  return {
    title: fields?.title ?? '',
    description: fields?.description ?? '',
    jobCategory: fields?.jobCategory ?? '',
    employmentType: fields?.employmentType ?? '',
    workType: fields?.workType ?? '',
    gender: fields?.gender ?? '',
    minAge: orNull(fields?.minAge),
    maxAge: orNull(fields?.maxAge),
    // The service leaves a hidden salary unset for readers who are not the employer's members.
    minSalaryRials: rialsOrNull(fields?.minSalary),
    maxSalaryRials: rialsOrNull(fields?.maxSalary),
    salaryVisible: fields?.salaryVisible ?? false,
    experienceYears: orNull(fields?.experienceYears),
    organizationalLevel: fields?.organizationalLevel ?? '',
    province: fields?.province ?? '',
    city: fields?.city ?? '',
    region: fields?.region ?? '',
    languages: (fields?.languages ?? []).map(({ id, level }) => ({ id, level })),
    skills: (fields?.skills ?? []).map(({ name, level }) => ({ name, level })),
    educations: (fields?.educations ?? []).map(({ degreeLevel, fieldOfStudy }) => ({ degreeLevel, fieldOfStudy })),
    workingHours: (fields?.workingHours ?? []).map(({ weekday, from, to }) => ({ weekday, from, to })),
    businessTravelHours: orNull(fields?.businessTravelHours),
    militaryServiceRequired: fields?.militaryServiceRequired ?? false,
    acceptsDisability: fields?.acceptsDisability ?? false,
    acceptsInternship: fields?.acceptsInternship ?? false,
    acceptsRelevantIndustry: fields?.acceptsRelevantIndustry ?? false,
    hiringTemplateId: fields?.hiringTemplateId ?? '',
    benefits: [...(fields?.benefits ?? [])],
    shiftPatterns: [...(fields?.shiftPatterns ?? [])],
    facilityType: fields?.facilityType ?? '',
    medicalSpecialty: fields?.medicalSpecialty ?? '',
  };
}

export function postingJson(posting: Posting): PostingJson {
  return {
    id: posting.id,
    slug: posting.slug,
    status: statusWord(posting.status),
    employer: employerJson(posting.employer),
    ...fieldsJson(posting.fields),
    featured: posting.featured,
    featuredUntil: textOrNull(posting.featuredUntil),
    publishedAt: textOrNull(posting.publishedAt),
    closesAt: textOrNull(posting.closesAt),
    createdAt: posting.createdAt,
    updatedAt: posting.updatedAt,
    bookmarked: posting.bookmarked,
  };
}

export function cardJson(card: PostingCard): PostingCardJson {
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    employer: employerJson(card.employer),
    jobCategory: card.jobCategory,
    employmentType: card.employmentType,
    workType: card.workType,
    province: card.province,
    city: card.city,
    minSalaryRials: rialsOrNull(card.minSalary),
    maxSalaryRials: rialsOrNull(card.maxSalary),
    shiftPatterns: [...card.shiftPatterns],
    facilityType: card.facilityType,
    medicalSpecialty: card.medicalSpecialty,
    experienceYears: orNull(card.experienceYears),
    featured: card.featured,
    publishedAt: textOrNull(card.publishedAt),
    status: statusWord(card.status),
    bookmarked: card.bookmarked,
    applications: orNull(card.applications),
    unreadApplications: orNull(card.unreadApplications),
  };
}

export const pageInfoJson = (page: PageInfo | undefined): PageInfoJson => ({
  page: page?.page ?? 1,
  pageSize: page?.pageSize ?? 0,
  total: Number(page?.total ?? 0n),
});

export const savedFilterJson = (filter: SavedFilter): SavedFilterJson => ({
  id: filter.id,
  name: filter.name,
  params: filter.queryString,
  createdAt: filter.createdAt,
});

/** A create or update body's fields as the contract's PostingInput. */
export function postingInput(fields: PostingFieldsInput): MessageInitShape<typeof PostingInputSchema> {
  const { minAge, maxAge, minSalaryRials, maxSalaryRials, experienceYears, businessTravelHours, ...rest } = fields;
  return {
    ...rest,
    minAge: minAge ?? undefined,
    maxAge: maxAge ?? undefined,
    minSalary: money(minSalaryRials),
    maxSalary: money(maxSalaryRials),
    experienceYears: experienceYears ?? undefined,
    businessTravelHours: businessTravelHours ?? undefined,
  };
}

/** The listing's parsed query parameters as the contract's PostingQuery. */
export function postingQuery(query: SearchQuery): MessageInitShape<typeof PostingQuerySchema> {
  return {
    text: query.q ?? '',
    jobCategories: query.category,
    provinces: query.province,
    cities: query.city,
    employmentTypes: query.employmentType,
    workTypes: query.workType,
    salaryFrom: query.salaryFrom === undefined ? undefined : BigInt(query.salaryFrom),
    salaryTo: query.salaryTo === undefined ? undefined : BigInt(query.salaryTo),
    maxExperienceYears: query.experience,
    shiftPatterns: query.shift,
    facilityTypes: query.facilityType,
    medicalSpecialties: query.specialty,
    featuredOnly: query.featured,
  };
}
