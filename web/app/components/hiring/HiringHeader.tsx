import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.ts';
import type { BoardPosting } from '../../lib/hiring/pages.server.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';

const linkClass =
  'inline-flex min-h-11 items-center rounded-xl border border-brand-200 bg-white px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50';

/** The heading band of the hiring pages: which posting, and the ways to its ad list, form and public page. */
export function HiringHeader({
  title,
  posting,
  children,
  titleIsHeading = true,
}: {
  title: string;
  /** False where the page's own content holds its first-level heading (the resume's name). */
  titleIsHeading?: boolean;
  posting: BoardPosting;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="border-b border-line bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-8">
        {titleIsHeading ? (
          <h1 className="text-3xl font-extrabold text-brand-900">{title}</h1>
        ) : (
          <p className="text-2xl font-extrabold text-brand-900">{title}</p>
        )}
        <p className="text-lg break-words text-ink" data-testid="hiring-posting-title">
          {t('applies.detail.forPosting', { title: posting.title })}
        </p>
        {children}
        <nav aria-label={t('applies.board.title')} className="flex flex-wrap gap-2">
          <LocaleLink to={`/employers/${encodeURIComponent(posting.employerSlug)}/recruitments`} className={linkClass}>
            {t('applies.board.adList')}
          </LocaleLink>
          {(posting.status === 'draft' || posting.status === 'published') && (
            <LocaleLink to={`/recruitments/${encodeURIComponent(posting.id)}/edit`} className={linkClass}>
              {t('applies.board.editPosting')}
            </LocaleLink>
          )}
          {posting.publicPath && (
            <LocaleLink to={posting.publicPath} className={linkClass} data-testid="hiring-public-page">
              {t('applies.board.publicPage')}
            </LocaleLink>
          )}
        </nav>
      </div>
    </div>
  );
}
