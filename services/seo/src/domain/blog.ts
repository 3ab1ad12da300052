// The blog as readers and search engines get it: lists newest first (by category), one post
// with its metadata and related posts, the RSS 2.0 feed and the images.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { parsePage, type Page } from '@darmankar/platform/input';
import type { BlogContent, BlogImage, BlogPost, CategoryDef } from './blog-content.ts';
import type { Locale } from './locale.ts';
import { PageMetas, type PageMeta } from './page-meta.ts';
import { AREAS, SITE_NAME } from './pages.ts';
import type { SitemapEntry } from './sitemaps.ts';
import { absoluteUrl, encodedPath, escapeXml } from './xml.ts';

export interface CategoryView {
  slug: string;
  title: string;
  postCount: number;
}

export interface PostSummary {
  post: BlogPost;
  categories: CategoryView[];
}

export interface BlogList {
  posts: PostSummary[];
  page: Page & { total: number };
  categories: CategoryView[];
  meta: PageMeta;
}

export interface BlogPostView {
  summary: PostSummary;
  html: string;
  meta: PageMeta;
  related: PostSummary[];
}

const RELATED = 3;
const FEED_ITEMS = 50;
const BLOG_PAGE = AREAS.site!.blog!;

export class Blog {
  private readonly bySlug: Map<string, BlogPost>;
  private readonly counts: Map<string, number>;

  constructor(
    private readonly content: BlogContent,
    private readonly metas: PageMetas,
    private readonly publicWebUrl: string,
  ) {
    this.bySlug = new Map(content.posts.map((p) => [p.slug, p]));
    this.counts = new Map(content.categories.map((c) => [c.slug, 0]));
    for (const post of content.posts)
      for (const c of post.categories) this.counts.set(c, (this.counts.get(c) ?? 0) + 1);
  }

  get posts(): readonly BlogPost[] {
    return this.content.posts;
  }

  /** Newest first, optionally of one category; EXC_SEO_BLOG_CATEGORY_NOT_FOUND, EXC_PAGINATION_*. */
  list(locale: Locale, category: string, page: number | undefined, pageSize: number | undefined): BlogList {
    const chosen = category === '' ? null : this.content.categories.find((c) => c.slug === category);
    if (chosen === undefined) throw new DomainError('EXC_SEO_BLOG_CATEGORY_NOT_FOUND');
    const paging = parsePage(page, pageSize);
    const matching = chosen ? this.content.posts.filter((p) => p.categories.includes(chosen.slug)) : this.content.posts;
    const from = (paging.page - 1) * paging.pageSize;
    return {
      posts: matching.slice(from, from + paging.pageSize).map((p) => this.summary(p, locale)),
      page: { ...paging, total: matching.length },
      categories: this.content.categories.map((c) => this.category(c, locale)),
      meta: this.listMeta(locale, chosen),
    };
  }

  /** One post by its slug, exactly as its file writes it; EXC_SEO_BLOG_POST_NOT_FOUND. */
  get(slug: string, locale: Locale): BlogPostView {
    const post = this.bySlug.get(slug);
    if (!post) throw new DomainError('EXC_SEO_BLOG_POST_NOT_FOUND');
    const related = this.content.posts
      .filter((p) => p !== post && p.categories.some((c) => post.categories.includes(c)))
      .slice(0, RELATED);
    return {
      summary: this.summary(post, locale),
      html: post.html,
      meta: this.postMeta(post, locale),
      related: related.map((p) => this.summary(p, locale)),
    };
  }

  /** A file of images/ by its exact name; anything else (a path, `..`, NUL) is not found. */
  image(name: string): BlogImage {
    const refused = name === '' || name.includes('..') || /[/\\\0]/.test(name);
    const image = refused ? undefined : this.content.images.get(name);
    if (!image) throw new DomainError('EXC_SEO_BLOG_IMAGE_NOT_FOUND');
    return image;
  }

  /** RSS 2.0 with an atom:link to itself; the newest 50 posts. */
  feed(locale: Locale): string {
    const prefix = locale === 'en' ? '/en' : '';
    const url = (p: string) => escapeXml(absoluteUrl(this.publicWebUrl, p));
    const newest = this.content.posts[0];
    const items = this.content.posts.slice(0, FEED_ITEMS).map((post) => {
      const link = url(encodedPath('blog', post.slug));
      const categories = post.categories
        .map((slug) => this.content.categories.find((c) => c.slug === slug)!)
        .map((c) => `      <category>${escapeXml(c[locale])}</category>\n`)
        .join('');
      return (
        `    <item>\n` +
        `      <title>${escapeXml(post.title)}</title>\n` +
        `      <link>${link}</link>\n` +
        `      <guid isPermaLink="true">${link}</guid>\n` +
        `      <pubDate>${rfc822(post.publishedOn.iso)}</pubDate>\n` +
        `      <description>${escapeXml(post.summary)}</description>\n` +
        categories +
        `    </item>\n`
      );
    });
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n` +
      `  <channel>\n` +
      `    <title>${escapeXml(BLOG_PAGE[locale].title)}</title>\n` +
      `    <link>${url(`${prefix}/blog`)}</link>\n` +
      `    <description>${escapeXml(BLOG_PAGE[locale].description)}</description>\n` +
      `    <language>fa</language>\n` +
      (newest ? `    <lastBuildDate>${rfc822(newest.updatedOn.iso)}</lastBuildDate>\n` : '') +
      `    <atom:link href="${url(`${prefix}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>\n` +
      items.join('') +
      `  </channel>\n` +
      `</rss>\n`
    );
  }

  /** The static sitemap's blog part: every post at /blog/{slug}, lastmod its updatedOn. */
  sitemapEntries(): SitemapEntry[] {
    return this.content.posts.map((p) => ({
      path: encodedPath('blog', p.slug),
      lastmod: new Date(`${p.updatedOn.iso}T00:00:00Z`),
    }));
  }

  /** The newest updatedOn of any post (the /blog page's lastmod), or null with no posts. */
  newestUpdate(): Date | null {
    const days = this.content.posts.map((p) => p.updatedOn.iso).sort();
    return days.length > 0 ? new Date(`${days[days.length - 1]}T00:00:00Z`) : null;
  }

  private category(c: CategoryDef, locale: Locale): CategoryView {
    return { slug: c.slug, title: c[locale], postCount: this.counts.get(c.slug) ?? 0 };
  }

  private summary(post: BlogPost, locale: Locale): PostSummary {
    return {
      post,
      categories: post.categories.map((slug) =>
        this.category(
          this.content.categories.find((c) => c.slug === slug)!,
          locale,
        ),
      ),
    };
  }

  private listMeta(locale: Locale, category: CategoryDef | null): PageMeta {
    const base = this.metas.ofEntry(BLOG_PAGE, locale);
    if (!category) return base;
    const blogTitle = BLOG_PAGE[locale].title;
    const path = `/blog?category=${encodeURIComponent(category.slug)}`;
    return this.metas.build({
      title: this.metas.title(`${category[locale]} | ${blogTitle}`, locale),
      description: base.description,
      canonicalPath: path,
      indexed: true,
      ogType: 'website',
      imageUrl: base.imageUrl,
      jsonLd: [
        this.metas.breadcrumb(
          [
            { name: blogTitle, path: '/blog' },
            { name: category[locale], path },
          ],
          locale,
        ),
      ],
    });
  }

  private postMeta(post: BlogPost, locale: Locale): PageMeta {
    const postPath = encodedPath('blog', post.slug);
    const imageUrl = this.metas.url(encodedPath('blog', 'images', post.cover));
    const site = this.metas.url('/');
    const isOrganisation = post.author.includes(SITE_NAME.fa) || post.author.includes(SITE_NAME.en);
    const posting = {
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.summary,
      image: imageUrl,
      datePublished: post.publishedOn.iso,
      dateModified: post.updatedOn.iso,
      inLanguage: 'fa',
      author: { '@type': isOrganisation ? 'Organization' : 'Person', name: post.author },
      publisher: { '@type': 'Organization', name: SITE_NAME[locale], url: site },
      mainEntityOfPage: { '@type': 'WebPage', '@id': this.metas.url(postPath) },
      articleSection: post.categories.map((slug) => this.content.categories.find((c) => c.slug === slug)![locale]),
    };
    return this.metas.build({
      title: this.metas.title(post.title, locale),
      description: post.summary,
      canonicalPath: `/blog/${post.slug}`,
      indexed: true,
      ogType: 'article',
      imageUrl,
      jsonLd: [
        posting,
        this.metas.breadcrumb(
          [
            { name: BLOG_PAGE[locale].title, path: '/blog' },
            { name: post.title, path: postPath },
          ],
          locale,
        ),
      ],
    });
  }
}

/** RFC 822 date-time (RSS pubDate) of a day, at midnight UTC. */
function rfc822(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toUTCString();
}
