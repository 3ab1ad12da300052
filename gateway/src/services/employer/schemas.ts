// The zod schemas of the employer service's REST surface. The field rules (§5) live in the
// service, which reports every broken one at once; here a value only has to have its type.
import { EMPLOYER_ACTIONS } from '@darmankar/platform/employer-actions';
import { z } from 'zod';
import { pageMetaSchema } from '../../http/page-meta.ts';
import { CONTROL_CHARACTER, pageNumberQuery } from '../../http/validate.ts';

/** The employer contract's actions by word (its EmployerAction enum). */
export const ACTION_NAMES = EMPLOYER_ACTIONS;
const action = z.enum(ACTION_NAMES).meta({ description: 'What an agent may do; the owner may do everything.' });
const STEP_KINDS = ['in_review', 'interview', 'offer', 'accepted', 'rejected'] as const;
const NUMBER_OF_EMPLOYEES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;

const id = (description: string) => z.string().min(1).max(64).meta({ description });

export const slugParams = z.object({
  slug: z
    .string()
    .min(1)
    .max(200)
    .meta({ description: "The employer's slug (readable, stable).", example: 'درمانگاه-نمونه' }),
});
export const employerIdParams = z.object({ id: id('The employer id.') });
export const hasAccessParams = z.object({
  id: id('The employer id.'),
  action: z
    .string()
    .min(1)
    .max(64)
    .meta({ description: `One of ${ACTION_NAMES.join(', ')}; another: EXC_EMPLOYERS_ACTION_IS_INVALID.` }),
});
export const fileParams = z.object({
  id: id('The employer id.'),
  fileId: id("One of the employer's files: the logo, the official gazette, the national card or a medical document."),
});
export const agentParams = z.object({ id: id('The employer id.'), agentId: id('The agent id.') });
export const templateParams = z.object({ id: id('The employer id.'), templateId: id('The template id.') });
export const stepParams = z.object({
  id: id('The employer id.'),
  templateId: id('The template id.'),
  stepId: id('The step id.'),
});

const optionalText = (description: string) => z.string().max(100_000).nullable().optional().meta({ description });

export const createBody = z.object({
  brand: z.string().max(100_000).meta({ description: 'At most 100 characters.', example: 'درمانگاه نمونه' }),
  isSelfEmployed: z
    .boolean()
    .default(false)
    .meta({ description: 'A self-employed clinician rather than an organisation.' }),
});

export const profileBody = z.object({
  brand: z.string().max(100_000).meta({ description: 'Required, at most 100 characters.' }),
  registeredName: optionalText('The registered (legal) name, at most 200 characters.'),
  logo: optionalText('A file id uploaded with category LOGO.'),
  employerType: optionalText(
    'An id of the closed list employerTypes (its items: GET /suggestions/list?categories=employerTypes); another: EXC_EMPLOYERS_EMPLOYER_TYPE_IS_INVALID.',
  ),
  nationalId: optionalText(
    'Organisation: the 11-digit شناسه ملی; self-employed: the 10-digit national code. Checksums verified; Persian digits accepted.',
  ),
  registrationNumber: optionalText('Digits, at most 20.'),
  medicalRegistrationNumber: optionalText('The medical council number: digits, at most 10.'),
  industry: optionalText('An id of the closed list industries; another: EXC_EMPLOYERS_INDUSTRY_IS_INVALID.'),
  ownershipType: optionalText(
    'An id of the closed list ownershipTypes; another: EXC_EMPLOYERS_OWNERSHIP_TYPE_IS_INVALID.',
  ),
  province: optionalText('An id of the closed list provinces; another: EXC_EMPLOYERS_PROVINCE_IS_INVALID.'),
  city: optionalText(
    "An id of the closed list cities, one of the province's (given alone, it sets the province); another: EXC_EMPLOYERS_CITY_IS_INVALID.",
  ),
  address: optionalText('At most 500 characters.'),
  phone: optionalText('Digits, 5 to 15.'),
  cellphone: optionalText('Stored as 09XXXXXXXXX.'),
  website: optionalText('An http or https address.'),
  numberOfEmployees: optionalText(`One of ${NUMBER_OF_EMPLOYEES.join(', ')}.`),
  establishmentDate: optionalText('YYYY-MM-DD (Gregorian), not in the future (Tehran).'),
  about: optionalText('At most 5000 characters.'),
  officialGazetteFileId: optionalText('A file id uploaded with category OFFICIAL_GAZETTE.'),
  nationalCardFileId: optionalText('A file id uploaded with category NATIONAL_CARD.'),
  medicalDocumentFileIds: z
    .array(z.string().max(64))
    .max(100)
    .default([])
    .meta({ description: 'File ids uploaded with category MEDICAL_DOCUMENTS (at most 10).' }),
  benefits: z
    .array(z.string().max(1000))
    .max(100)
    .default([])
    .meta({ description: 'At most 30, each at most 100 characters.' }),
  contactFirstName: optionalText('At most 50 characters.'),
  contactLastName: optionalText('At most 50 characters.'),
  contactEmail: optionalText('The contact email.'),
});

const nullable = z.string().nullable();
/** A closed-list field (docs/adr/023): the item's id; titles come from the list (the suggestions of that category). */
const closedListId = (list: string) =>
  z
    .string()
    .nullable()
    .meta({
      description: `An id of the closed list ${list}; its Persian and English titles are the suggestions of category ${list}.`,
    });

export const publicEmployerSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    isSelfEmployed: z.boolean(),
    brand: z.string(),
    registeredName: nullable,
    logo: nullable.meta({ description: 'A file id; shown via /api/v1/files/{logo}?width=64|128|256.' }),
    employerType: closedListId('employerTypes'),
    industry: closedListId('industries'),
    ownershipType: closedListId('ownershipTypes'),
    province: closedListId('provinces'),
    city: closedListId('cities'),
    address: nullable,
    phone: nullable,
    website: nullable,
    numberOfEmployees: nullable,
    establishmentDate: nullable,
    about: nullable,
    benefits: z.array(z.string()),
    isPromoted: z.boolean(),
  })
  .meta({ description: 'What anyone may see of an employer.' });

export const employerSchema = publicEmployerSchema
  .extend({
    nationalId: nullable,
    registrationNumber: nullable,
    medicalRegistrationNumber: nullable,
    cellphone: nullable,
    officialGazetteFileId: nullable,
    nationalCardFileId: nullable,
    medicalDocumentFileIds: z.array(z.string()),
    contactFirstName: nullable,
    contactLastName: nullable,
    contactEmail: nullable,
    isProfileCompleted: z.boolean(),
    createdAt: z.string().meta({ description: 'ISO 8601.' }),
  })
  .meta({
    description:
      "The profile, for the employer's members. Every key present, null when empty. For a member without EmployerEdit the private fields (nationalId, registrationNumber, medicalRegistrationNumber, cellphone, the document file ids, contactFirstName, contactLastName, contactEmail) are null or empty.",
  });

export const employerSummarySchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    brand: z.string(),
    registeredName: nullable,
    logo: nullable,
    isSelfEmployed: z.boolean(),
    role: z.enum(['owner', 'agent']),
    permissions: z.array(action),
    isProfileCompleted: z.boolean(),
  })
  .meta({ description: "One of the caller's employers." });

export const agentSchema = z.object({
  id: z.string(),
  userId: nullable.meta({ description: 'Null until the invited cellphone logs in.' }),
  firstName: z.string(),
  lastName: z.string(),
  title: nullable,
  cellphone: z.string(),
  permissions: z.array(action),
  createdAt: z.string(),
});

export const agentBody = z.object({
  firstName: z.string().max(1000),
  lastName: z.string().max(1000),
  title: z.string().max(1000).nullable().optional(),
  cellphone: z.string().max(100).meta({ description: 'Any spelling (+98, Persian digits); stored as 09XXXXXXXXX.' }),
  permissions: z
    .array(z.string().max(64))
    .max(20)
    .meta({ description: `Any of ${ACTION_NAMES.join(', ')}.` }),
});

export const stepSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(STEP_KINDS),
  position: z.number().int(),
});
export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  steps: z.array(stepSchema),
});
export const templateBody = z.object({ name: z.string().max(1000) });
export const stepBody = z.object({
  name: z.string().max(1000),
  kind: z
    .string()
    .max(64)
    .meta({ description: `One of ${STEP_KINDS.join(', ')}.` }),
});
export const sortBody = z.object({
  stepIds: z
    .array(z.string().max(64))
    .max(100)
    .meta({ description: 'Every step id of the template, once, in the new order.' }),
});

export const listQuery = z.object({
  page: pageNumberQuery('EXC_PAGINATION_PAGE_IS_INVALID').meta({ description: 'From 1.' }),
  pageSize: pageNumberQuery('EXC_PAGINATION_PAGE_SIZE_IS_INVALID').meta({ description: '1 to 50; 20 by default.' }),
  order: z
    .string()
    .max(32)
    .optional()
    .meta({ description: '`newest` (default) or `brand`; promoted employers always come first.' }),
  province: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'An id of the closed list provinces; another: EXC_EMPLOYERS_FILTER_IS_INVALID.' }),
  city: z.string().max(200).optional().meta({ description: 'An id of the closed list cities.' }),
  industry: z.string().max(200).optional().meta({ description: 'An id of the closed list industries.' }),
  employerType: z.string().max(200).optional().meta({ description: 'An id of the closed list employerTypes.' }),
  text: z
    .string()
    .max(400)
    .refine((text) => !CONTROL_CHARACTER.test(text), 'EXC_EMPLOYERS_FILTER_IS_INVALID')
    .optional()
    .meta({
      description:
        'Matched in the brand and registered name; Persian letters and digits normalised. A control character: EXC_EMPLOYERS_FILTER_IS_INVALID.',
    }),
});

export const listResponse = z.object({
  items: z.array(publicEmployerSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export const itemsOf = <T extends z.ZodType>(schema: T) => z.object({ items: z.array(schema) });
export const bySlugWithSeoResponse = z.object({ employer: publicEmployerSchema, seo: pageMetaSchema });
export const idResponse = z.object({ id: z.string() });
export const completedResponse = z.object({ isProfileCompleted: z.boolean() });
export const hasAccessResponse = z.object({ hasAccess: z.boolean() });
