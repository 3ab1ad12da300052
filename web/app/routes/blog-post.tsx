import type { Route } from './+types/blog-post';
import { BlogCard, COVER } from '../components/content/BlogCard.tsx';
import { Breadcrumbs } from '../components/content/Breadcrumbs.tsx';
import { CategoryLinks } from '../components/content/CategoryLinks.tsx';
import { PostFacts } from '../components/content/PostFacts.tsx';
import { LocaleLink } from '../components/layout/LocaleLink.tsx';
import { useT } from '../i18n/index.ts';
import { getServerApi } from '../lib/api.server.ts';
import { loadBlogPost } from '../lib/content/api.server.ts';
import { rssLink } from '../lib/content/meta.ts';
import { localeFromPath } from '../lib/locale.ts';
import { errorMeta } from '../lib/meta.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';
import { seoMeta } from '../lib/seo-meta.ts';

export const meta: Route.MetaFunction = (args) => {
  if (!args.data) return errorMeta(args, 'error.notFoundTitle');
  const locale = localeFromPath(args.location.pathname);
  return [...seoMeta(args, args.data.seo), rssLink(locale)];
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const locale = localeFromPath(new URL(request.url).pathname);
  const { api } = getServerApi(context);
  return loadBlogPost(api, params.slug, locale);
}

/**
 * The post's body: the service's sanitised HTML (no scripts, styles, frames, event attributes
 * or javascript: links), drawn in a readable column with the site's type.
 */
const PROSE =
  'max-w-none text-lg leading-9 text-ink ' +
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-extrabold [&_h2]:text-brand-900 ' +
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-bold ' +
  '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1 ' +
  '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 ' +
  '[&_blockquote]:my-6 [&_blockquote]:border-s-4 [&_blockquote]:border-brand-200 [&_blockquote]:ps-4 [&_blockquote]:text-muted ' +
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl ' +
  '[&_table]:my-6 [&_table]:block [&_table]:overflow-x-auto [&_th]:border [&_th]:border-line [&_th]:p-2 [&_td]:border [&_td]:border-line [&_td]:p-2 ' +
  '[&_pre]:overflow-x-auto [&_code]:rounded [&_code]:bg-surface [&_code]:px-1 [&_strong]:font-bold';

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { post, related } = loaderData;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8" data-testid="blog-post">
      <Breadcrumbs
        crumbs={[{ label: t('blog.home'), to: '/' }, { label: t('blog.title'), to: '/blog' }, { label: post.title }]}
      />
      <header className="mb-6 flex flex-col gap-3">
        <h1 className="text-3xl font-extrabold leading-[1.6] text-brand-900">{post.title}</h1>
        <PostFacts post={post} showUpdated />
        {post.author && <p className="text-sm text-muted">{t('blog.by', { author: post.author })}</p>}
        <CategoryLinks categories={post.categories} label={t('blog.postCategories')} />
      </header>
      {post.coverPath && (
        <img
          src={post.coverPath}
          alt={post.coverAlt}
          width={COVER.width * 2}
          height={COVER.height * 2}
          fetchPriority="high"
          className="mb-8 aspect-video h-auto w-full rounded-2xl bg-surface object-cover"
        />
      )}
      {/* Sanitised by the seo service before it is stored; never a script, style or handler. */}
      <div className={PROSE} data-testid="blog-post-body" dangerouslySetInnerHTML={{ __html: post.html }} />
      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-14 border-t border-line pt-8">
          <h2 id="related-title" className="mb-5 text-xl font-bold">
            {t('blog.related')}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2" data-testid="blog-related">
            {related.map((entry) => (
              <li key={entry.slug}>
                <BlogCard post={entry} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="mt-10">
        <LocaleLink to="/blog" className="font-bold text-brand-700 hover:underline">
          {t('blog.backToList')}
        </LocaleLink>
      </p>
    </article>
  );
}
