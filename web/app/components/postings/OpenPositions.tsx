import { useLocale, useT } from '../../i18n/index.ts';
import { listTitles } from '../../lib/closed-lists.ts';
import { formatRelativeDate } from '../../lib/format.ts';
import { publicPostingPath, type PostingCard } from '../../lib/postings/types.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';
import { EmptyState } from '../ui/States.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** The profile's open-positions tab: the employer's open postings, each linking to its page. */
export function OpenPositions({
  postings,
  brand,
  emptyTitle,
}: {
  postings: PostingCard[];
  brand: string;
  emptyTitle: string;
}) {
  const t = useT();
  const locale = useLocale();
  const linked = postings
    .map((posting) => ({ posting, path: publicPostingPath(posting.jobCategory, posting.slug) }))
    .filter((entry): entry is { posting: PostingCard; path: string } => entry.path !== null);
  if (linked.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('postings.profile.list', { brand })} data-testid="open-positions">
      {linked.map(({ posting, path }) => (
        <li key={posting.id} className="rounded-2xl border border-line p-4 hover:border-brand-200">
          <div className="flex flex-wrap items-center gap-2">
            <LocaleLink
              to={path}
              className="min-w-0 flex-1 font-bold text-brand-800 underline-offset-4 hover:underline"
            >
              {posting.title || t('postings.list.untitled')}
            </LocaleLink>
            {posting.featured && <StatusBadge status="featured" />}
          </div>
          <p className="mt-1 text-sm text-muted">
            {[
              listTitles(
                [
                  ['provinces', posting.province],
                  ['cities', posting.city],
                  ['employmentTypes', posting.employmentType],
                ],
                locale,
              ),
              posting.publishedAt ? formatRelativeDate(new Date(posting.publishedAt), locale) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </li>
      ))}
    </ul>
  );
}
