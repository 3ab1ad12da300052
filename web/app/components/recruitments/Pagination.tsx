import { useLocale, useT } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';

/** The pages around the current one, the first and the last (null marks a gap). */
export function pageWindow(current: number, pages: number, around = 2): Array<number | null> {
  const shown = new Set([1, pages]);
  for (let page = current - around; page <= current + around; page++) if (page >= 1 && page <= pages) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: Array<number | null> = [];
  sorted.forEach((page, index) => {
    if (index > 0 && page - sorted[index - 1]! > 1) result.push(null);
    result.push(page);
  });
  return result;
}

const itemClass =
  'grid min-h-11 min-w-11 place-items-center rounded-xl border border-line px-3 text-sm hover:border-brand-200 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white';

/** Links to the result pages: each a real URL, so pages can be shared and crawled. */
export function Pagination({
  page,
  pages,
  linkTo,
  testId = 'pagination',
}: {
  page: number;
  pages: number;
  linkTo: (page: number) => string;
  testId?: string;
}) {
  const t = useT();
  const locale = useLocale();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('recruitments.pages')} className="mt-6" data-testid={testId}>
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <LocaleLink to={linkTo(page - 1)} rel="prev" className={itemClass}>
              {t('recruitments.previous')}
            </LocaleLink>
          </li>
        )}
        {pageWindow(page, pages).map((item, index) =>
          item === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={item}>
              <LocaleLink
                to={linkTo(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('recruitments.page', { page: localDigits(item, locale) })}
                className={itemClass}
              >
                {localDigits(item, locale)}
              </LocaleLink>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <LocaleLink to={linkTo(page + 1)} rel="next" className={itemClass}>
              {t('recruitments.next')}
            </LocaleLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
