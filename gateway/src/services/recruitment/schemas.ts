// The zod schemas of the suggestion routes: what they validate with and what the OpenAPI
// document is built from. The category and text rules live in the recruitment service, which
// reports every broken one at once; here a query value only has to be one string.
import { z } from 'zod';

// The service's categories, for the document (the service decides what is valid).
const CATEGORY_NAMES = [
  'provinces',
  'cities',
  'universities',
  'fieldsOfStudy',
  'degreeLevels',
  'skills',
  'languages',
  'jobTitles',
  'jobCategories',
  'industries',
  'employmentTypes',
  'workTypes',
  'organizationalLevels',
  'benefits',
  'employerTypes',
  'ownershipTypes',
  'militaryServiceStatuses',
  'maritalStatuses',
  'medicalSpecialties',
  'facilityTypes',
  'rejectionReasons',
] as const;
const categories = CATEGORY_NAMES.map((name) => `\`${name}\``).join(', ');

export const listQuery = z.object({
  categories: z
    .string()
    .optional()
    .meta({
      description: `Comma-separated categories, answered in this order: ${categories}. Missing or empty: EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED.`,
      example: 'provinces,cities',
    }),
});

export const searchQuery = z.object({
  category: z
    .string()
    .optional()
    .meta({ description: `One of ${categories}.`, example: 'universities' }),
  text: z.string().optional().meta({
    description:
      'What the person typed, up to 100 characters. Arabic ي/ك, Persian and Arabic-Indic digits, ZWNJ and diacritics are folded; prefixes and small typos match.',
    example: 'علوم پزشکی تهر',
  }),
});

export const suggestionSchema = z
  .object({
    id: z.string().meta({ description: 'Stable within its category: what a form stores.', example: 'kashan' }),
    title: z.string().meta({ description: 'Persian title, normalised (ی, ک, Latin digits).', example: 'کاشان' }),
    titleEn: z.string().optional().meta({ description: 'English title, when there is one.', example: 'Kashan' }),
    parent: z
      .object({ id: z.string(), title: z.string() })
      .optional()
      .meta({
        description: 'The item this one belongs to: a city’s province.',
        example: { id: 'isfahan', title: 'اصفهان' },
      }),
  })
  .meta({ description: 'One item of a picker.' });

export const listResponse = z.object({
  categories: z.partialRecord(z.enum(CATEGORY_NAMES), z.array(suggestionSchema)).meta({
    description: 'Each category asked for, with every item in the order the product shows them (healthcare first).',
  }),
});

export const searchResponse = z.object({
  items: z.array(suggestionSchema).meta({
    description:
      'At most ten, best first: the title itself, titles that start with the text, names with a word that does, then near spellings.',
  }),
});
