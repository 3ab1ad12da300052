// The zod schemas of the recruitments REST surface: postings, the search listing, bookmarks,
// saved filters and a resume's postings. The field rules (§5) live in the recruitment service,
// which reports every broken one at once with its own code; here a value only has to have its
// type, ids of the path their shape. Money is integer rials (`…Rials`), as billing answers it;
// times are ISO 8601, null until they happen; closed-list fields hold ids (their titles:
// GET /suggestions/list).
import { z } from 'zod';
import { toLatinDigits } from '@darmankar/platform/persian';
import { pageMetaSchema } from '../../http/page-meta.ts';
import { CONTROL_CHARACTER, pageNumberQuery } from '../../http/validate.ts';

export const POSTING_STATUSES = ['draft', 'published', 'archived', 'closed'] as const;
export const SHIFT_PATTERNS = ['morning', 'evening', 'night', 'on-call', 'rotating'] as const;
export const SEARCH_ORDERS = ['newest', 'salary', 'relevance'] as const;
export const RESUME_POSTING_KINDS = ['recommended', 'bookmarked'] as const;

// Any 8-4-4-4-12 hex id (postings and employers are UUIDs); anything else is EXC_BAD_REQUEST
// before a call is made.
const uuid = (description: string) => z.guid().meta({ description });
const slug = z.string().min(1).max(200).meta({
  description: "The posting's slug (readable Persian, stable once published).",
  example: 'پرستار-بخش-icu-a1b2',
});

export const postingIdParams = z.object({ id: uuid('The posting id.') });
export const slugParams = z.object({ slug });
export const employerIdParams = z.object({ id: uuid('The employer id.') });
export const resumeIdParams = z.object({ id: z.string().min(1).max(64).meta({ description: 'The resume id.' }) });
export const filterIdParams = z.object({ id: uuid('The saved filter id.') });

const paging = {
  page: pageNumberQuery('EXC_PAGINATION_PAGE_IS_INVALID').meta({ description: 'From 1.' }),
  pageSize: pageNumberQuery('EXC_PAGINATION_PAGE_SIZE_IS_INVALID').meta({
    description: 'How many per page: 1 to 50, 20 by default.',
  }),
};
export const pageQuery = z.object(paging);

// --- What an employer writes ---

// Generous bounds: the service's own codes name the real limits (title length, description
// length); these only keep a request from carrying megabytes into a call.
const text = (description: string, example?: string) =>
  z
    .string()
    .max(100_000)
    .default('')
    .meta({ description, ...(example ? { example } : {}) });
const closedId = (list: string, example?: string) => text(`An id of the ${list} list; empty when not stated.`, example);
const int32 = z.number().int().min(-2_147_483_648).max(2_147_483_647);
const optionalInt = (description: string) => int32.nullable().default(null).meta({ description });
const optionalRials = (description: string) =>
  z
    .number()
    .int()
    .nullable()
    .default(null)
    .meta({ description: `${description} In rials (toman × 10); null when not stated.` });
const list = <T extends z.ZodType>(item: T, description: string) =>
  z.array(item).max(200).default([]).meta({ description });

export const postingLanguageSchema = z.object({
  id: z.string().max(200).meta({ description: 'An item of the `languages` suggestions.', example: 'english' }),
  level: z.string().max(32).meta({ description: '`beginner`, `intermediate`, `advanced` or `native`.' }),
});
export const postingSkillSchema = z.object({
  name: z
    .string()
    .max(1000)
    .meta({ description: 'As typed (a `skills` suggestion or the employer’s own words).', example: 'تزریقات' }),
  level: z.string().max(32).meta({ description: '`beginner`, `intermediate`, `advanced` or `expert`.' }),
});
export const postingEducationSchema = z.object({
  degreeLevel: z.string().max(200).meta({ description: 'An id of the `degreeLevels` list.', example: 'bachelor' }),
  fieldOfStudy: z
    .string()
    .max(200)
    .default('')
    .meta({ description: 'A `fieldsOfStudy` suggestion; empty for any field.', example: 'nursing' }),
});
export const workingHoursSchema = z.object({
  weekday: int32.meta({ description: '0 Saturday … 6 Friday (the Iranian week).' }),
  from: z.string().max(16).meta({ description: '"HH:MM", 24-hour.', example: '07:30' }),
  to: z.string().max(16).meta({ description: '"HH:MM", after `from`.', example: '14:00' }),
});

/** Every field of a posting as written: the body of create and update, and what they answer. */
const postingFieldsShape = {
  title: text('Required; stored and shown as typed.', 'پرستار بخش ICU'),
  description: text('The ad’s text, as typed.'),
  jobCategory: closedId('`jobCategories` suggestions', 'nursing'),
  employmentType: closedId('`employmentTypes`', 'full-time'),
  workType: closedId('`workTypes`', 'on-site'),
  gender: z.string().max(32).default('any').meta({ description: '`any` (default), `male` or `female`.' }),
  minAge: optionalInt('15 to 80; below maxAge.'),
  maxAge: optionalInt('15 to 80; above minAge.'),
  minSalaryRials: optionalRials('Below maxSalaryRials.'),
  maxSalaryRials: optionalRials('Above minSalaryRials.'),
  salaryVisible: z.boolean().default(true).meta({
    description:
      'false: the salary is shown as “agreed”, and leaves the service to nobody but the employer’s members (absent from every public answer, never sorted on).',
  }),
  experienceYears: optionalInt('0: no work history needed; 1 to 29 years; null: not stated.'),
  organizationalLevel: closedId('`organizationalLevels`'),
  province: closedId('`provinces`', 'tehran'),
  city: closedId('`cities` (one of the province’s)', 'tehran'),
  region: text('Neighbourhood or district, as typed.'),
  languages: list(postingLanguageSchema, 'Languages asked for, each with a level.'),
  skills: list(postingSkillSchema, 'Skills asked for, each with a level.'),
  educations: list(postingEducationSchema, 'Degrees asked for.'),
  workingHours: list(workingHoursSchema, 'Hours per weekday; spans of one weekday do not overlap.'),
  businessTravelHours: optionalInt('Business travel, in hours a month; null when none.'),
  militaryServiceRequired: z.boolean().default(false),
  acceptsDisability: z.boolean().default(false),
  acceptsInternship: z.boolean().default(false),
  acceptsRelevantIndustry: z.boolean().default(false),
  hiringTemplateId: text(
    'One of the employer’s hiring templates; empty for the default flow (another: EXC_HIRING_TEMPLATE_NOT_FOUND).',
  ),
  benefits: list(z.string().max(200), 'Items of the `benefits` suggestions.'),
  shiftPatterns: list(z.string().max(32), `Each one of ${SHIFT_PATTERNS.map((p) => `\`${p}\``).join(', ')}.`),
  facilityType: closedId('`facilityTypes`', 'hospital'),
  medicalSpecialty: closedId('`medicalSpecialties`'),
};

const publish = z.boolean().default(false).meta({
  description:
    'true: publish now, taking one `recruitment` resource of the plan (EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT when none is left). A published posting stays published; editing it takes nothing.',
});

export const createPostingBody = z
  .object({ employerId: uuid('The employer the posting is for.'), publish, ...postingFieldsShape })
  .meta({ description: 'A new posting: a draft, or published at once.' });
export const updatePostingBody = z
  .object({ publish, ...postingFieldsShape })
  .meta({ description: 'Every editable field (a field left out is cleared to its default).' });

// --- What a reader receives ---

const time = z.string().meta({ description: 'ISO 8601.' });
const timeOrNull = (description: string) =>
  z
    .string()
    .nullable()
    .meta({ description: `ISO 8601; ${description}` });
const rialsOrNull = (description: string) =>
  z
    .number()
    .int()
    .nullable()
    .meta({ description: `${description} In rials; null when not stated or hidden (shown as “agreed”).` });

export const postingEmployerSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    brand: z.string(),
    logo: z.string().nullable().meta({ description: 'The logo’s public path; null when there is none.' }),
  })
  .meta({ description: 'The employer as the posting shows it.' });

export const postingSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    status: z.enum(POSTING_STATUSES).meta({
      description:
        '`draft`; `published` (open: searchable, readable by anyone); `archived` (closed by its employer); `closed` (its open days ran out).',
    }),
    employer: postingEmployerSchema,
    title: z.string(),
    description: z.string(),
    jobCategory: z.string(),
    employmentType: z.string(),
    workType: z.string(),
    gender: z.string(),
    minAge: z.number().int().nullable(),
    maxAge: z.number().int().nullable(),
    minSalaryRials: rialsOrNull('The lowest salary.'),
    maxSalaryRials: rialsOrNull('The highest salary.'),
    salaryVisible: z.boolean(),
    experienceYears: z.number().int().nullable().meta({ description: '0: no work history needed; null: not stated.' }),
    organizationalLevel: z.string(),
    province: z.string(),
    city: z.string(),
    region: z.string(),
    languages: z.array(postingLanguageSchema),
    skills: z.array(postingSkillSchema),
    educations: z.array(postingEducationSchema),
    workingHours: z.array(workingHoursSchema),
    businessTravelHours: z.number().int().nullable(),
    militaryServiceRequired: z.boolean(),
    acceptsDisability: z.boolean(),
    acceptsInternship: z.boolean(),
    acceptsRelevantIndustry: z.boolean(),
    hiringTemplateId: z.string(),
    benefits: z.array(z.string()),
    shiftPatterns: z.array(z.string()),
    facilityType: z.string(),
    medicalSpecialty: z.string(),
    featured: z.boolean(),
    featuredUntil: timeOrNull('null when not featured.'),
    publishedAt: timeOrNull('null while a draft.'),
    closesAt: timeOrNull('null while a draft.'),
    createdAt: time,
    updatedAt: time,
    bookmarked: z.boolean().meta({ description: 'Whether the caller bookmarked it (false without a session).' }),
  })
  .meta({ description: 'A posting (called a recruitment), every field as written.' });

export const postingCardSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    employer: postingEmployerSchema,
    jobCategory: z.string(),
    employmentType: z.string(),
    workType: z.string(),
    province: z.string(),
    city: z.string(),
    minSalaryRials: rialsOrNull('The lowest salary.'),
    maxSalaryRials: rialsOrNull('The highest salary.'),
    shiftPatterns: z.array(z.string()),
    facilityType: z.string(),
    medicalSpecialty: z.string(),
    experienceYears: z.number().int().nullable(),
    featured: z.boolean(),
    publishedAt: timeOrNull('null while a draft.'),
    status: z.enum(POSTING_STATUSES),
    bookmarked: z.boolean(),
    applications: z.number().int().nullable().meta({
      description: "Applications not cancelled, for the employer's members; null for anyone else.",
    }),
    unreadApplications: z.number().int().nullable().meta({
      description: "Applications not opened yet, for the employer's members; null for anyone else.",
    }),
  })
  .meta({ description: 'A posting as a list shows it.' });

export const pageInfoSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().meta({
    description:
      'Matches, exact up to 1,000; a job search answers 1,001 when there are more than 1,000 (later pages still answer while they are full).',
  }),
});
export const cardsResponse = z.object({ items: z.array(postingCardSchema), page: pageInfoSchema });

export const quotaSchema = z
  .object({
    limit: z.number().int().meta({ description: 'Postings a visitor without a session may open a day.' }),
    remaining: z.number().int().meta({ description: 'How many of them are left today.' }),
  })
  .meta({ description: 'The public view quota of this visitor (visitor cookie and client address).' });
export const limitedSearchResponse = cardsResponse.extend({ quota: quotaSchema });

const quotaRemaining = z.number().int().nullable().meta({
  description:
    'Postings this visitor may still open today; null for a logged-in caller or a search-engine crawler (no quota).',
});
export const bySlugResponse = z.object({ posting: postingSchema, quotaRemaining });
export const bySlugWithSeoResponse = z.object({ posting: postingSchema, seo: pageMetaSchema, quotaRemaining });
export const idResponse = z.object({ id: z.string() });

export const employerSummaryResponse = z
  .object({
    draft: z.number().int(),
    published: z.number().int(),
    archived: z.number().int(),
    closed: z.number().int(),
    featured: z.number().int(),
    total: z.number().int(),
  })
  .meta({
    description: 'The employer’s postings counted by status: all of them for its members, open ones for anyone.',
  });

export const categoryCountsBody = z.object({
  categories: z.array(z.string().max(200)).max(100).optional().meta({
    description:
      'Only these `jobCategories` ids; absent or empty for all (another: EXC_RECRUITMENTS_SEARCH_JOB_CATEGORY_IS_INVALID).',
  }),
  limit: z
    .number({ error: 'EXC_RECRUITMENTS_SEARCH_CATEGORY_LIMIT_IS_INVALID' })
    .int('EXC_RECRUITMENTS_SEARCH_CATEGORY_LIMIT_IS_INVALID')
    .min(1, 'EXC_RECRUITMENTS_SEARCH_CATEGORY_LIMIT_IS_INVALID')
    .max(50, 'EXC_RECRUITMENTS_SEARCH_CATEGORY_LIMIT_IS_INVALID')
    .optional()
    .meta({
      description:
        'At most this many, most first: 12 by default, 1 to 50 (another: EXC_RECRUITMENTS_SEARCH_CATEGORY_LIMIT_IS_INVALID).',
    }),
});
export const categoryCountsResponse = z.object({
  items: z.array(z.object({ category: z.string(), count: z.number().int() })).meta({
    description: 'Open postings per job category, most first.',
  }),
});

// --- The listing's query ---

/**
 * A list parameter: repeated keys (`city=a&city=b`) or comma-joined (`city=a,b`), or both; empty
 * items are dropped. At most 50 values: a list longer than any form makes is no search.
 */
const listParam = (description: string) =>
  z
    .union([z.string().max(4000), z.array(z.string().max(4000)).max(50)])
    .optional()
    .transform((value, ctx) => {
      const items = [value ?? []]
        .flat()
        .flatMap((part) => part.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== '');
      if (items.length > 50 || items.some((item) => CONTROL_CHARACTER.test(item))) {
        ctx.addIssue({ code: 'custom', message: 'EXC_BAD_REQUEST' });
        return z.NEVER;
      }
      return items;
    })
    .meta({ description: `${description} Repeated keys or comma-joined.` });

/** A whole number in Persian, Arabic-Indic or Latin digits, else `code`; absent is undefined. */
const wholeNumberParam = (
  description: string,
  maxDigits: number,
  code: 'EXC_RECRUITMENTS_SEARCH_SALARY_IS_INVALID' | 'EXC_RECRUITMENTS_SEARCH_EXPERIENCE_IS_INVALID',
) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const digits = toLatinDigits(value).trim();
      if (!new RegExp(`^\\d{1,${maxDigits}}$`).test(digits)) {
        ctx.addIssue({ code: 'custom', message: code });
        return z.NEVER;
      }
      return Number(digits);
    })
    .meta({ description });

export const searchQuery = z.object({
  q: z
    .string()
    .max(20_000)
    .optional()
    // Words are matched, never stored: a pasted tab or newline is a space, and a NUL (which no
    // database text holds) never reaches a query.
    .transform((value) => value?.replace(/[\u0000-\u001f\u007f]+/g, ' '))
    .meta({
      description:
        'Words as typed, at most 200 characters (EXC_RECRUITMENTS_SEARCH_TEXT_IS_TOO_LONG). Arabic ي/ك, Persian and Arabic-Indic digits and ZWNJ are folded; a one-letter typo still matches.',
      example: 'پرستار ICU',
    }),
  category: listParam('`jobCategories` ids.'),
  province: listParam('`provinces` ids.'),
  city: listParam('`cities` ids.'),
  employmentType: listParam('`employmentTypes` ids.'),
  workType: listParam('`workTypes` ids.'),
  salaryFrom: wholeNumberParam(
    'Rials: postings with a visible salary reaching at least this.',
    15,
    'EXC_RECRUITMENTS_SEARCH_SALARY_IS_INVALID',
  ),
  salaryTo: wholeNumberParam(
    'Rials: postings with a visible salary starting at most at this.',
    15,
    'EXC_RECRUITMENTS_SEARCH_SALARY_IS_INVALID',
  ),
  experience: wholeNumberParam(
    'Postings asking at most this many years (0: those needing no work history), 0 to 29.',
    2,
    'EXC_RECRUITMENTS_SEARCH_EXPERIENCE_IS_INVALID',
  ),
  shift: listParam(`Shift patterns: ${SHIFT_PATTERNS.map((p) => `\`${p}\``).join(', ')}.`),
  facilityType: listParam('`facilityTypes` ids.'),
  specialty: listParam('`medicalSpecialties` ids.'),
  featured: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1')
    .meta({ description: '`true`: only featured postings.' }),
  order: z.string().max(32).optional().meta({
    description:
      '`newest` (default), `salary` (highest visible salary first, hidden ones last) or `relevance` (needs q); another: EXC_PAGINATION_ORDER_IS_INVALID.',
  }),
  ...paging,
});
export type SearchQuery = z.output<typeof searchQuery>;

export const employerPostingsQuery = z.object({
  status: z
    .enum(POSTING_STATUSES, { error: 'EXC_BAD_REQUEST' })
    .optional()
    .meta({ description: 'Only this status (members only); absent for every status.' }),
  q: z
    .string()
    .max(400)
    .refine((value) => !CONTROL_CHARACTER.test(value), 'EXC_BAD_REQUEST')
    .optional()
    .meta({ description: 'Words of the title.' }),
  ...paging,
});

export const resumePostingsQuery = z.object({
  kind: z
    .enum(RESUME_POSTING_KINDS, { error: 'EXC_RECRUITMENTS_RESUME_POSTING_KIND_IS_INVALID' })
    .default('recommended')
    .meta({
      description:
        '`recommended` (default): postings matching the resume’s job titles, skills, city and specialty; `bookmarked`: the ones you bookmarked.',
    }),
  ...paging,
});

export const resumeSummaryResponse = z.object({
  recommended: z.number().int(),
  bookmarked: z.number().int(),
});
export const resumeCompletionResponse = z.object({
  percent: z.number().int().meta({ description: '0 to 100: how complete the resume is for matching.' }),
  missing: z.array(z.string()).meta({
    description: 'What matching still misses: `job_titles`, `skills`, `city`, `specialty`, `educations`, `languages`.',
  }),
});

// --- Bookmarks and saved filters ---

export const bookmarkBody = z.object({ slug });

export const saveFilterBody = z
  .object({
    name: z.string().max(10_000).meta({ description: 'What the person calls it.', example: 'پرستاری تهران' }),
    params: z.string().max(4000).meta({
      description:
        'The listing’s query string, as GET /recruitments takes it (with or without a leading “?”): q, category, province, city, employmentType, workType, salaryFrom, salaryTo, experience, shift, facilityType, specialty, featured, order. Unknown parameters and page numbers are dropped; what is kept is stored normalised.',
      example: 'q=پرستار&province=tehran&shift=night',
    }),
  })
  .meta({ description: 'A named copy of the listing’s filters; a new matching posting is announced once.' });
export const savedFilterSchema = z.object({
  id: z.string(),
  name: z.string(),
  params: z.string().meta({ description: 'The stored query string (without “?”), normalised.' }),
  createdAt: time,
});
export const filtersResponse = z.object({ items: z.array(savedFilterSchema) });
