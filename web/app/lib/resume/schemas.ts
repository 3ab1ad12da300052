// What the resume forms submit, read with conform and zod. The server judges every rule
// (spec §5: the client shows no validation of its own); these schemas only turn form fields
// into the contract's shapes: Latin digits, Jalali date parts into Gregorian dates, booleans,
// numbers, lists. Something that does not parse is passed on as typed, for the server to refuse
// with its own code.
import { parseWithZod } from '@conform-to/zod/v4';
import { isValidJalaaliDate, toGregorian } from 'jalaali-js';
import { z } from 'zod';
import { toLatinDigits } from '../format.ts';
import {
  GENDERS,
  LANGUAGE_LEVELS,
  MARITAL_STATUSES,
  MILITARY_STATUSES,
  SKILL_LEVELS,
  type PersonalInfo,
  type SectionName,
} from './types.ts';
import type { ItemBody } from './api.ts';

const text = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? '');
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : null));
const digits = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? toLatinDigits(value.trim()) : null));
const flag = z
  .boolean()
  .optional()
  .transform((value) => value === true);

function oneOf<const T extends readonly string[]>(values: T) {
  return z
    .string()
    .optional()
    .transform((value) => (value && (values as readonly string[]).includes(value) ? (value as T[number]) : null));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Jalali date from three selects (`name.y`, `name.m`, `name.d`) as a Gregorian YYYY-MM-DD. */
const jalaliDate = z
  .object({ y: z.string().optional(), m: z.string().optional(), d: z.string().optional() })
  .optional()
  .transform((parts): string | null => {
    const [y, m, d] = [parts?.y, parts?.m, parts?.d].map((part) => (part ? Number(toLatinDigits(part)) : NaN));
    if ([y, m, d].every((n) => Number.isNaN(n))) return null;
    if (![y, m, d].every((n) => Number.isInteger(n)) || !isValidJalaaliDate(y!, m!, d!)) return 'invalid';
    const g = toGregorian(y!, m!, d!);
    return `${g.gy}-${pad(g.gm)}-${pad(g.gd)}`;
  });

/** A number typed with any digits and `.`, `/` or `٫` as the decimal point. */
const decimal = z
  .string()
  .optional()
  .transform((value): number | null => {
    if (!value?.trim()) return null;
    const normal = toLatinDigits(value.trim()).replace(/[٫/]/g, '.');
    return /^\d+(\.\d+)?$/.test(normal) ? Number(normal) : (normal as unknown as number);
  });

const year = z
  .string()
  .optional()
  .transform((value): number | null => (value?.trim() ? Number(toLatinDigits(value.trim())) : null));

export const personalSchema = z.object({
  firstName: text,
  lastName: text,
  email: optionalText,
  phone: digits,
  birthday: jalaliDate,
  gender: oneOf(GENDERS),
  maritalStatus: oneOf(MARITAL_STATUSES),
  militaryStatus: oneOf(MILITARY_STATUSES),
  hasDisability: flag,
  isForeigner: flag,
  province: optionalText,
  city: optionalText,
  url: optionalText,
  jobTitle: optionalText,
  about: optionalText,
}) satisfies z.ZodType<PersonalInfo, unknown>;

const schemas = {
  educations: z.object({
    university: text,
    fieldOfStudy: text,
    degreeLevel: text,
    gpa: decimal,
    startYear: year,
    endYear: year,
    currentlyEnrolled: flag,
  }),
  jobs: z.object({
    jobTitle: text,
    companyName: text,
    industry: optionalText,
    employmentType: optionalText,
    province: optionalText,
    city: optionalText,
    currentlyEmployed: flag,
    description: optionalText,
    startDate: jalaliDate,
    endDate: jalaliDate,
  }),
  skills: z.object({ name: text, level: oneOf(SKILL_LEVELS) }),
  languages: z.object({ name: text, level: oneOf(LANGUAGE_LEVELS) }),
  certificates: z.object({
    title: text,
    issuedBy: text,
    link: optionalText,
    durationHours: decimal,
    completionDate: jalaliDate,
  }),
  publications: z.object({
    title: text,
    publisher: optionalText,
    authors: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(/[,،\n]/)
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    date: jalaliDate,
    link: optionalText,
    description: optionalText,
  }),
} as const;

export function parsePersonal(form: FormData): PersonalInfo {
  const submission = parseWithZod(form, { schema: personalSchema });
  // Every field is optional and transformed, so only a forged form fails: it gets the empty shape.
  if (submission.status !== 'success') return personalSchema.parse({});
  return submission.value as PersonalInfo;
}

export function parseItem<S extends SectionName>(section: S, form: FormData): ItemBody<S> {
  const schema = schemas[section] as unknown as z.ZodType<ItemBody<S>>;
  const submission = parseWithZod(form, { schema });
  if (submission.status !== 'success') return schema.parse({});
  return submission.value as ItemBody<S>;
}

/** Resume field codes name their field: EXC_RESUMES_END_DATE_IS_BEFORE_START_DATE → endDate. */
export function codesForField(codes: readonly string[] | undefined, field: string): string[] {
  const prefix = `EXC_RESUMES_${field.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_`;
  return (codes ?? []).filter((code) => code.startsWith(prefix));
}
