import { useT } from '../../i18n/index.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';

export interface Crumb {
  label: string;
  /** None for the current page. */
  to?: string;
}

/** Where a page sits on the site: links up to it, the page itself marked as current. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const t = useT();
  return (
    <nav aria-label={t('blog.breadcrumbs')} className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`} className="flex items-center gap-1">
            {index > 0 && <span aria-hidden="true">/</span>}
            {crumb.to ? (
              <LocaleLink to={crumb.to} className="text-brand-700 hover:underline">
                {crumb.label}
              </LocaleLink>
            ) : (
              <span aria-current="page" className="text-ink">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
