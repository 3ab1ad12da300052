// A posting in a list (the listing, the home page, bookmarks, my opportunities): title linking to
// the detail, employer logo and brand, city, salary or 'agreed', shift and facility badges and the
// relative date (spec §9). Opening it remembers the list as the recruitments back URL (spec §3).
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { listTitles } from '../../lib/closed-lists.ts';
import { publishedText, postingPath, salaryText } from '../../lib/recruitments/text.ts';
import type { PostingCard as Card } from '../../lib/recruitments/types.ts';
import { rememberRecruitmentsBackURL } from '../../lib/session-storage.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';
import { FacilityBadge, FeaturedBadge, ShiftBadges } from './Badges.tsx';
import { EmployerLogo } from './EmployerLogo.tsx';

/** Keeps the page a posting is opened from (path and query, with its locale) as the way back. */
export function useRememberList(): () => void {
  const location = useLocation();
  return () => rememberRecruitmentsBackURL(`${location.pathname}${location.search}`);
}

export function PostingCard({
  posting,
  now,
  headingLevel = 3,
  actions,
}: {
  posting: Card;
  /** The render's "now" (from the loader), so server and browser agree on 'today'. */
  now: string;
  headingLevel?: 2 | 3;
  /** Extra controls under the card (remove a bookmark). */
  actions?: ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  const remember = useRememberList();
  const brand = posting.employer?.brand || t('recruitments.card.noBrand');
  const place = listTitles(
    [
      ['provinces', posting.province],
      ['cities', posting.city],
    ],
    locale,
    '، ',
  );
  const published = publishedText(posting.publishedAt, locale, new Date(now));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const closed = posting.status === 'closed' || posting.status === 'archived';
  return (
    <article
      className="relative flex h-full flex-col gap-3 rounded-2xl border border-line bg-white p-4 focus-within:ring-2 focus-within:ring-brand-200 hover:border-brand-200"
      data-testid="posting-card"
    >
      <div className="flex items-start gap-3">
        <EmployerLogo logo={posting.employer.logo} brand={brand} />
        <div className="min-w-0 flex-1">
          <Heading className="text-base font-bold leading-7">
            <LocaleLink
              to={postingPath(posting)}
              onClick={remember}
              className="outline-none after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:underline"
              data-testid="posting-link"
            >
              {posting.title}
            </LocaleLink>
          </Heading>
          <p className="truncate text-sm text-muted">{[brand, place].filter(Boolean).join(' · ')}</p>
        </div>
        {posting.featured && <FeaturedBadge />}
      </div>
      <p className="text-sm font-semibold text-brand-900" data-testid="posting-salary">
        {salaryText(posting.minSalaryRials, posting.maxSalaryRials, locale, t)}
      </p>
      <div className="flex flex-wrap gap-1.5">
        <ShiftBadges shifts={posting.shiftPatterns} />
        <FacilityBadge facility={posting.facilityType} />
        {closed && (
          <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
            {t('recruitments.card.closed')}
          </span>
        )}
      </div>
      <div className="mt-auto flex items-center justify-between gap-2">
        {published && (
          <p className="text-xs text-muted">
            <time dateTime={posting.publishedAt ?? undefined}>{published}</time>
          </p>
        )}
        {/* Above the card's stretched link, so its own controls stay pressable. */}
        {actions && <div className="relative z-10 ms-auto">{actions}</div>}
      </div>
    </article>
  );
}
