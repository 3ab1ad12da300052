// The seo service's content answers as the web app reads them (the gateway's /meta-data/blog,
// /meta-data/profile-links and /contact-messages routes).
import type { PageMeta } from '../seo-meta.ts';

export interface BlogCategory {
  slug: string;
  title: string;
  postCount: number;
}

export interface BlogPostSummary {
  slug: string;
  title: string;
  summary: string;
  /** '/blog/images/{file}': served by the web app's image route. */
  coverPath: string;
  coverAlt: string;
  categories: BlogCategory[];
  /** 'YYYY-MM-DD'. */
  publishedOn: string;
  updatedOn: string;
  readingMinutes: number;
  author: string;
}

export interface BlogList {
  items: BlogPostSummary[];
  page: number;
  pageSize: number;
  total: number;
  categories: BlogCategory[];
  seo: PageMeta;
}

export interface BlogPostAnswer {
  post: BlogPostSummary & { html: string };
  seo: PageMeta;
  related: BlogPostSummary[];
}

export interface ProfileLink {
  kind: 'employer' | 'resume';
  canonicalPath: string;
}

/** The pages whose metadata comes from GET /meta-data/seo/site/{page}. */
export type SitePage = 'about-us' | 'contact-us' | 'blog' | 'faq-job-seekers' | 'faq-employers';
