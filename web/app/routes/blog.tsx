import type { Route } from './+types/blog';
import { BlogCard } from '../components/content/BlogCard.tsx';
import { categoryHref } from '../components/content/CategoryLinks.tsx';
import { Pagination } from '../components/content/Pagination.tsx';
import { LocaleLink } from '../components/layout/LocaleLink.tsx';
import { Page } from '../components/layout/Page.tsx';
import { EmptyState } from '../components/ui/States.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { getServerApi } from '../lib/api.server.ts';
import { loadBlogList, loadSiteSeo } from '../lib/content/api.server.ts';
import { BLOG_PAGE_SIZE, RSS_PATH, rssLink } from '../lib/content/meta.ts';
import { toLatinDigits, localDigits } from '../lib/format.ts';
import { localeFromPath, localePath } from '../lib/locale.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';
import { seoMeta } from '../lib/seo-meta.ts';

export const meta: Route.MetaFunction = (args) => {
  const locale = localeFromPath(args.location.pathname);
  const seo = args.data?.seo;
  const tags = seo ? seoMeta(args, seo) : pageMeta(args, 'blog.title', 'blog.description');
  return [...tags, rssLink(locale)];
};

function pageNumber(value: string | null): number {
  const page = Number(toLatinDigits(value ?? '1'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const category = url.searchParams.get('category') ?? '';
  const page = pageNumber(url.searchParams.get('page'));
  const { api } = getServerApi(context);
  const blog = await loadBlogList(api, { category, page, locale });
  // Without the blog's answer the page still has its own metadata from the seo service.
  const seo = blog?.seo ?? (await loadSiteSeo(api, 'blog', locale));
  return { blog, seo, category, page };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { blog, category, page } = loaderData;
  const current = blog?.categories.find((entry) => entry.slug === category);
  const pages = blog ? Math.max(1, Math.ceil(blog.total / (blog.pageSize || BLOG_PAGE_SIZE))) : 1;
  const hrefFor = (n: number) => {
    const query = new URLSearchParams();
    if (category) query.set('category', category);
    if (n > 1) query.set('page', String(n));
    const search = query.toString();
    return search ? `/blog?${search}` : '/blog';
  };
  const chip = (active: boolean) =>
    `inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-bold ${
      active ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-white text-brand-700 hover:bg-brand-50'
    }`;
  return (
    <Page title={t('blog.title')} intro={t('blog.intro')} testId="blog-page">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        {blog && blog.categories.length > 0 && (
          <nav aria-label={t('blog.categories')}>
            <ul className="flex flex-wrap gap-2" data-testid="blog-categories">
              <li>
                <LocaleLink to="/blog" className={chip(!category)} aria-current={!category ? 'page' : undefined}>
                  {t('blog.allCategories')}
                </LocaleLink>
              </li>
              {blog.categories.map((entry) => (
                <li key={entry.slug}>
                  <LocaleLink
                    to={categoryHref(entry.slug)}
                    className={chip(entry.slug === category)}
                    aria-current={entry.slug === category ? 'page' : undefined}
                  >
                    {t('blog.categoryCount', { title: entry.title, count: localDigits(entry.postCount, locale) })}
                  </LocaleLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <a
          href={localePath(locale, RSS_PATH)}
          className="inline-flex min-h-10 items-center gap-2 rounded-full text-sm font-bold text-brand-700 hover:underline"
          data-testid="blog-rss"
          type="application/rss+xml"
        >
          <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" fill="currentColor">
            <path d="M5 17a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM3 10a11 11 0 0 1 11 11h-3a8 8 0 0 0-8-8zm0-7a18 18 0 0 1 18 18h-3A15 15 0 0 0 3 6z" />
          </svg>
          {t('blog.rss')}
        </a>
      </div>
      {current && (
        <h2 className="mb-4 text-xl font-bold" data-testid="blog-category-heading">
          {t('blog.categoryHeading', { title: current.title })}
        </h2>
      )}
      {!blog ? (
        <EmptyState>{t('blog.unavailable')}</EmptyState>
      ) : blog.items.length === 0 ? (
        <EmptyState>{t('blog.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2" aria-label={t('blog.list')}>
          {blog.items.map((post, index) => (
            <li key={post.slug}>
              <BlogCard post={post} eager={index === 0} headingLevel={current ? 3 : 2} />
            </li>
          ))}
        </ul>
      )}
      {blog && <Pagination page={page} pages={pages} hrefFor={hrefFor} />}
    </Page>
  );
}
