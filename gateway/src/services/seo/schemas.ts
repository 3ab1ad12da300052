// The zod schemas of the seo service's REST surface (docs/seo.md): page metadata, sitemaps,
// profile links, the blog and the contact form. Every answer is anonymous; what a person types
// into the contact form is taken exactly as typed (nothing trimmed) and stored so.
import { z } from 'zod';
import { MAX_SLUG_LENGTH } from '@darmankar/platform/slug';
import { normalizeCellphone } from '@darmankar/platform/persian';
import { pageMetaSchema } from '../../http/page-meta.ts';
import { pageNumberQuery } from '../../http/validate.ts';

export const LOCALES = ['fa', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const localeQuery = z.object({
  locale: z.enum(LOCALES).optional().meta({ description: 'The language of the texts: fa (default) or en.' }),
});

/** The pages of each area of the site that GetPageMeta knows (the contract's list). */
export const PAGE_AREAS = {
  authentication: ['login', 'verify', 'role'],
  employers: ['index', 'add', 'companies'],
  'resume-steps': ['personal', 'educations', 'jobs', 'skills', 'certificates'],
  applicants: ['recruitments', 'saved', 'settings', 'notifications'],
  site: ['about-us', 'contact-us', 'blog', 'pricing', 'faq-job-seekers', 'faq-employers', 'not-found', 'error'],
} as const;
export type PageArea = keyof typeof PAGE_AREAS;

/** A page of an area: another name is EXC_SEO_PAGE_NOT_FOUND. */
const pageOf = <A extends PageArea>(area: A) =>
  z.enum(PAGE_AREAS[area], { error: 'EXC_SEO_PAGE_NOT_FOUND' }).meta({ description: `A page of the ${area} area.` });

export const authenticationPageParams = z.object({ page: pageOf('authentication') });
export const employersPageParams = z.object({ page: pageOf('employers') });
export const resumeStepParams = z.object({ step: pageOf('resume-steps') });
export const applicantsPageParams = z.object({ page: pageOf('applicants') });
export const sitePageParams = z.object({ page: pageOf('site') });

export const SITEMAP_NAMES = ['static', 'recruitments', 'employers'] as const;

export const sitemapParams = z.object({
  name: z
    .enum(SITEMAP_NAMES, { error: 'EXC_SEO_SITEMAP_NOT_FOUND' })
    .meta({ description: 'static (the site’s pages and blog posts), recruitments or employers.' }),
});

export const sitemapQuery = z.object({
  part: pageNumberQuery('EXC_PAGINATION_PAGE_IS_INVALID').meta({
    description: 'The part, from 1 (the default); each holds at most 50,000 URLs.',
  }),
});

export const profileLinkParams = z.object({
  slug: z
    .string()
    .min(1)
    .max(MAX_SLUG_LENGTH, { error: 'EXC_SEO_PROFILE_NOT_FOUND' })
    .meta({ description: 'The slug of an employer or a resume, as /in/{slug} carries it.' }),
});

export const blogListQuery = localeQuery.extend({
  category: z.string().max(100, { error: 'EXC_SEO_BLOG_CATEGORY_NOT_FOUND' }).optional().meta({
    description: 'A category slug; absent: every post.',
  }),
  page: pageNumberQuery('EXC_PAGINATION_PAGE_IS_INVALID').meta({ description: 'From 1.' }),
  pageSize: pageNumberQuery('EXC_PAGINATION_PAGE_SIZE_IS_INVALID').meta({
    description: 'From 1 to 50; the service’s default when absent.',
  }),
});

export const blogPostParams = z.object({
  slug: z
    .string()
    .min(1)
    .max(300, { error: 'EXC_SEO_BLOG_POST_NOT_FOUND' })
    .meta({ description: 'The post’s slug (Persian, percent-encoded in the URL).' }),
});

export const blogImageParams = z.object({
  name: z
    .string()
    .min(1)
    .max(200, { error: 'EXC_SEO_BLOG_IMAGE_NOT_FOUND' })
    .meta({ description: 'The image file’s name, e.g. `cover.svg`.', example: 'cover.svg' }),
});

export const blogCategorySchema = z.object({
  slug: z.string(),
  title: z.string(),
  postCount: z.number().int(),
});

export const blogPostSummarySchema = z.object({
  slug: z.string().meta({ description: 'Persian, as written; percent-encode it in a URL.' }),
  title: z.string(),
  summary: z.string(),
  coverPath: z.string().meta({ description: 'The cover’s site path, /blog/images/{file}.' }),
  coverAlt: z.string(),
  categories: z.array(blogCategorySchema),
  publishedOn: z.string().meta({ description: 'YYYY-MM-DD (Gregorian).', example: '2026-11-20' }),
  updatedOn: z.string().meta({ description: 'YYYY-MM-DD (Gregorian).', example: '2026-11-22' }),
  readingMinutes: z.number().int(),
  author: z.string(),
});

export const blogListResponse = z.object({
  items: z.array(blogPostSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  categories: z.array(blogCategorySchema).meta({ description: 'Every category with its number of posts.' }),
  seo: pageMetaSchema,
});

export const blogPostResponse = z.object({
  post: blogPostSummarySchema.extend({
    html: z.string().meta({ description: 'The body as sanitised HTML (no script, style, iframe, event handler).' }),
  }),
  seo: pageMetaSchema,
  related: z.array(blogPostSummarySchema).meta({ description: 'Up to three other posts sharing a category.' }),
});

export const profileLinkResponse = z.object({
  kind: z.enum(['employer', 'resume']),
  canonicalPath: z.string().meta({ description: '/employers/{slug} or /applicants/resumes/{slug}.' }),
});

export const xmlDocument = z.string().meta({ description: 'The XML document, UTF-8.' });
export const imageBytes = z.string().meta({ description: 'The image bytes.', format: 'binary' });

/** An Iranian mobile number in any form the site accepts (stored as typed), or empty. */
const optionalCellphone = z
  .string()
  .max(30)
  .refine((value) => value === '' || normalizeCellphone(value) !== null)
  .optional()
  .meta({ description: 'Optional; an Iranian mobile number (09XXXXXXXXX, +98…; Persian digits accepted) or empty.' });

export const contactBody = z.object({
  name: z.string().min(1).max(100).meta({ description: '1 to 100 characters, stored as typed.' }),
  email: z.email().max(254).meta({ example: 'sara@example.com' }),
  cellphone: optionalCellphone,
  subject: z.string().min(1).max(200).meta({ description: '1 to 200 characters.' }),
  message: z
    .string()
    .min(1)
    .max(20000)
    .meta({ description: '1 to 20,000 characters, stored as typed, never interpreted.' }),
  website: z
    .string()
    .max(2000)
    .optional()
    .meta({ description: 'The form’s hidden field: people leave it empty (a filled one is kept as spam).' }),
  locale: z.enum(LOCALES).optional().meta({ description: 'The acknowledgement’s language: fa (default) or en.' }),
});

export const contactResponse = z.object({
  id: z.string(),
  receivedAt: z.iso.datetime(),
});

export type BlogCategoryJson = z.infer<typeof blogCategorySchema>;
export type BlogPostSummaryJson = z.infer<typeof blogPostSummarySchema>;
export type BlogListJson = z.infer<typeof blogListResponse>;
export type BlogPostJson = z.infer<typeof blogPostResponse>;
export type ProfileLinkJson = z.infer<typeof profileLinkResponse>;
export type ContactInput = z.infer<typeof contactBody>;
export type ContactJson = z.infer<typeof contactResponse>;
