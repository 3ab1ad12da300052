// The resume as the gateway's resume contract describes it (dates are Gregorian YYYY-MM-DD on
// the wire, shown as Jalali; education years are Jalali years).

export const GENDERS = ['male', 'female'] as const;
export const MARITAL_STATUSES = ['single', 'married'] as const;
export const MILITARY_STATUSES = ['exempt', 'completed', 'serving', 'not_served', 'educational_exemption'] as const;
export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const LANGUAGE_LEVELS = ['beginner', 'intermediate', 'advanced', 'native'] as const;

export interface PersonalInfo {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  gender: (typeof GENDERS)[number] | null;
  maritalStatus: (typeof MARITAL_STATUSES)[number] | null;
  militaryStatus: (typeof MILITARY_STATUSES)[number] | null;
  hasDisability: boolean;
  isForeigner: boolean;
  province: string | null;
  city: string | null;
  url: string | null;
  jobTitle: string | null;
  about: string | null;
}

export interface Education {
  id: string;
  university: string;
  fieldOfStudy: string;
  degreeLevel: string;
  gpa: number | null;
  startYear: number;
  endYear: number | null;
  currentlyEnrolled: boolean;
}

export interface Job {
  id: string;
  jobTitle: string;
  companyName: string;
  industry: string | null;
  employmentType: string | null;
  province: string | null;
  city: string | null;
  currentlyEmployed: boolean;
  description: string | null;
  startDate: string;
  endDate: string | null;
}

export interface Skill {
  id: string;
  name: string;
  level: (typeof SKILL_LEVELS)[number];
}

export interface Language {
  id: string;
  name: string;
  level: (typeof LANGUAGE_LEVELS)[number];
}

export interface Certificate {
  id: string;
  title: string;
  issuedBy: string;
  link: string | null;
  durationHours: number | null;
  completionDate: string | null;
}

export interface Publication {
  id: string;
  title: string;
  publisher: string | null;
  authors: string[];
  date: string | null;
  link: string | null;
  description: string | null;
}

export interface SectionItems {
  educations: Education;
  jobs: Job;
  skills: Skill;
  certificates: Certificate;
  publications: Publication;
  languages: Language;
}

export type SectionName = keyof SectionItems;
export const SECTIONS: readonly SectionName[] = ['educations', 'jobs', 'skills', 'languages', 'certificates', 'publications'];

export function isSectionName(value: unknown): value is SectionName {
  return typeof value === 'string' && (SECTIONS as readonly string[]).includes(value);
}

export interface Completeness {
  score: number;
  sections: Record<'personal' | 'picture' | SectionName | 'custom', boolean>;
}

export interface Resume extends PersonalInfo {
  id: string;
  slug: string;
  pic: string | null;
  fileId: string | null;
  customFileName: string | null;
  educations: Education[];
  jobs: Job[];
  skills: Skill[];
  certificates: Certificate[];
  publications: Publication[];
  languages: Language[];
  completeness?: Completeness;
  updatedAt: string;
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
