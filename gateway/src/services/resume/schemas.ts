// The zod schemas of the resume routes: what they validate with and what the OpenAPI document
// is built from. The field rules live in the resume service, which reports every broken one at
// once as EXC_RESUMES_<FIELD>_<RULE>; here a value only has to have the right JSON type.
import { z } from 'zod';
import { closedList, type ClosedListName } from '@darmankar/platform/closed-lists';
import { EXC_CATALOGUE, type ExcCode } from '@darmankar/platform/errors/catalogue';

/** Far above every field's own limit: only keeps absurd bodies out. */
const CAP = 10_000;

const text = (description: string, example?: string) =>
  z
    .string()
    .max(CAP)
    .nullish()
    .meta({ description, ...(example ? { example } : {}) });
/** A number or the digits as typed (Persian, Arabic-Indic or Latin). */
const numeric = (description: string, example?: number) =>
  z
    .union([z.number(), z.string().max(32)])
    .nullish()
    .meta({ description, ...(example !== undefined ? { example } : {}) });
const date = (description: string) =>
  z
    .string()
    .max(32)
    .nullish()
    .meta({
      description: `${description} Gregorian YYYY-MM-DD, not in the future (Asia/Tehran).`,
      example: '2020-03-21',
    });
const flag = (description: string) => z.boolean().optional().meta({ description });
/** A closed-list field (docs/adr/023): the item's id; its titles are the suggestions of the list's category. */
const listed = (list: ClosedListName, description: string, example?: string) =>
  text(
    `${description} An id of the closed list ${list} (its items and titles: GET /suggestions/list?categories=${list}); an unknown id is refused with the field's EXC_RESUMES_..._IS_INVALID code.`,
    example,
  );
const listIds = (list: ClosedListName) => closedList(list).map((item) => item.id) as [string, ...string[]];

export const SECTION_NAMES = ['educations', 'jobs', 'skills', 'certificates', 'publications', 'languages'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** The fields of each form, as the service names them in its codes. */
const FIELDS: Record<'personal' | SectionName, string[]> = {
  personal: [
    'FIRST_NAME',
    'LAST_NAME',
    'EMAIL',
    'PHONE',
    'BIRTHDAY',
    'GENDER',
    'MARITAL_STATUS',
    'MILITARY_STATUS',
    'PROVINCE',
    'CITY',
    'URL',
    'JOB_TITLE',
    'ABOUT',
  ],
  educations: ['UNIVERSITY', 'FIELD_OF_STUDY', 'DEGREE_LEVEL', 'GPA', 'START_YEAR', 'END_YEAR'],
  jobs: [
    'JOB_TITLE',
    'COMPANY_NAME',
    'INDUSTRY',
    'EMPLOYMENT_TYPE',
    'PROVINCE',
    'CITY',
    'DESCRIPTION',
    'START_DATE',
    'END_DATE',
  ],
  skills: ['NAME', 'LEVEL'],
  languages: ['NAME', 'LEVEL'],
  certificates: ['TITLE', 'ISSUED_BY', 'LINK', 'DURATION_HOURS', 'COMPLETION_DATE'],
  publications: ['TITLE', 'PUBLISHER', 'AUTHORS', 'DATE', 'LINK', 'DESCRIPTION'],
};

/** Every EXC_RESUMES_<FIELD>_<RULE> code of a form's fields. */
export function fieldCodes(form: 'personal' | SectionName): ExcCode[] {
  const prefixes = FIELDS[form].map((field) => `EXC_RESUMES_${field}_`);
  // The headline is optional, unlike a job's title that shares its codes.
  const never = form === 'personal' ? ['EXC_RESUMES_JOB_TITLE_IS_REQUIRED'] : [];
  return (Object.keys(EXC_CATALOGUE) as ExcCode[]).filter(
    (code) =>
      !never.includes(code) &&
      prefixes.some((prefix) => code.startsWith(prefix) && code.slice(prefix.length).startsWith('IS_')),
  );
}

export const resumeIdParams = z.object({ id: z.string().min(1).max(64).meta({ description: 'The resume id.' }) });
export const itemParams = resumeIdParams.extend({
  itemId: z.string().min(1).max(64).meta({ description: 'The item id.' }),
});
export const slugParams = z.object({
  slug: z.string().min(1).max(200).meta({ description: "The resume's slug.", example: 'مریم-احمدی' }),
});

export const personalBody = z.object({
  firstName: text('Required, at most 50 characters.', 'مریم'),
  lastName: text('Required, at most 50 characters.', 'احمدی'),
  email: text('An email address.', 'maryam@example.com'),
  phone: text('7–15 digits, optionally starting with +; Persian, Arabic-Indic or Latin digits.', '09121234567'),
  birthday: date('Birthday.'),
  gender: z.enum(['male', 'female']).or(z.string().max(64)).nullish().meta({ description: 'male or female.' }),
  maritalStatus: listed('maritalStatuses', 'Marital status.', 'single'),
  militaryStatus: listed('militaryServiceStatuses', 'Military service status.', 'completed'),
  hasDisability: flag('Has a disability.'),
  isForeigner: flag('Is a foreign national.'),
  province: listed('provinces', 'Province.', 'tehran'),
  city: listed('cities', "City, one of the province's (given alone, it sets the province).", 'tehran'),
  url: text('A personal website, http or https.', 'https://example.com'),
  jobTitle: text('The headline under the name, at most 100 characters.', 'پرستار ICU'),
  about: text('About, at most 2000 characters.'),
});

const bodies = {
  educations: z.object({
    university: text('Required (suggestions category universities).', 'دانشگاه علوم پزشکی تهران'),
    fieldOfStudy: text('Required (suggestions category fieldsOfStudy).', 'پرستاری'),
    degreeLevel: listed('degreeLevels', 'Required.', 'bachelor'),
    gpa: numeric('0–20, at most two decimals.', 17.5),
    startYear: numeric('Jalali year, not after the current one nor more than 100 years before it.', 1395),
    endYear: numeric('Jalali year ≥ startYear; required unless currentlyEnrolled (then ignored).', 1399),
    currentlyEnrolled: flag('Still studying.'),
  }),
  jobs: z.object({
    jobTitle: text('Required.', 'پرستار'),
    companyName: text('Required.', 'بیمارستان امام خمینی'),
    industry: listed('industries', 'Industry.', 'healthcare'),
    employmentType: listed('employmentTypes', 'Employment type.', 'full-time'),
    province: listed('provinces', 'Province.', 'tehran'),
    city: listed('cities', "City, one of the province's (given alone, it sets the province).", 'tehran'),
    currentlyEmployed: flag('Still working there.'),
    description: text('At most 2000 characters.'),
    startDate: date('Required.'),
    endDate: date('≥ startDate; required unless currentlyEmployed (then ignored).'),
  }),
  skills: z.object({
    name: text('Required (suggestions category skills).', 'احیای قلبی ریوی'),
    level: z
      .string()
      .max(64)
      .nullish()
      .meta({ description: 'beginner, intermediate, advanced or expert.', example: 'advanced' }),
  }),
  languages: z.object({
    name: text('Required (suggestions category languages).', 'انگلیسی'),
    level: z
      .string()
      .max(64)
      .nullish()
      .meta({ description: 'beginner, intermediate, advanced or native.', example: 'intermediate' }),
  }),
  certificates: z.object({
    title: text('Required.', 'ACLS'),
    issuedBy: text('Required.', 'انجمن قلب ایران'),
    link: text('http or https.'),
    durationHours: numeric('Whole hours, 1–10000.', 16),
    completionDate: date('Completion date.'),
  }),
  publications: z.object({
    title: text('Required, at most 200 characters.'),
    publisher: text('Publisher.'),
    authors: z.array(z.string().max(CAP)).max(100).optional().meta({ description: 'At most 20 names.' }),
    date: date('Publication date.'),
    link: text('http or https.'),
    description: text('At most 2000 characters.'),
  }),
} satisfies Record<SectionName, z.ZodObject>;

export function itemBody(section: SectionName): z.ZodObject {
  return bodies[section];
}

const id = z.string().meta({ description: 'Item id.' });
const nullableText = z.string().nullable();

/** A closed-list answer: the item's id, shown by its title from the list. */
const listedAnswer = (list: ClosedListName) =>
  z
    .string()
    .nullable()
    .meta({ description: `An id of the closed list ${list}; shown by its Persian or English title from the list.` });

export const itemResponses = {
  educations: z.object({
    id,
    university: z.string(),
    fieldOfStudy: z.string(),
    degreeLevel: z.string().meta({
      description:
        'An id of the closed list degreeLevels; a level typed before the list was enforced that named none is kept as typed (docs/adr/023).',
    }),
    gpa: z.number().nullable(),
    startYear: z.number().int(),
    endYear: z.number().int().nullable(),
    currentlyEnrolled: z.boolean(),
  }),
  jobs: z.object({
    id,
    jobTitle: z.string(),
    companyName: z.string(),
    industry: listedAnswer('industries'),
    employmentType: listedAnswer('employmentTypes'),
    province: listedAnswer('provinces'),
    city: listedAnswer('cities'),
    currentlyEmployed: z.boolean(),
    description: nullableText,
    startDate: z.string(),
    endDate: nullableText,
  }),
  skills: z.object({ id, name: z.string(), level: z.enum(['beginner', 'intermediate', 'advanced', 'expert']) }),
  languages: z.object({ id, name: z.string(), level: z.enum(['beginner', 'intermediate', 'advanced', 'native']) }),
  certificates: z.object({
    id,
    title: z.string(),
    issuedBy: z.string(),
    link: nullableText,
    durationHours: z.number().int().nullable(),
    completionDate: nullableText,
  }),
  publications: z.object({
    id,
    title: z.string(),
    publisher: nullableText,
    authors: z.array(z.string()),
    date: nullableText,
    link: nullableText,
    description: nullableText,
  }),
} satisfies Record<SectionName, z.ZodObject>;

export function itemsResponse(section: SectionName) {
  return z.object({ items: z.array(itemResponses[section]) });
}

export const resumeResponse = z.object({
  id: z.string(),
  slug: z.string().meta({ description: 'Readable, unique and stable: given at creation, kept when the name changes.' }),
  firstName: z.string(),
  lastName: z.string(),
  email: nullableText,
  phone: nullableText,
  birthday: nullableText,
  // The service accepts only these values (EXC_RESUMES_*_IS_INVALID otherwise), so answers carry them.
  gender: z.enum(['male', 'female']).nullable(),
  maritalStatus: z.enum(listIds('maritalStatuses')).nullable(),
  militaryStatus: z.enum(listIds('militaryServiceStatuses')).nullable(),
  hasDisability: z.boolean(),
  isForeigner: z.boolean(),
  province: listedAnswer('provinces'),
  city: listedAnswer('cities'),
  url: nullableText,
  jobTitle: nullableText,
  about: nullableText,
  pic: nullableText.meta({ description: 'File id of the picture: /api/v1/files/{pic}?width=128|256|512.' }),
  fileId: nullableText.meta({
    description: 'File id of the custom resume (owner only); read it through resumes/{id}/custom/link.',
  }),
  customFileName: nullableText,
  educations: z.array(itemResponses.educations),
  jobs: z.array(itemResponses.jobs),
  skills: z.array(itemResponses.skills),
  certificates: z.array(itemResponses.certificates),
  publications: z.array(itemResponses.publications),
  languages: z.array(itemResponses.languages),
  completeness: z.object({
    score: z.number().int().min(0).max(100),
    sections: z.object({
      personal: z.boolean(),
      picture: z.boolean(),
      educations: z.boolean(),
      jobs: z.boolean(),
      skills: z.boolean(),
      certificates: z.boolean(),
      publications: z.boolean(),
      languages: z.boolean(),
      custom: z.boolean(),
    }),
  }),
  updatedAt: z.string().meta({ description: 'ISO timestamp of the last change.' }),
});

export const idAndSlugResponse = z.object({ id: z.string(), slug: z.string() });

export const fileBody = z.object({
  fileId: z
    .string()
    .min(1)
    .max(64)
    .meta({ description: "An upload of the caller (POST files/upload) of the route's category." }),
  fileName: z.string().max(CAP).nullish().meta({ description: 'Custom resume only: the name shown for the download.' }),
});
