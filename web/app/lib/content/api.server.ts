// The content pages' calls to the gateway's seo routes: page metadata, the blog, profile links,
// and the XML, RSS and image answers the resource routes pass on as they come.
import { data, type RouterContextProvider } from 'react-router';
import type { ApiClient } from '../api.ts';
import { isApiError } from '../api.ts';
import type { ErrorPayload } from '../errors.ts';
import { toRouteError, toSlugRouteError } from '../errors.ts';
import type { Locale } from '../locale.ts';
import { clientAddressOf } from '../request-context.ts';
import type { PageMeta } from '../seo-meta.ts';
import { BLOG_PAGE_SIZE } from './meta.ts';
import type { BlogList, BlogPostAnswer, ProfileLink, SitePage } from './types.ts';

const notFound = () => data<ErrorPayload>({ exc: ['EXC_API_NOT_FOUND'] }, { status: 404 });

/** A site page's metadata; null when the seo service cannot answer (the page falls back to its catalogue text). */
export async function loadSiteSeo(api: ApiClient, page: SitePage, locale: Locale): Promise<PageMeta | null> {
  try {
    return await api.call('get', '/meta-data/seo/site/{page}', { params: { page }, query: { locale } });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return null;
  }
}

/**
 * One page of the blog, of one category or all. An unknown category is the 404 page; a blog
 * the service cannot serve now is null (the page says so rather than failing).
 */
export async function loadBlogList(
  api: ApiClient,
  options: { category?: string; page: number; locale: Locale },
): Promise<BlogList | null> {
  try {
    return await api.call('get', '/meta-data/blog', {
      query: {
        category: options.category || undefined,
        page: String(options.page),
        pageSize: String(BLOG_PAGE_SIZE),
        locale: options.locale,
      },
    });
  } catch (error) {
    if (isApiError(error) && error.has('EXC_SEO_BLOG_CATEGORY_NOT_FOUND')) throw notFound();
    if (isApiError(error) && error.status >= 500) return null;
    if (isApiError(error) && error.has('EXC_API_NOT_FOUND')) return null;
    throw toRouteError(error);
  }
}

/** A post by its (Persian) slug; an unknown one is the site's 404 page. */
export async function loadBlogPost(api: ApiClient, slug: string, locale: Locale): Promise<BlogPostAnswer> {
  try {
    return await api.call('get', '/meta-data/blog/posts/{slug}', { params: { slug }, query: { locale } });
  } catch (error) {
    if (isApiError(error) && error.has('EXC_API_NOT_FOUND')) throw notFound();
    throw toSlugRouteError(error, 'EXC_SEO_BLOG_POST_NOT_FOUND');
  }
}

/** Where a short profile link (/in/{slug}) leads; an unknown slug is the site's 404 page. */
export async function loadProfileLink(api: ApiClient, slug: string): Promise<ProfileLink> {
  try {
    return await api.call('get', '/meta-data/profile-links/{slug}', { params: { slug } });
  } catch (error) {
    if (isApiError(error) && error.has('EXC_API_NOT_FOUND')) throw notFound();
    throw toSlugRouteError(error, 'EXC_SEO_PROFILE_NOT_FOUND');
  }
}

/** The headers of a gateway answer a resource route passes on to the browser or crawler. */
const PASSED_HEADERS = [
  'content-type',
  'cache-control',
  'content-security-policy',
  'etag',
  'last-modified',
  'x-content-type-options',
] as const;

/**
 * A gateway answer that is not JSON (sitemap XML, the RSS feed, an image), streamed through as it
 * came: its status, content type and cache headers. The gateway is asked as the client would
 * be (its address under the web server's proxy rule, its user agent). A gateway that is down is
 * a 503 without a body rather than the error page's HTML.
 */
export async function passThroughGateway(
  request: Request,
  context: Readonly<RouterContextProvider>,
  path: string,
  query: Record<string, string | number | undefined> = {},
): Promise<Response> {
  const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
  const url = new URL(`${gateway}/api/v1${path}`);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = {};
  const clientAddress = clientAddressOf(context);
  if (clientAddress) headers['x-forwarded-for'] = clientAddress;
  const userAgent = request.headers.get('user-agent');
  if (userAgent) headers['user-agent'] = userAgent;
  for (const name of ['if-none-match', 'if-modified-since']) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  let answer: Response;
  try {
    answer = await fetch(url, { headers, signal: request.signal });
  } catch {
    return new Response(null, { status: 503, headers: { 'retry-after': '30' } });
  }
  const passed = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = answer.headers.get(name);
    if (value) passed.set(name, value);
  }
  if (!answer.ok) {
    // The gateway's error body is JSON for the API's callers; here a short text for whoever asked.
    await answer.body?.cancel();
    const status = answer.status === 304 ? 304 : answer.status;
    return new Response(status === 304 ? null : `${status}`, {
      status,
      headers: status === 304 ? passed : { 'content-type': 'text/plain; charset=utf-8', 'x-robots-tag': 'noindex' },
    });
  }
  return new Response(answer.body, { status: answer.status, headers: passed });
}
