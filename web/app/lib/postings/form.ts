// The posting form's values ↔ the contract's posting fields. Read with conform and zod (as the
// resume and employer forms are): the schema only turns form fields into the contract's shapes
// (Latin digits, toman into rials, checkboxes into booleans, repeated rows into lists, the weekday
// editor into hours). Rules are the recruitment service's (spec §5): a number field holding text
// that is no number is sent as -1, which every such rule refuses, so the service names the field
// with its own code (the gateway's type check would only say the request is bad). Browser-safe:
// the preview reads the form with the same function.
import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import { toLatinDigits } from '../format.ts';
import { rialsToTomanText, tomanTextToRials } from './money.ts';
import type { Posting, PostingFields } from './types.ts';
import { hoursFromRows, rowsFromHours, type WeekdayRow } from './working-hours.ts';

const text = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? '');
// Free text is stored as typed (spec: Persian first); only surrounding blanks go.
const longText = z
  .string()
  .optional()
  .transform((value) => value?.replace(/^\s+|\s+$/g, '') ?? '');
const flag = z
  .boolean()
  .optional()
  .transform((value) => value === true);
const list = z
  .array(z.string())
  .optional()
  .transform((values) => (values ?? []).map((value) => value.trim()).filter(Boolean));

/** What a number field holding no number is sent as: refused by every rule, under its field. */
export const NOT_A_NUMBER = -1;

/** A whole number typed with any digits; null when empty. */
const wholeNumber = z
  .string()
  .optional()
  .transform((value): number | null => {
    const trimmed = value?.trim();
    if (!trimmed) return null;
    const latin = toLatinDigits(trimmed);
    return /^\d+$/.test(latin) ? Number(latin) : NOT_A_NUMBER;
  });

/** A toman amount as typed → rials; null when empty. */
const toman = z
  .string()
  .optional()
  .transform((value): number | null => {
    const rials = tomanTextToRials(value);
    if (rials === null) return null;
    return Number.isNaN(rials) ? NOT_A_NUMBER : rials;
  });

// A row left wholly empty reads as undefined: kept as a hole, dropped below.
const row = <T extends z.ZodRawShape>(shape: T) => z.array(z.object(shape).optional()).optional();
const present = <T>(entries: ReadonlyArray<T | undefined> | undefined): T[] =>
  (entries ?? []).filter((entry): entry is T => entry !== undefined);

export const postingFormSchema = z.object({
  title: text,
  description: longText,
  jobCategory: text,
  employmentType: text,
  workType: text,
  gender: text,
  minAge: wholeNumber,
  maxAge: wholeNumber,
  minSalaryToman: toman,
  maxSalaryToman: toman,
  salaryVisible: flag,
  experienceYears: wholeNumber,
  organizationalLevel: text,
  province: text,
  city: text,
  region: text,
  languages: row({ id: text, level: text }),
  skills: row({ name: text, level: text }),
  educations: row({ degreeLevel: text, fieldOfStudy: text }),
  hours: row({ weekday: text, on: flag, from: text, to: text }),
  businessTravelHours: wholeNumber,
  militaryServiceRequired: flag,
  acceptsDisability: flag,
  acceptsInternship: flag,
  acceptsRelevantIndustry: flag,
  hiringTemplateId: text,
  benefits: list,
  shiftPatterns: list,
  facilityType: text,
  medicalSpecialty: text,
});

type FormValues = z.output<typeof postingFormSchema>;

/** The weekday rows as posted: each row carries its weekday (0 Saturday … 6 Friday). */
function weekdayRows(hours: FormValues['hours']): WeekdayRow[] {
  return present(hours)
    .map((entry) => ({ weekday: Number(entry.weekday), on: entry.on, from: entry.from, to: entry.to }))
    .filter((entry) => Number.isInteger(entry.weekday) && entry.weekday >= 0 && entry.weekday <= 6);
}

export function fieldsFromValues(values: FormValues): PostingFields {
  return {
    title: values.title,
    description: values.description,
    jobCategory: values.jobCategory,
    employmentType: values.employmentType,
    workType: values.workType,
    gender: values.gender,
    minAge: values.minAge,
    maxAge: values.maxAge,
    minSalaryRials: values.minSalaryToman,
    maxSalaryRials: values.maxSalaryToman,
    salaryVisible: values.salaryVisible,
    experienceYears: values.experienceYears,
    organizationalLevel: values.organizationalLevel,
    province: values.province,
    city: values.city,
    region: values.region,
    // A row left empty (the blank row the form offers) is not a requirement.
    languages: present(values.languages).filter((entry) => entry.id !== ''),
    skills: present(values.skills).filter((entry) => entry.name !== ''),
    educations: present(values.educations).filter((entry) => entry.degreeLevel !== '' || entry.fieldOfStudy !== ''),
    workingHours: hoursFromRows(weekdayRows(values.hours)),
    businessTravelHours: values.businessTravelHours,
    militaryServiceRequired: values.militaryServiceRequired,
    acceptsDisability: values.acceptsDisability,
    acceptsInternship: values.acceptsInternship,
    acceptsRelevantIndustry: values.acceptsRelevantIndustry,
    hiringTemplateId: values.hiringTemplateId,
    benefits: values.benefits,
    shiftPatterns: values.shiftPatterns,
    facilityType: values.facilityType,
    medicalSpecialty: values.medicalSpecialty,
  };
}

/** The contract's posting fields from the posting form. */
export function postingFieldsFromForm(form: FormData): PostingFields {
  const submission = parseWithZod(form, { schema: postingFormSchema });
  // Every field is optional and transformed, so only a forged form fails: it gets the empty shape.
  const values = submission.status === 'success' ? submission.value : postingFormSchema.parse({});
  return fieldsFromValues(values);
}

/** What the form starts from: a posting's fields (edit, clone) or nothing (add). */
export interface PostingFormDefaults {
  title: string;
  description: string;
  jobCategory: string;
  employmentType: string;
  workType: string;
  gender: string;
  minAge: string;
  maxAge: string;
  minSalaryToman: string;
  maxSalaryToman: string;
  salaryVisible: boolean;
  experienceYears: string;
  organizationalLevel: string;
  province: string;
  city: string;
  region: string;
  languages: Array<{ id: string; level: string }>;
  skills: Array<{ name: string; level: string }>;
  educations: Array<{ degreeLevel: string; fieldOfStudy: string }>;
  hours: WeekdayRow[];
  businessTravelHours: string;
  militaryServiceRequired: boolean;
  acceptsDisability: boolean;
  acceptsInternship: boolean;
  acceptsRelevantIndustry: boolean;
  hiringTemplateId: string;
  benefits: string[];
  shiftPatterns: string[];
  facilityType: string;
  medicalSpecialty: string;
}

const numberText = (value: number | undefined | null) => (value === undefined || value === null ? '' : String(value));

export function formDefaults(posting: Partial<Posting> | null): PostingFormDefaults {
  const f = posting ?? {};
  return {
    title: f.title ?? '',
    description: f.description ?? '',
    jobCategory: f.jobCategory ?? '',
    employmentType: f.employmentType ?? '',
    workType: f.workType ?? '',
    gender: f.gender ?? 'any',
    minAge: numberText(f.minAge),
    maxAge: numberText(f.maxAge),
    minSalaryToman: rialsToTomanText(f.minSalaryRials),
    maxSalaryToman: rialsToTomanText(f.maxSalaryRials),
    // A new posting shows its salary unless the employer says otherwise.
    salaryVisible: posting ? (f.salaryVisible ?? false) : true,
    experienceYears: numberText(f.experienceYears),
    organizationalLevel: f.organizationalLevel ?? '',
    province: f.province ?? '',
    city: f.city ?? '',
    region: f.region ?? '',
    languages: (f.languages ?? []).map((entry) => ({ id: entry.id ?? '', level: entry.level ?? '' })),
    skills: (f.skills ?? []).map((entry) => ({ name: entry.name ?? '', level: entry.level ?? '' })),
    educations: (f.educations ?? []).map((entry) => ({
      degreeLevel: entry.degreeLevel ?? '',
      fieldOfStudy: entry.fieldOfStudy ?? '',
    })),
    hours: rowsFromHours(f.workingHours),
    businessTravelHours: numberText(f.businessTravelHours),
    militaryServiceRequired: f.militaryServiceRequired ?? false,
    acceptsDisability: f.acceptsDisability ?? false,
    acceptsInternship: f.acceptsInternship ?? false,
    acceptsRelevantIndustry: f.acceptsRelevantIndustry ?? false,
    hiringTemplateId: f.hiringTemplateId ?? '',
    benefits: f.benefits ?? [],
    shiftPatterns: f.shiftPatterns ?? [],
    facilityType: f.facilityType ?? '',
    medicalSpecialty: f.medicalSpecialty ?? '',
  };
}

/** The part of `EXC_RECRUITMENTS_<FIELD>_<RULE>` each form field answers to. */
const FIELD_CODE_PARTS: Record<string, string[]> = {
  minSalaryToman: ['MIN_SALARY', 'SALARY_RANGE'],
  maxSalaryToman: ['MAX_SALARY', 'SALARY_RANGE'],
  minAge: ['MIN_AGE', 'AGE_RANGE'],
  maxAge: ['MAX_AGE', 'AGE_RANGE'],
  hiringTemplateId: ['HIRING_TEMPLATE'],
  hours: ['WORKING_HOURS'],
};

/** `jobCategory` → `JOB_CATEGORY`. */
export function fieldCodePart(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/**
 * The first of `codes` about the form field `field`: `EXC_RECRUITMENTS_<FIELD>_<RULE>` (a range
 * rule marks both ends), and the hiring template's `EXC_HIRING_TEMPLATE_NOT_FOUND`.
 */
export function codeForPostingField(codes: readonly string[] | undefined, field: string): string | undefined {
  const parts = FIELD_CODE_PARTS[field] ?? [fieldCodePart(field)];
  for (const part of parts) {
    const found = codes?.find(
      (code) => code.startsWith(`EXC_RECRUITMENTS_${part}_`) || code.startsWith(`EXC_${part}_`),
    );
    if (found) return found;
  }
  return undefined;
}
