// The seo service's content answers as the contract types them (the gateway's /meta-data/blog,
// /meta-data/profile-links and /meta-data/seo/site routes).
import type { ApiAnswer, ApiPathParams } from '@darmankar/api-types';

export type BlogList = ApiAnswer<'/meta-data/blog', 'get'>;
export type BlogPostAnswer = ApiAnswer<'/meta-data/blog/posts/{slug}', 'get'>;
export type BlogPostSummary = BlogList['items'][number];
export type BlogCategory = BlogList['categories'][number];
export type ProfileLink = ApiAnswer<'/meta-data/profile-links/{slug}', 'get'>;

/** The pages whose metadata comes from GET /meta-data/seo/site/{page}. */
export type SitePage = ApiPathParams<'/meta-data/seo/site/{page}', 'get'>['page'];
