// The resume as the gateway's resume contract describes it (dates are Gregorian YYYY-MM-DD on
// the wire, shown as Jalali; education years are Jalali years). Every shape is read from the
// contract's generated types, so the screens cannot drift from what the gateway answers.
import type { ApiAnswer, ApiRequestBody } from '@darmankar/api-types';
import { everyValueOf } from '../contract.ts';

/** `GET /resumes/by-current-user`: the whole resume, every section included. */
export type Resume = ApiAnswer<'/resumes/by-current-user', 'get'>;
/** The personal step: what creating or updating a resume sends. */
export type PersonalInfo = ApiRequestBody<'/resumes', 'post'>;

export type Education = ApiAnswer<'/resumes/{id}/educations/{itemId}', 'put'>;
export type Job = ApiAnswer<'/resumes/{id}/jobs/{itemId}', 'put'>;
export type Skill = ApiAnswer<'/resumes/{id}/skills/{itemId}', 'put'>;
export type Language = ApiAnswer<'/resumes/{id}/languages/{itemId}', 'put'>;
export type Certificate = ApiAnswer<'/resumes/{id}/certificates/{itemId}', 'put'>;
export type Publication = ApiAnswer<'/resumes/{id}/publications/{itemId}', 'put'>;

export const GENDERS = everyValueOf<NonNullable<Resume['gender']>>()(['male', 'female']);
// Marital and military statuses are closed lists (docs/adr/023): their ids, titled from the list.
export const MARITAL_STATUSES = everyValueOf<NonNullable<Resume['maritalStatus']>>()(['single', 'married']);
export const MILITARY_STATUSES = everyValueOf<NonNullable<Resume['militaryStatus']>>()([
  'completed',
  'permanent-exemption',
  'medical-exemption',
  'educational-exemption',
  'serving',
  'eligible',
  'not-applicable',
]);
export const SKILL_LEVELS = everyValueOf<Skill['level']>()(['beginner', 'intermediate', 'advanced', 'expert']);
export const LANGUAGE_LEVELS = everyValueOf<Language['level']>()(['beginner', 'intermediate', 'advanced', 'native']);

/** Each section's item as the resume and the section's own calls answer it. */
export interface SectionItems {
  educations: Education;
  jobs: Job;
  skills: Skill;
  certificates: Certificate;
  publications: Publication;
  languages: Language;
}

export type SectionName = keyof SectionItems;
export const SECTIONS: readonly SectionName[] = [
  'educations',
  'jobs',
  'skills',
  'languages',
  'certificates',
  'publications',
];

export function isSectionName(value: unknown): value is SectionName {
  return typeof value === 'string' && (SECTIONS as readonly string[]).includes(value);
}

/** The builder's steps, in order (spec §2). */
export const BUILDER_STEPS = ['personal', 'educations', 'jobs', 'skills', 'certificates'] as const;
export type BuilderStep = (typeof BUILDER_STEPS)[number];

export function isBuilderStep(value: unknown): value is BuilderStep {
  return typeof value === 'string' && (BUILDER_STEPS as readonly string[]).includes(value);
}

/** Picture URL at one of the widths the files service offers. */
export function pictureUrl(fileId: string, width: 64 | 128 | 256 | 512): string {
  return `/api/v1/files/${encodeURIComponent(fileId)}?width=${width}`;
}
