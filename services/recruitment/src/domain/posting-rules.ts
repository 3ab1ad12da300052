// The rules of what an employer writes on a posting (spec §5): every field checked, every
// broken one reported at once (comma-joined codes), free text kept as typed (cleanText), ids
// checked against the closed lists and the service's own suggestions. The hiring template is
// the employer service's to know; postings.ts asks it and adds its code to the same list.
import { isValid } from '@darmankar/platform/closed-lists';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid } from '@darmankar/platform/input';
import { cleanText, normalizeForSearch, toLatinDigits } from '@darmankar/platform/persian';

export const GENDERS = ['any', 'male', 'female'] as const;
export const SHIFT_PATTERNS = ['morning', 'evening', 'night', 'on-call', 'rotating'] as const;
export const LANGUAGE_LEVELS = ['beginner', 'intermediate', 'advanced', 'native'] as const;
export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;

export const LIMITS = {
  titleLength: 150,
  descriptionLength: 10_000,
  regionLength: 100,
  skillLength: 100,
  minAge: 15,
  maxAge: 80,
  maxExperienceYears: 29,
  /** A month of hours. */
  maxBusinessTravelHours: 744,
  /** Rials: far above any salary, far below what a BIGINT holds. */
  maxSalaryRials: 10n ** 15n,
  languages: 20,
  skills: 50,
  educations: 10,
  workingHours: 28,
  benefits: 30,
} as const;

/** The open suggestion lists a posting's fields name (the service's data files). */
export interface SuggestionIds {
  has(category: 'jobCategories' | 'languages' | 'benefits' | 'fieldsOfStudy', id: string): boolean;
}

export interface WorkingHoursSpan {
  /** 0 Saturday … 6 Friday. */
  weekday: number;
  /** "HH:MM", Latin digits. */
  from: string;
  to: string;
}

/**
 * A posting's fields as the employer's form sends them, before any rule: '' where a text or id is
 * not given, undefined where a number is not. The contract's PostingInput, field for field, as
 * plain values (src/rpc maps it); the form of a stored posting is given back in the same shape.
 */
export interface PostingForm {
  title: string;
  description: string;
  jobCategory: string;
  employmentType: string;
  workType: string;
  gender: string;
  minAge?: number;
  maxAge?: number;
  /** Rials. */
  minSalary?: bigint;
  maxSalary?: bigint;
  salaryVisible: boolean;
  experienceYears?: number;
  organizationalLevel: string;
  province: string;
  city: string;
  region: string;
  languages: readonly { id: string; level: string }[];
  skills: readonly { name: string; level: string }[];
  educations: readonly { degreeLevel: string; fieldOfStudy: string }[];
  workingHours: readonly { weekday: number; from: string; to: string }[];
  businessTravelHours?: number;
  militaryServiceRequired: boolean;
  acceptsDisability: boolean;
  acceptsInternship: boolean;
  acceptsRelevantIndustry: boolean;
  hiringTemplateId: string;
  benefits: readonly string[];
  shiftPatterns: readonly string[];
  facilityType: string;
  medicalSpecialty: string;
}

/** A posting's fields as stored: free text as typed, ids, null where not stated. */
export interface PostingFields {
  title: string;
  description: string;
  jobCategory: string;
  employmentType: string;
  workType: string;
  gender: (typeof GENDERS)[number];
  minAge: number | null;
  maxAge: number | null;
  minSalary: bigint | null;
  maxSalary: bigint | null;
  salaryVisible: boolean;
  experienceYears: number | null;
  organizationalLevel: string | null;
  province: string;
  city: string;
  region: string | null;
  languages: { id: string; level: string }[];
  skills: { name: string; level: string }[];
  educations: { degreeLevel: string; fieldOfStudy: string }[];
  workingHours: WorkingHoursSpan[];
  businessTravelHours: number | null;
  militaryServiceRequired: boolean;
  acceptsDisability: boolean;
  acceptsInternship: boolean;
  acceptsRelevantIndustry: boolean;
  hiringTemplateId: string | null;
  benefits: string[];
  shiftPatterns: string[];
  facilityType: string | null;
  medicalSpecialty: string | null;
}

export function throwIfAny(errors: readonly ExcCode[]): void {
  if (errors.length > 0) throw new DomainError(...(errors as [ExcCode, ...ExcCode[]]));
}

const oneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** "HH:MM" (or "H:MM") in any digits, as minutes since midnight; null when it is no time of day. */
export function parseTime(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(toLatinDigits(text.trim()));
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

const formatTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Spans with a weekday 0–6, valid times, `to` after `from`, and no two spans of one weekday
 * overlapping (several spans a day are allowed: a split shift). Null when any of it breaks.
 */
export function parseWorkingHours(
  spans: readonly { weekday: number; from: string; to: string }[],
): WorkingHoursSpan[] | null {
  if (spans.length > LIMITS.workingHours) return null;
  const parsed: { weekday: number; from: number; to: number }[] = [];
  for (const span of spans) {
    const from = parseTime(span.from);
    const to = parseTime(span.to);
    if (!Number.isInteger(span.weekday) || span.weekday < 0 || span.weekday > 6) return null;
    if (from === null || to === null || to <= from) return null;
    parsed.push({ weekday: span.weekday, from, to });
  }
  parsed.sort((a, b) => a.weekday - b.weekday || a.from - b.from);
  for (let i = 1; i < parsed.length; i++) {
    const [previous, current] = [parsed[i - 1]!, parsed[i]!];
    if (previous.weekday === current.weekday && current.from < previous.to) return null;
  }
  return parsed.map((span) => ({ weekday: span.weekday, from: formatTime(span.from), to: formatTime(span.to) }));
}

function optionalText(value: string, limit: number, tooLong: ExcCode, errors: ExcCode[]): string | null {
  const text = cleanText(value, { singleLine: true });
  if ([...text].length > limit) errors.push(tooLong);
  return text === '' ? null : text;
}

function closedOrNull(
  list: 'organizationalLevels' | 'facilityTypes' | 'medicalSpecialties',
  value: string,
  invalid: ExcCode,
  errors: ExcCode[],
): string | null {
  if (value === '') return null;
  if (!isValid(list, value)) errors.push(invalid);
  return value;
}

function ageOf(value: number | undefined, invalid: ExcCode, errors: ExcCode[]): number | null {
  if (value === undefined) return null;
  if (!Number.isInteger(value) || value < LIMITS.minAge || value > LIMITS.maxAge) {
    errors.push(invalid);
    return null;
  }
  return value;
}

function salaryOf(rials: bigint | undefined, invalid: ExcCode, errors: ExcCode[]): bigint | null {
  if (rials === undefined) return null;
  if (rials <= 0n || rials > LIMITS.maxSalaryRials) {
    errors.push(invalid);
    return null;
  }
  return rials;
}

function languagesOf(input: PostingForm, suggestions: SuggestionIds, errors: ExcCode[]) {
  const seen = new Set<string>();
  const ok =
    input.languages.length <= LIMITS.languages &&
    input.languages.every((language) => {
      const fine =
        suggestions.has('languages', language.id) && oneOf(LANGUAGE_LEVELS, language.level) && !seen.has(language.id);
      seen.add(language.id);
      return fine;
    });
  if (!ok) errors.push('EXC_RECRUITMENTS_LANGUAGES_IS_INVALID');
  return input.languages.map((language) => ({ id: language.id, level: language.level }));
}

function skillsOf(input: PostingForm, errors: ExcCode[]) {
  const seen = new Set<string>();
  const skills = input.skills.map((skill) => ({
    name: cleanText(skill.name, { singleLine: true }),
    level: skill.level,
  }));
  const ok =
    skills.length <= LIMITS.skills &&
    skills.every((skill) => {
      const key = normalizeForSearch(skill.name);
      const fine =
        skill.name !== '' &&
        [...skill.name].length <= LIMITS.skillLength &&
        oneOf(SKILL_LEVELS, skill.level) &&
        !seen.has(key);
      seen.add(key);
      return fine;
    });
  if (!ok) errors.push('EXC_RECRUITMENTS_SKILLS_IS_INVALID');
  return skills;
}

function educationsOf(input: PostingForm, suggestions: SuggestionIds, errors: ExcCode[]) {
  const ok =
    input.educations.length <= LIMITS.educations &&
    input.educations.every(
      (education) =>
        isValid('degreeLevels', education.degreeLevel) &&
        (education.fieldOfStudy === '' || suggestions.has('fieldsOfStudy', education.fieldOfStudy)),
    );
  if (!ok) errors.push('EXC_RECRUITMENTS_EDUCATIONS_IS_INVALID');
  return input.educations.map((education) => ({
    degreeLevel: education.degreeLevel,
    fieldOfStudy: education.fieldOfStudy,
  }));
}

function distinctIds(values: readonly string[], limit: number, valid: (id: string) => boolean): boolean {
  return values.length <= limit && new Set(values).size === values.length && values.every(valid);
}

/** Every field checked; the fields as stored, or every broken rule's code at once. */
export function parsePostingInput(input: PostingForm | undefined, suggestions: SuggestionIds): PostingFields {
  if (!input) throw new DomainError('EXC_RECRUITMENTS_TITLE_IS_REQUIRED');
  const errors: ExcCode[] = [];

  const title = cleanText(input.title, { singleLine: true });
  if (title === '') errors.push('EXC_RECRUITMENTS_TITLE_IS_REQUIRED');
  else if ([...title].length > LIMITS.titleLength) errors.push('EXC_RECRUITMENTS_TITLE_IS_TOO_LONG');
  const description = cleanText(input.description);
  if ([...description].length > LIMITS.descriptionLength) errors.push('EXC_RECRUITMENTS_DESCRIPTION_IS_TOO_LONG');

  if (input.jobCategory === '') errors.push('EXC_RECRUITMENTS_JOB_CATEGORY_IS_REQUIRED');
  else if (!suggestions.has('jobCategories', input.jobCategory))
    errors.push('EXC_RECRUITMENTS_JOB_CATEGORY_IS_INVALID');
  if (input.employmentType === '') errors.push('EXC_RECRUITMENTS_EMPLOYMENT_TYPE_IS_REQUIRED');
  else if (!isValid('employmentTypes', input.employmentType))
    errors.push('EXC_RECRUITMENTS_EMPLOYMENT_TYPE_IS_INVALID');
  if (input.workType === '') errors.push('EXC_RECRUITMENTS_WORK_TYPE_IS_REQUIRED');
  else if (!isValid('workTypes', input.workType)) errors.push('EXC_RECRUITMENTS_WORK_TYPE_IS_INVALID');

  const gender = input.gender === '' ? 'any' : input.gender;
  if (!oneOf(GENDERS, gender)) errors.push('EXC_RECRUITMENTS_GENDER_IS_INVALID');

  const minAge = ageOf(input.minAge, 'EXC_RECRUITMENTS_MIN_AGE_IS_INVALID', errors);
  const maxAge = ageOf(input.maxAge, 'EXC_RECRUITMENTS_MAX_AGE_IS_INVALID', errors);
  // Equal bounds are refused too (spec §5: the minimum cannot equal the maximum).
  if (minAge !== null && maxAge !== null && minAge >= maxAge) errors.push('EXC_RECRUITMENTS_AGE_RANGE_IS_INVALID');
  const minSalary = salaryOf(input.minSalary, 'EXC_RECRUITMENTS_MIN_SALARY_IS_INVALID', errors);
  const maxSalary = salaryOf(input.maxSalary, 'EXC_RECRUITMENTS_MAX_SALARY_IS_INVALID', errors);
  if (minSalary !== null && maxSalary !== null && minSalary >= maxSalary)
    errors.push('EXC_RECRUITMENTS_SALARY_RANGE_IS_INVALID');

  const experienceYears = input.experienceYears ?? null;
  if (experienceYears !== null && (experienceYears < 0 || experienceYears > LIMITS.maxExperienceYears))
    errors.push('EXC_RECRUITMENTS_EXPERIENCE_YEARS_IS_INVALID');

  const organizationalLevel = closedOrNull(
    'organizationalLevels',
    input.organizationalLevel,
    'EXC_RECRUITMENTS_ORGANIZATIONAL_LEVEL_IS_INVALID',
    errors,
  );
  if (input.province === '') errors.push('EXC_RECRUITMENTS_PROVINCE_IS_REQUIRED');
  else if (!isValid('provinces', input.province)) errors.push('EXC_RECRUITMENTS_PROVINCE_IS_INVALID');
  if (input.city === '') errors.push('EXC_RECRUITMENTS_CITY_IS_REQUIRED');
  else if (!isValid('cities', input.city, input.province || undefined)) errors.push('EXC_RECRUITMENTS_CITY_IS_INVALID');
  const region = optionalText(input.region, LIMITS.regionLength, 'EXC_RECRUITMENTS_REGION_IS_TOO_LONG', errors);

  const languages = languagesOf(input, suggestions, errors);
  const skills = skillsOf(input, errors);
  const educations = educationsOf(input, suggestions, errors);
  const workingHours = parseWorkingHours(input.workingHours);
  if (workingHours === null) errors.push('EXC_RECRUITMENTS_WORKING_HOURS_IS_INVALID');

  const businessTravelHours = input.businessTravelHours ?? null;
  if (businessTravelHours !== null && (businessTravelHours < 0 || businessTravelHours > LIMITS.maxBusinessTravelHours))
    errors.push('EXC_RECRUITMENTS_BUSINESS_TRAVEL_HOURS_IS_INVALID');

  if (!distinctIds(input.benefits, LIMITS.benefits, (id) => suggestions.has('benefits', id)))
    errors.push('EXC_RECRUITMENTS_BENEFITS_IS_INVALID');
  if (!distinctIds(input.shiftPatterns, SHIFT_PATTERNS.length, (id) => oneOf(SHIFT_PATTERNS, id)))
    errors.push('EXC_RECRUITMENTS_SHIFT_PATTERNS_IS_INVALID');
  const facilityType = closedOrNull(
    'facilityTypes',
    input.facilityType,
    'EXC_RECRUITMENTS_FACILITY_TYPE_IS_INVALID',
    errors,
  );
  const medicalSpecialty = closedOrNull(
    'medicalSpecialties',
    input.medicalSpecialty,
    'EXC_RECRUITMENTS_MEDICAL_SPECIALTY_IS_INVALID',
    errors,
  );

  const templateId = input.hiringTemplateId.trim();
  if (templateId !== '' && !isUuid(templateId)) errors.push('EXC_HIRING_TEMPLATE_NOT_FOUND');

  throwIfAny(errors);
  return {
    title,
    description,
    jobCategory: input.jobCategory,
    employmentType: input.employmentType,
    workType: input.workType,
    gender: gender as PostingFields['gender'],
    minAge,
    maxAge,
    minSalary,
    maxSalary,
    salaryVisible: input.salaryVisible,
    experienceYears,
    organizationalLevel,
    province: input.province,
    city: input.city,
    region,
    languages,
    skills,
    educations,
    workingHours: workingHours!,
    businessTravelHours,
    militaryServiceRequired: input.militaryServiceRequired,
    acceptsDisability: input.acceptsDisability,
    acceptsInternship: input.acceptsInternship,
    acceptsRelevantIndustry: input.acceptsRelevantIndustry,
    hiringTemplateId: templateId === '' ? null : templateId.toLowerCase(),
    benefits: [...input.benefits],
    shiftPatterns: [...input.shiftPatterns],
    facilityType,
    medicalSpecialty,
  };
}

/** The ids of the open suggestion lists, from the rows the service loaded at start. */
export function suggestionIdsOf(rows: readonly { category: string; id: string }[]): SuggestionIds {
  const byCategory = new Map<string, Set<string>>();
  for (const row of rows) {
    const ids = byCategory.get(row.category) ?? new Set<string>();
    ids.add(row.id);
    byCategory.set(row.category, ids);
  }
  return { has: (category, id) => byCategory.get(category)?.has(id) ?? false };
}
