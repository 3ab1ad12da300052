// meta-data/* and contact-messages: everything the web app needs to present the site to search
// engines and readers, all anonymous. Page metadata per area and page, the sitemaps (XML), the
// public profile links behind /in/{slug}, the blog (JSON, RSS and images) and the contact form.
import type { Response } from 'express';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { pageMetaSchema } from '../../../http/page-meta.ts';
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { ModuleContext } from '../../module.ts';
import type { SeoAdapter } from '../client.ts';
import {
  applicantsPageParams,
  authenticationPageParams,
  blogImageParams,
  blogListQuery,
  blogListResponse,
  blogPostParams,
  blogPostResponse,
  contactBody,
  contactResponse,
  employersPageParams,
  imageBytes,
  localeQuery,
  profileLinkParams,
  profileLinkResponse,
  resumeStepParams,
  sitemapParams,
  sitemapQuery,
  sitePageParams,
  xmlDocument,
} from '../schemas.ts';

const TAG = 'seo';
/** The per-client-address budget of contact messages (declared in ../index.ts). */
export const CONTACT_BUDGET = 'contact:ip';

/** Sitemaps and the feed change as postings and posts do: caches keep them ten minutes. */
const DOCUMENT_CACHE = 'public, max-age=600';
/** A blog image changes only with a new release: a day. */
const IMAGE_CACHE = 'public, max-age=86400';
/** An SVG opened on its own runs nothing and loads nothing; its inline styles still apply. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
const PAGINATION: ExcCode[] = ['EXC_PAGINATION_PAGE_IS_INVALID', 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID'];

function sendDocument(res: Response, mediaType: string, xml: string): undefined {
  res
    .status(200)
    .set('Content-Type', `${mediaType}; charset=utf-8`)
    .set('Cache-Control', DOCUMENT_CACHE)
    .set('X-Content-Type-Options', 'nosniff')
    .send(xml);
  return undefined;
}

const metaResponse = (description: string) => [{ status: 200, description, body: pageMetaSchema }] as const;

export function seoRoutes(seo: SeoAdapter, { limits }: ModuleContext): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['get'],
      path: '/meta-data/seo/home',
      summary: "The home page's metadata (Organization and WebSite JSON-LD with the site search)",
      tag: TAG,
      session: 'none',
      query: localeQuery,
      responses: metaResponse("The home page's metadata"),
      errors: [],
      handle: ({ query, meta }) => seo.pageMeta('home', '', query.locale ?? 'fa', meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/meta-data/seo/authentication/:page',
      summary: 'Metadata of a login page (login, verify, role); never indexed',
      tag: TAG,
      session: 'none',
      params: authenticationPageParams,
      query: localeQuery,
      responses: metaResponse("The page's metadata"),
      errors: ['EXC_SEO_PAGE_NOT_FOUND'],
      handle: ({ params, query, meta }) => seo.pageMeta('authentication', params.page, query.locale ?? 'fa', meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/meta-data/seo/employers/:page',
      summary: 'Metadata of an employers page: index (/employers), add, companies (/applicants/companies)',
      tag: TAG,
      session: 'none',
      params: employersPageParams,
      query: localeQuery,
      responses: metaResponse("The page's metadata"),
      errors: ['EXC_SEO_PAGE_NOT_FOUND'],
      handle: ({ params, query, meta }) => seo.pageMeta('employers', params.page, query.locale ?? 'fa', meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/meta-data/seo/resume-steps/:step',
      summary: 'Metadata of a step of the resume builder; never indexed',
      tag: TAG,
      session: 'none',
      params: resumeStepParams,
      query: localeQuery,
      responses: metaResponse("The step's metadata"),
      errors: ['EXC_SEO_PAGE_NOT_FOUND'],
      handle: ({ params, query, meta }) => seo.pageMeta('resume-steps', params.step, query.locale ?? 'fa', meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/meta-data/seo/applicants/:page',
      summary: 'Metadata of an applicants page: recruitments (the search), saved, settings, notifications',
      tag: TAG,
      session: 'none',
      params: applicantsPageParams,
      query: localeQuery,
      responses: metaResponse("The page's metadata"),
      errors: ['EXC_SEO_PAGE_NOT_FOUND'],
      handle: ({ params, query, meta }) => seo.pageMeta('applicants', params.page, query.locale ?? 'fa', meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/meta-data/seo/site/:page',
      summary: 'Metadata of a page of the site: about-us, contact-us, blog, pricing, the FAQs, not-found, error',
      tag: TAG,
      session: 'none',
      params: sitePageParams,
      query: localeQuery,
      responses: metaResponse("The page's metadata"),
      errors: ['EXC_SEO_PAGE_NOT_FOUND'],
      handle: ({ params, query, meta }) => seo.pageMeta('site', params.page, query.locale ?? 'fa', meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/meta-data/sitemap',
      summary: 'The sitemap index (sitemaps.org 0.9): every sitemap and part, with its last change',
      tag: TAG,
      session: 'none',
      responses: [
        {
          status: 200,
          description: 'The sitemap index',
          mediaType: 'application/xml',
          body: xmlDocument,
          headers: { 'Cache-Control': DOCUMENT_CACHE },
        },
      ],
      errors: [],
      async handle({ res, meta }) {
        return sendDocument(res, 'application/xml', await seo.sitemapIndex(meta));
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/meta-data/sitemap/:name',
      summary:
        "One sitemap's part (static, recruitments or employers; at most 50,000 URLs each): absolute addresses with their last change",
      tag: TAG,
      session: 'none',
      params: sitemapParams,
      query: sitemapQuery,
      responses: [
        {
          status: 200,
          description: 'The urlset',
          mediaType: 'application/xml',
          body: xmlDocument,
          headers: { 'Cache-Control': DOCUMENT_CACHE },
        },
      ],
      errors: ['EXC_SEO_SITEMAP_NOT_FOUND', 'EXC_PAGINATION_PAGE_IS_INVALID'],
      async handle({ params, query, res, meta }) {
        return sendDocument(res, 'application/xml', await seo.sitemap(params.name, query.part || 1, meta));
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/meta-data/profile-links/:slug',
      summary: "The public profile a slug names (an employer's first, else a resume's) and its canonical path",
      tag: TAG,
      session: 'none',
      params: profileLinkParams,
      responses: [{ status: 200, description: 'Whose profile and where', body: profileLinkResponse }],
      errors: ['EXC_SEO_PROFILE_NOT_FOUND'],
      handle: ({ params, meta }) => seo.profileLink(params.slug, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/meta-data/blog',
      summary: 'Blog posts, newest first, optionally of one category; every category and the page’s metadata',
      tag: TAG,
      session: 'none',
      query: blogListQuery,
      responses: [{ status: 200, description: 'A page of posts', body: blogListResponse }],
      errors: ['EXC_SEO_BLOG_CATEGORY_NOT_FOUND', ...PAGINATION],
      handle: ({ query, meta }) =>
        seo.blogPosts(
          { category: query.category ?? '', page: query.page, pageSize: query.pageSize, locale: query.locale ?? 'fa' },
          meta,
        ),
    }),
    defineRoute({
      methods: ['get'],
      path: '/meta-data/blog/posts/:slug',
      summary: 'One blog post with its sanitised HTML, its metadata and related posts',
      tag: TAG,
      session: 'none',
      params: blogPostParams,
      query: localeQuery,
      responses: [{ status: 200, description: 'The post', body: blogPostResponse }],
      errors: ['EXC_SEO_BLOG_POST_NOT_FOUND'],
      handle: ({ params, query, meta }) => seo.blogPost(params.slug, query.locale ?? 'fa', meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/meta-data/blog/rss',
      summary: "The blog's RSS 2.0 feed",
      tag: TAG,
      session: 'none',
      query: localeQuery,
      responses: [
        {
          status: 200,
          description: 'The feed',
          mediaType: 'application/rss+xml',
          body: xmlDocument,
          headers: { 'Cache-Control': DOCUMENT_CACHE },
        },
      ],
      errors: [],
      async handle({ query, res, meta }) {
        return sendDocument(res, 'application/rss+xml', await seo.blogFeed(query.locale ?? 'fa', meta));
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/meta-data/blog/images/:name',
      summary: 'A cover or an image of a blog post (svg, png, jpg, webp)',
      tag: TAG,
      session: 'none',
      params: blogImageParams,
      responses: [
        {
          status: 200,
          description: 'The image with its content type; an SVG carries a Content-Security-Policy that runs nothing',
          mediaType: 'image/*',
          body: imageBytes,
          headers: { 'Cache-Control': IMAGE_CACHE, 'Content-Security-Policy': `For SVG: ${SVG_POLICY}` },
        },
      ],
      errors: ['EXC_SEO_BLOG_IMAGE_NOT_FOUND'],
      async handle({ params, res, meta }) {
        const image = await seo.blogImage(params.name, meta);
        res.set('Cache-Control', IMAGE_CACHE).set('X-Content-Type-Options', 'nosniff');
        if (image.contentType.startsWith('image/svg')) res.set('Content-Security-Policy', SVG_POLICY);
        res.status(200).type(image.contentType).send(image.content);
        return undefined;
      },
    }),
    defineRoute({
      methods: ['post'],
      path: '/contact-messages',
      summary:
        'Sends a message through the contact form: stored as typed, acknowledged by email (at most 5 per client address an hour)',
      tag: TAG,
      session: 'none',
      body: contactBody,
      responses: [{ status: 201, description: 'Received', body: contactResponse }],
      errors: ['EXC_SEO_CONTACT_TOO_MANY', 'EXC_TOO_MANY_REQUESTS'],
      async handle({ body, req, res, meta }) {
        await limits.consume(res, [[CONTACT_BUDGET, meta.clientAddress ?? req.ip ?? '']]);
        res.status(201).json(await seo.submitContact(body, meta));
        return undefined;
      },
    }),
  ];
}
