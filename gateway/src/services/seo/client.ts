// The one adapter between the gateway and the seo service: REST-shaped calls in, gRPC calls
// out, the JSON of the REST contract back (XML documents and image bytes as they come).
import { createClient, createHealthChecker, type CallOptions, type ClientOptions } from '@darmankar/platform/grpc';
import type { Date as CalendarDate } from '@darmankar/proto/common/v1/common_pb';
import { SeoService, type BlogCategory, type BlogPostSummary } from '@darmankar/proto/seo/v1/seo_pb';
import { pageMetaOf, type PageMetaAnswer } from '../../http/page-meta.ts';
import type { CallMeta } from '../../http/route.ts';
import type {
  BlogCategoryJson,
  BlogListJson,
  BlogPostJson,
  BlogPostSummaryJson,
  ContactInput,
  ContactJson,
  Locale,
  ProfileLinkJson,
} from './schemas.ts';

const options = (meta: CallMeta): CallOptions => ({
  requestId: meta.requestId,
  userId: meta.userId,
  clientAddress: meta.clientAddress,
});

export interface SeoAdapter {
  /** `area` as the contract names it (home, authentication, …); `page` empty for home. */
  pageMeta(area: string, page: string, locale: Locale, meta: CallMeta): Promise<PageMetaAnswer>;
  sitemapIndex(meta: CallMeta): Promise<string>;
  sitemap(name: string, part: number, meta: CallMeta): Promise<string>;
  profileLink(slug: string, meta: CallMeta): Promise<ProfileLinkJson>;
  blogPosts(
    query: { category: string; page: number; pageSize: number; locale: Locale },
    meta: CallMeta,
  ): Promise<BlogListJson>;
  blogPost(slug: string, locale: Locale, meta: CallMeta): Promise<BlogPostJson>;
  blogFeed(locale: Locale, meta: CallMeta): Promise<string>;
  blogImage(name: string, meta: CallMeta): Promise<{ content: Buffer; contentType: string }>;
  submitContact(input: ContactInput, meta: CallMeta): Promise<ContactJson>;
  isServing(timeoutMs: number): Promise<boolean>;
  close(): void;
}

/** A calendar date as YYYY-MM-DD ('' when absent). */
function isoDate(date: CalendarDate | undefined): string {
  if (!date || !date.year) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.year).padStart(4, '0')}-${pad(date.month)}-${pad(date.day)}`;
}

const categoryJson = (c: BlogCategory): BlogCategoryJson => ({ slug: c.slug, title: c.title, postCount: c.postCount });

function summaryJson(s: BlogPostSummary | undefined): BlogPostSummaryJson {
  return {
    slug: s?.slug ?? '',
    title: s?.title ?? '',
    summary: s?.summary ?? '',
    coverPath: s?.coverPath ?? '',
    coverAlt: s?.coverAlt ?? '',
    categories: (s?.categories ?? []).map(categoryJson),
    publishedOn: isoDate(s?.publishedOn),
    updatedOn: isoDate(s?.updatedOn),
    readingMinutes: s?.readingMinutes ?? 0,
    author: s?.author ?? '',
  };
}

export function createSeoAdapter(address: string, defaults: ClientOptions): SeoAdapter {
  const client = createClient(SeoService, address, defaults);
  const health = createHealthChecker(address);
  return {
    async pageMeta(area, page, locale, meta) {
      return pageMetaOf((await client.getPageMeta({ area, page, locale }, options(meta))).meta);
    },
    async sitemapIndex(meta) {
      return (await client.getSitemapIndex({}, options(meta))).xml;
    },
    async sitemap(name, part, meta) {
      return (await client.getSitemap({ name, part }, options(meta))).xml;
    },
    async profileLink(slug, meta) {
      const answer = await client.resolveProfileLink({ slug }, options(meta));
      return { kind: answer.kind === 'resume' ? 'resume' : 'employer', canonicalPath: answer.canonicalPath };
    },
    async blogPosts(query, meta) {
      const answer = await client.listBlogPosts(
        {
          locale: query.locale,
          category: query.category,
          page: { page: query.page, pageSize: query.pageSize, order: '' },
        },
        options(meta),
      );
      return {
        items: answer.posts.map(summaryJson),
        page: answer.page?.page ?? query.page,
        pageSize: answer.page?.pageSize ?? query.pageSize,
        total: Number(answer.page?.total ?? 0n),
        categories: answer.categories.map(categoryJson),
        seo: pageMetaOf(answer.meta),
      };
    },
    async blogPost(slug, locale, meta) {
      const answer = await client.getBlogPost({ slug, locale }, options(meta));
      return {
        post: { ...summaryJson(answer.summary), html: answer.html },
        seo: pageMetaOf(answer.meta),
        related: answer.related.map(summaryJson),
      };
    },
    async blogFeed(locale, meta) {
      return (await client.getBlogFeed({ locale }, options(meta))).xml;
    },
    async blogImage(name, meta) {
      const answer = await client.getBlogImage({ name }, options(meta));
      return { content: Buffer.from(answer.content), contentType: answer.contentType };
    },
    async submitContact(input, meta) {
      const answer = await client.submitContactMessage(
        {
          name: input.name,
          email: input.email,
          cellphone: input.cellphone ?? '',
          subject: input.subject,
          message: input.message,
          honeypot: input.website ?? '',
          locale: input.locale ?? 'fa',
        },
        options(meta),
      );
      return { id: answer.id, receivedAt: new Date(Number(answer.receivedAtMs)).toISOString() };
    },
    isServing: (timeoutMs) => health.isServing(timeoutMs),
    close() {
      client.close();
      health.close();
    },
  };
}
