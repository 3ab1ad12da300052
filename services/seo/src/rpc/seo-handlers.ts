// gRPC handlers: parse the request into domain values, call the domain, shape the answer.
// Every call is anonymous; the contact form's budget is per the client address the gateway saw.
import type { ServiceHandlers } from '@darmankar/platform/grpc';
import type { SeoService } from '@darmankar/proto/seo/v1/seo_pb';
import type { Blog, PostSummary } from '../domain/blog.ts';
import type { ContactMessages } from '../domain/contact.ts';
import type { Listings } from '../domain/listings.ts';
import { parseLocale } from '../domain/locale.ts';
import type { PageMetas } from '../domain/page-meta.ts';
import type { Sitemaps } from '../domain/sitemaps.ts';
import type { Sql } from '../domain/sql.ts';

export interface SeoDomain {
  db: Sql;
  pages: PageMetas;
  sitemaps: Sitemaps;
  listings: Listings;
  blog: Blog;
  contact: ContactMessages;
}

function summaryMessage({ post, categories }: PostSummary) {
  return {
    slug: post.slug,
    title: post.title,
    summary: post.summary,
    coverPath: `/blog/images/${post.cover}`,
    coverAlt: post.coverAlt,
    categories,
    publishedOn: { year: post.publishedOn.year, month: post.publishedOn.month, day: post.publishedOn.day },
    updatedOn: { year: post.updatedOn.year, month: post.updatedOn.month, day: post.updatedOn.day },
    readingMinutes: post.readingMinutes,
    author: post.author,
  };
}

export function seoHandlers(domain: SeoDomain): ServiceHandlers<typeof SeoService> {
  const { pages, sitemaps, listings, blog, contact } = domain;
  return {
    async getPageMeta(request) {
      return { meta: pages.page(request.area, request.page, parseLocale(request.locale)) };
    },
    async getSitemapIndex() {
      return { xml: await sitemaps.index() };
    },
    async getSitemap(request) {
      return { xml: await sitemaps.sitemap(request.name, request.part === 0 ? 1 : request.part) };
    },
    async resolveProfileLink(request) {
      return await listings.resolve(domain.db, request.slug);
    },
    async listBlogPosts(request) {
      const result = blog.list(
        parseLocale(request.locale),
        request.category,
        request.page?.page,
        request.page?.pageSize,
      );
      return {
        posts: result.posts.map(summaryMessage),
        page: { page: result.page.page, pageSize: result.page.pageSize, total: BigInt(result.page.total) },
        categories: result.categories,
        meta: result.meta,
      };
    },
    async getBlogPost(request) {
      const view = blog.get(request.slug, parseLocale(request.locale));
      return {
        summary: summaryMessage(view.summary),
        html: view.html,
        meta: view.meta,
        related: view.related.map(summaryMessage),
      };
    },
    async getBlogFeed(request) {
      return { xml: blog.feed(parseLocale(request.locale)) };
    },
    async getBlogImage(request) {
      const image = blog.image(request.name);
      return { content: image.content, contentType: image.contentType };
    },
    async submitContactMessage(request, context) {
      const { id, receivedAt } = await contact.submit(
        {
          name: request.name,
          email: request.email,
          cellphone: request.cellphone,
          subject: request.subject,
          message: request.message,
          honeypot: request.honeypot,
          locale: request.locale,
        },
        context.clientAddress ?? '',
      );
      return { id, receivedAtMs: BigInt(receivedAt.getTime()) };
    },
  };
}
