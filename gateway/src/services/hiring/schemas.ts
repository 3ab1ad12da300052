// The zod schemas of the hiring REST surface: applying, the applicant's applications, and the
// employer's pipeline of one posting (its flow, lists, one application, moves, rejections, file
// links, analytics). The hiring service decides every rule and access; here a value only has
// to have its shape, so nothing malformed reaches a query. A filter that cannot be read is
// EXC_HIRING_FILTER_IS_INVALID, a step id that is not one EXC_HIRING_STEP_IS_INVALID.
import { z } from 'zod';
import { closedList } from '@darmankar/platform/closed-lists';
import { toLatinDigits } from '@darmankar/platform/persian';
import { pageNumberQuery } from '../../http/validate.ts';
import { resumeResponse } from '../resume/schemas.ts';

export const STEP_KINDS = ['in_review', 'interview', 'offer', 'accepted', 'rejected'] as const;
export const APPLY_STATES = ['in_progress', 'accepted', 'rejected', 'cancelled'] as const;
export const APPLY_CHANGES = ['applied', 'read', 'unread', 'moved', 'rejected', 'cancelled'] as const;
export const APPLY_ORDERS = ['appliedAt', '-appliedAt'] as const;
export const REJECTION_REASONS = closedList('rejectionReasons').map((item) => item.id) as [string, ...string[]];

const MAX_APPLY_IDS = 100;

// --- Params and queries ---

const uuid = (description: string) => z.guid().meta({ description });

export const postingParams = z.object({ id: uuid('The posting (recruitment) id.') });
export const applyParams = postingParams.extend({ applyId: uuid('The application id.') });
export const resumeParams = z.object({ id: z.string().min(1).max(64).meta({ description: 'The resume id.' }) });
export const resumeApplyParams = resumeParams.extend({ applyId: uuid('The application id.') });

const paging = {
  page: pageNumberQuery('EXC_PAGINATION_PAGE_IS_INVALID').meta({ description: 'From 1.' }),
  pageSize: pageNumberQuery('EXC_PAGINATION_PAGE_SIZE_IS_INVALID').meta({
    description: 'How many per page: 1 to 50, 20 by default.',
  }),
};

export const applyQuery = z.object({
  resumeId: z
    .string({ error: 'EXC_RESUME_ID_IS_INVALID' })
    .min(1, { error: 'EXC_RESUME_ID_IS_INVALID' })
    .max(64, { error: 'EXC_RESUME_ID_IS_INVALID' })
    .meta({ description: 'One of your resumes: the application keeps it as it is now.' }),
});

const stepId = z
  .guid({ error: 'EXC_HIRING_STEP_IS_INVALID' })
  .meta({ description: "A step of the posting's hiring template." });

export const stepQuery = z.object({
  stepId: stepId.meta({
    description: 'The step the screen opened it from; another step than the one it stands on is refused.',
  }),
});

export const moveQuery = z.object({
  stepId: stepId.meta({ description: "The step to move onto: a step of the posting's template." }),
});

const filterInvalid = { error: 'EXC_HIRING_FILTER_IS_INVALID' } as const;

/** An ISO date (YYYY-MM-DD, any digits), a Tehran day; anything else is EXC_HIRING_FILTER_IS_INVALID. */
const isoDate = (description: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return '';
      const date = toLatinDigits(value).trim();
      const [year, month, day] = date.split('-').map(Number);
      const valid =
        /^\d{4}-\d{2}-\d{2}$/.test(date) &&
        new Date(Date.UTC(year!, month! - 1, day!)).toISOString().slice(0, 10) === date;
      if (!valid) {
        ctx.addIssue({ code: 'custom', message: 'EXC_HIRING_FILTER_IS_INVALID' });
        return z.NEVER;
      }
      return date;
    })
    .meta({ description, example: '2026-03-21' });

const filterFields = {
  stepId: stepId.optional().meta({ description: 'The step whose applications are listed.' }),
  read: z
    .enum(['true', 'false'], filterInvalid)
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'))
    .meta({ description: '`true` for opened applications only, `false` for unread ones; absent for both.' }),
  text: z
    .string()
    .max(200, filterInvalid)
    .optional()
    .transform((value) => value?.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() ?? '')
    .meta({ description: "Words of the applicant's name or latest job title." }),
  appliedFrom: isoDate('Applied on or after this Tehran day.'),
  appliedTo: isoDate('Applied on or before this Tehran day.'),
  order: z
    .enum(APPLY_ORDERS, { error: 'EXC_PAGINATION_ORDER_IS_INVALID' })
    .optional()
    .meta({ description: '`-appliedAt` (newest first, the default) or `appliedAt`.' }),
};

export const listQuery = z.object({ ...filterFields, ...paging });
export const neighboursQuery = z.object(filterFields);
export type FilterQuery = z.output<typeof neighboursQuery>;

export const myAppliesQuery = z.object({
  state: z
    .enum(APPLY_STATES, filterInvalid)
    .optional()
    .meta({ description: 'Only applications in this state; absent for every state.' }),
  ...paging,
});

export const analyticsQuery = z.object({
  days: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return 30;
      const digits = toLatinDigits(value).trim();
      if (!/^\d{1,3}$/.test(digits) || Number(digits) < 1 || Number(digits) > 365) {
        ctx.addIssue({ code: 'custom', message: 'EXC_HIRING_FILTER_IS_INVALID' });
        return z.NEVER;
      }
      return Number(digits);
    })
    .meta({ description: 'The last this many Tehran days, 1 to 365 (30 by default).' }),
});

// --- Bodies ---

const version = z
  .number()
  .int()
  .min(0)
  .optional()
  .meta({ description: 'The version the screen shows; an application changed since is refused.' });

export const readBody = z.object({
  read: z.boolean().default(true).meta({ description: 'true (the default) marks it read, false unread.' }),
});

export const moveBody = z.object({ version });

const applyIds = z
  .array(z.guid({ error: 'EXC_HIRING_APPLY_IDS_ARE_INVALID' }), { error: 'EXC_HIRING_APPLY_IDS_ARE_INVALID' })
  .min(1, { error: 'EXC_HIRING_APPLY_IDS_ARE_INVALID' })
  .max(MAX_APPLY_IDS, { error: 'EXC_HIRING_APPLY_IDS_ARE_INVALID' })
  .meta({ description: 'One to 100 applications of this posting.' });

// The hiring service judges the reason and the description (required, of the list, length) and
// reports each broken rule with its own code; here they only have to be text.
const reason = z
  .string()
  .max(200)
  .default('')
  .meta({ description: 'An id of the `rejectionReasons` list (GET /suggestions/list).', example: 'experience' });
const description = z
  .string()
  .max(100_000)
  .default('')
  .meta({ description: 'Why, in the employer’s words: up to 1,000 characters.' });

export const rejectBody = z.object({ reason, description, version });
export const bulkMoveBody = z.object({ applyIds });
export const bulkRejectBody = z.object({ applyIds, reason, description });

// --- Answers ---

const time = z.string().meta({ description: 'ISO 8601.' });

export const stepSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(STEP_KINDS),
  })
  .meta({ description: "A step of the posting's hiring template." });

export const timelineEntrySchema = z
  .object({
    change: z.enum(APPLY_CHANGES),
    step: stepSchema.meta({ description: 'The step it stood on after the change.' }),
    at: time,
  })
  .meta({ description: 'One change of an application.' });

const rejectionReason = z
  .enum(REJECTION_REASONS)
  .nullable()
  .meta({ description: 'An id of the `rejectionReasons` list; null unless rejected.' });

export const myApplySchema = z
  .object({
    id: z.string(),
    recruitmentId: z.string(),
    resumeId: z.string(),
    state: z.enum(APPLY_STATES),
    step: stepSchema,
    read: z.boolean().meta({ description: 'Whether the employer has opened it.' }),
    appliedAt: time,
    updatedAt: time,
    cancellable: z.boolean().meta({ description: 'Whether cancelling would be accepted now.' }),
    rejectionReason,
    recruitment: z
      .object({
        title: z.string(),
        slug: z.string(),
        jobCategory: z.string(),
        employer: z.object({
          id: z.string(),
          brand: z.string(),
          slug: z.string(),
          logoFileId: z.string().nullable(),
        }),
      })
      .meta({ description: 'The posting as it was when applied, so a removed posting still reads.' }),
    timeline: z.array(timelineEntrySchema).meta({ description: 'Earliest first.' }),
  })
  .meta({ description: 'An application as its applicant sees it.' });

export const applyCardSchema = z
  .object({
    id: z.string(),
    recruitmentId: z.string(),
    resumeId: z.string(),
    step: stepSchema,
    read: z.boolean(),
    version: z.number().int().meta({ description: 'Increases with every change.' }),
    appliedAt: time,
    updatedAt: time,
    rejectionReason,
    rejectionDescription: z.string().nullable(),
    applicant: z
      .object({
        firstName: z.string(),
        lastName: z.string(),
        pictureFileId: z.string().nullable(),
        latestJobTitle: z.string(),
        province: z.string(),
        city: z.string(),
        duplicateHint: z.boolean().meta({
          description: "Another application to the same posting shares this one's cellphone or national code.",
        }),
      })
      .meta({ description: 'The applicant as the resume read when applied.' }),
  })
  .meta({ description: 'An application as the employer’s lists show it.' });

const pageInfo = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

export const myApplyResponse = z.object({ apply: myApplySchema });
export const myApplyOrNullResponse = z.object({
  apply: myApplySchema.nullable().meta({ description: 'null when you have not applied.' }),
});
export const myAppliesResponse = z.object({ items: z.array(myApplySchema), page: pageInfo });
export const mySummaryResponse = z.object({
  total: z.number().int(),
  inProgress: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  cancelled: z.number().int(),
  read: z.number().int().meta({ description: 'Opened by the employer, cancelled ones left out.' }),
});

export const flowResponse = z.object({
  recruitmentId: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  steps: z.array(z.object({ step: stepSchema, total: z.number().int(), unread: z.number().int() })),
  elsewhere: z.number().int().meta({ description: 'Applications on steps no longer in the template.' }),
});

export const applyCardResponse = z.object({ apply: applyCardSchema });
export const applyCardsResponse = z.object({ items: z.array(applyCardSchema) });
export const applyCardPageResponse = z.object({ items: z.array(applyCardSchema), page: pageInfo });

export const applyDetailResponse = z.object({
  apply: applyCardSchema,
  resume: resumeResponse.meta({ description: 'The resume as it was when applied, as GET /resumes answers it.' }),
  timeline: z.array(timelineEntrySchema),
  viewers: z
    .array(z.object({ userId: z.string(), viewedAt: time }))
    .meta({ description: 'Who has opened it, earliest first.' }),
});

export const neighboursResponse = z.object({
  previousId: z.string().nullable(),
  nextId: z.string().nullable(),
  position: z.number().int().meta({ description: '1-based place in the list.' }),
  total: z.number().int(),
});

export const fileLinkResponse = z.object({
  path: z.string().meta({ description: 'A short-lived signed link to the file (a path on this API).' }),
  expiresAt: time,
  fileName: z.string(),
});

const analyticsSchema = z.object({
  total: z.number().int(),
  applicationsPerDay: z.array(z.object({ date: z.string().meta({ description: 'A Tehran day.' }), count: z.number() })),
  steps: z.array(
    z.object({
      step: stepSchema,
      left: z.number().int().meta({ description: 'Applications that have left the step.' }),
      averageHours: z.number(),
      medianHours: z.number(),
      current: z.number().int().meta({ description: 'Applications standing on it now.' }),
    }),
  ),
});

export const analyticsResponse = z.object({
  recruitment: analyticsSchema.meta({ description: 'This posting.' }),
  template: analyticsSchema.meta({ description: 'Every posting of the employer on the same template.' }),
  templateName: z.string(),
});
