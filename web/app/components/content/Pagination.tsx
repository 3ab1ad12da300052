import { useLocale, useT } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';

const linkClass =
  'inline-flex min-h-11 items-center rounded-xl border border-line px-4 text-sm font-bold text-brand-700 hover:bg-brand-50';

/** Previous and next page links (plain links: crawlers and people without JavaScript follow them). */
export function Pagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  const t = useT();
  const locale = useLocale();
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={t('blog.pagination')}
      className="mt-10 flex items-center justify-between gap-3"
      data-testid="blog-pagination"
    >
      {page > 1 ? (
        <LocaleLink to={hrefFor(page - 1)} rel="prev" className={linkClass}>
          {t('blog.previous')}
        </LocaleLink>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted">
        {t('blog.pageOf', { page: localDigits(page, locale), pages: localDigits(pages, locale) })}
      </p>
      {page < pages ? (
        <LocaleLink to={hrefFor(page + 1)} rel="next" className={linkClass}>
          {t('blog.next')}
        </LocaleLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
