import { useLocale, useT } from '../../i18n/index.ts';
import { formatDay } from '../../lib/content/dates.ts';
import { localDigits } from '../../lib/format.ts';
import type { BlogPostSummary } from '../../lib/content/types.ts';

/** A post's Jalali publication date (and its update, when later) and its reading time. */
export function PostFacts({ post, showUpdated = false }: { post: BlogPostSummary; showUpdated?: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
      <time dateTime={post.publishedOn} data-testid="post-date">
        {t('blog.publishedOn', { date: formatDay(post.publishedOn, locale) })}
      </time>
      {showUpdated && post.updatedOn && post.updatedOn > post.publishedOn && (
        <time dateTime={post.updatedOn}>{t('blog.updatedOn', { date: formatDay(post.updatedOn, locale) })}</time>
      )}
      <span aria-hidden="true">·</span>
      <span data-testid="post-reading">
        {t('blog.readingMinutes', { minutes: localDigits(post.readingMinutes, locale) })}
      </span>
    </p>
  );
}
