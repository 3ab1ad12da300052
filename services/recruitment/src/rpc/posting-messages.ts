// Between the contract's posting messages and the domain's plain values: PostingInput in as the
// domain's PostingForm; PostingView and PostingCardView out as Posting and PostingCard (statuses
// as the contract's enum, money as Money, times as ISO strings, '' where nothing is stated).
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  PostingStatus,
  type PostingCardSchema,
  type PostingInput,
  type PostingInputSchema,
  type PostingSchema,
} from '@darmankar/proto/recruitment/v1/recruitment_pb';
import type { PostingForm } from '../domain/posting-rules.ts';
import type { PostingCardView, PostingEmployerView, PostingStatusWord, PostingView } from '../domain/posting-view.ts';

const STATUS_VALUE: Record<PostingStatusWord, PostingStatus> = {
  draft: PostingStatus.DRAFT,
  published: PostingStatus.PUBLISHED,
  archived: PostingStatus.ARCHIVED,
  closed: PostingStatus.CLOSED,
};

export function statusValue(word: string): PostingStatus {
  return STATUS_VALUE[word as PostingStatusWord] ?? PostingStatus.UNSPECIFIED;
}

export function statusWord(value: PostingStatus): PostingStatusWord | undefined {
  return (Object.keys(STATUS_VALUE) as PostingStatusWord[]).find((word) => STATUS_VALUE[word] === value);
}

const iso = (date: Date | null) => (date ? date.toISOString() : '');

/** The salary bounds as Money, only those the view holds. */
const money = (view: { minSalary?: bigint; maxSalary?: bigint }) => ({
  ...(view.minSalary !== undefined ? { minSalary: { rials: view.minSalary } } : {}),
  ...(view.maxSalary !== undefined ? { maxSalary: { rials: view.maxSalary } } : {}),
});

const employerMessage = (employer: PostingEmployerView) => ({ ...employer, logo: employer.logo ?? '' });

/** The form as the employer sent it, as plain values (no message of the contract goes further in). */
export function postingFormOf(input: PostingInput | undefined): PostingForm | undefined {
  if (!input) return undefined;
  return {
    title: input.title,
    description: input.description,
    jobCategory: input.jobCategory,
    employmentType: input.employmentType,
    workType: input.workType,
    gender: input.gender,
    ...(input.minAge !== undefined ? { minAge: input.minAge } : {}),
    ...(input.maxAge !== undefined ? { maxAge: input.maxAge } : {}),
    ...(input.minSalary !== undefined ? { minSalary: input.minSalary.rials } : {}),
    ...(input.maxSalary !== undefined ? { maxSalary: input.maxSalary.rials } : {}),
    salaryVisible: input.salaryVisible,
    ...(input.experienceYears !== undefined ? { experienceYears: input.experienceYears } : {}),
    organizationalLevel: input.organizationalLevel,
    province: input.province,
    city: input.city,
    region: input.region,
    languages: input.languages.map(({ id, level }) => ({ id, level })),
    skills: input.skills.map(({ name, level }) => ({ name, level })),
    educations: input.educations.map(({ degreeLevel, fieldOfStudy }) => ({ degreeLevel, fieldOfStudy })),
    workingHours: input.workingHours.map(({ weekday, from, to }) => ({ weekday, from, to })),
    ...(input.businessTravelHours !== undefined ? { businessTravelHours: input.businessTravelHours } : {}),
    militaryServiceRequired: input.militaryServiceRequired,
    acceptsDisability: input.acceptsDisability,
    acceptsInternship: input.acceptsInternship,
    acceptsRelevantIndustry: input.acceptsRelevantIndustry,
    hiringTemplateId: input.hiringTemplateId,
    benefits: [...input.benefits],
    shiftPatterns: [...input.shiftPatterns],
    facilityType: input.facilityType,
    medicalSpecialty: input.medicalSpecialty,
  };
}

export function postingInputMessage(form: PostingForm): MessageInitShape<typeof PostingInputSchema> {
  const { minSalary: _min, maxSalary: _max, ...rest } = form;
  return {
    ...rest,
    ...money(form),
    languages: [...form.languages],
    skills: [...form.skills],
    educations: [...form.educations],
    workingHours: [...form.workingHours],
    benefits: [...form.benefits],
    shiftPatterns: [...form.shiftPatterns],
  };
}

export function postingCardMessage(card: PostingCardView): MessageInitShape<typeof PostingCardSchema> {
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    employer: employerMessage(card.employer),
    jobCategory: card.jobCategory,
    employmentType: card.employmentType,
    workType: card.workType,
    province: card.province,
    city: card.city,
    ...money(card),
    shiftPatterns: card.shiftPatterns,
    facilityType: card.facilityType ?? '',
    medicalSpecialty: card.medicalSpecialty ?? '',
    ...(card.experienceYears !== null ? { experienceYears: card.experienceYears } : {}),
    featured: card.featured,
    publishedAt: iso(card.publishedAt),
    status: statusValue(card.status),
    bookmarked: card.bookmarked,
  };
}

export function postingMessage(view: PostingView): MessageInitShape<typeof PostingSchema> {
  return {
    id: view.id,
    slug: view.slug,
    status: statusValue(view.status),
    employer: employerMessage(view.employer),
    fields: postingInputMessage(view.fields),
    featured: view.featured,
    featuredUntil: iso(view.featuredUntil),
    publishedAt: iso(view.publishedAt),
    closesAt: iso(view.closesAt),
    createdAt: iso(view.createdAt),
    updatedAt: iso(view.updatedAt),
    bookmarked: view.bookmarked,
  };
}
