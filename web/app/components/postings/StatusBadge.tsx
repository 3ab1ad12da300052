import { clsx } from 'clsx';
import { useT } from '../../i18n/index.ts';
import type { PostingStatus } from '../../lib/postings/types.ts';

const COLOURS: Record<PostingStatus | 'featured', string> = {
  draft: 'bg-slate-100 text-slate-800',
  published: 'bg-emerald-50 text-emerald-800',
  archived: 'bg-amber-50 text-amber-900',
  closed: 'bg-rose-50 text-rose-800',
  featured: 'bg-brand-50 text-brand-800',
};

/** A posting's status in words (the colour only repeats them). */
export function StatusBadge({ status }: { status: PostingStatus | 'featured' }) {
  const t = useT();
  return (
    <span
      className={clsx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', COLOURS[status])}
      data-testid={`status-${status}`}
    >
      {t(`postings.status.${status}`)}
    </span>
  );
}
