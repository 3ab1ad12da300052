import { useT } from '../../i18n/index.ts';
import type { BlogPostSummary } from '../../lib/content/types.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';
import { CategoryLinks } from './CategoryLinks.tsx';
import { PostFacts } from './PostFacts.tsx';

/** The covers' drawn size: 16:9, the shape the blog's images are made in. */
export const COVER = { width: 640, height: 360 } as const;

export const postHref = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/**
 * One post in a list: cover, title (the link), summary, date, reading time and categories. The
 * first cover of a page loads at once (it is the largest paint); the others when scrolled to.
 * Covers are one address in both languages (`/blog/images/…`), so one cached copy serves both.
 */
export function BlogCard({
  post,
  eager = false,
  headingLevel = 2,
}: {
  post: BlogPostSummary;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white"
      data-testid="blog-card"
    >
      {post.coverPath && (
        <img
          src={post.coverPath}
          alt={post.coverAlt}
          width={COVER.width}
          height={COVER.height}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          className="aspect-video w-full bg-surface object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="text-lg font-bold leading-8">
          <LocaleLink to={postHref(post.slug)} className="text-ink hover:text-brand-700 hover:underline">
            {post.title}
          </LocaleLink>
        </Heading>
        <PostFacts post={post} />
        {post.summary && <p className="text-muted">{post.summary}</p>}
        <div className="mt-auto">
          <CategoryLinks categories={post.categories} label={t('blog.postCategories')} />
        </div>
      </div>
    </article>
  );
}
