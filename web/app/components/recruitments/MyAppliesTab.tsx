// My opportunities' applications tab: the counts by state as filter chips (links, so a filtered
// list has its own URL and works without JavaScript), the applications as cards, and pages.
import { clsx } from 'clsx';
import { useLocation, useSearchParams } from 'react-router';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';
import type { AppliesTabData } from '../../lib/recruitments/my-applies.server.ts';
import type { ApplyActionResult, ApplyState, MyApplySummary } from '../../lib/recruitments/applies-types.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';
import { ButtonLink } from '../ui/Button.tsx';
import { EmptyState } from '../ui/States.tsx';
import { ApplyRefusal } from './ApplyRefusal.tsx';
import { MyApplyCard } from './MyApplyCard.tsx';
import { Pagination } from './Pagination.tsx';

const CHIPS: Array<{ state: ApplyState | null; label: MessageKey; count: keyof MyApplySummary }> = [
  { state: null, label: 'myApplies.filter.all', count: 'total' },
  { state: 'in_progress', label: 'myApplies.filter.in_progress', count: 'inProgress' },
  { state: 'accepted', label: 'myApplies.filter.accepted', count: 'accepted' },
  { state: 'rejected', label: 'myApplies.filter.rejected', count: 'rejected' },
  { state: 'cancelled', label: 'myApplies.filter.cancelled', count: 'cancelled' },
];

export function MyAppliesTab({
  base,
  applies,
  result,
}: {
  /** The page's path without locale or query. */
  base: string;
  applies: AppliesTabData;
  /** The page's action answer after a cancel posted without JavaScript. */
  result: ApplyActionResult | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const [search] = useSearchParams();
  const { summary, state, result: list } = applies;
  const linkTo = (next: { state?: ApplyState | null; page?: number }) => {
    const query = new URLSearchParams({ tab: 'applies' });
    const chosen = next.state === undefined ? state : next.state;
    if (chosen) query.set('state', chosen);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    return `${base}?${query.toString()}`;
  };
  const backTo = `${location.pathname}?${new URLSearchParams(
    [...search.entries()].filter(([name]) => name !== 'confirm' && name !== 'apply'),
  ).toString()}`;
  const refused = result && !result.ok && result.intent === 'cancelApply' ? (result.exc ?? []) : [];
  const pages = list ? Math.max(1, Math.ceil(list.page.total / Math.max(1, list.page.pageSize))) : 1;

  return (
    <section aria-labelledby="my-applies-title" className="flex flex-col gap-4" data-testid="my-applies">
      <h2 id="my-applies-title" className="text-lg font-bold text-ink">
        {t('myApplies.heading')}
      </h2>
      <nav aria-label={t('myApplies.filters')}>
        <ul className="flex flex-wrap gap-2">
          {CHIPS.map((chip) => (
            <li key={chip.state ?? 'all'}>
              <LocaleLink
                to={linkTo({ state: chip.state, page: 1 })}
                aria-current={chip.state === state ? 'page' : undefined}
                className={clsx(
                  'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold',
                  chip.state === state
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-line bg-white text-ink hover:border-brand-200',
                )}
                data-testid={`applies-chip-${chip.state ?? 'all'}`}
              >
                {t(chip.label, { count: localDigits(summary[chip.count], locale) })}
              </LocaleLink>
            </li>
          ))}
        </ul>
      </nav>
      {summary.total > 0 && (
        <p className="text-sm text-muted" data-testid="applies-read-count">
          {t('myApplies.readCount', {
            count: localDigits(summary.read, locale),
            total: localDigits(summary.total, locale),
          })}
        </p>
      )}
      <ApplyRefusal codes={refused} title={t('myApplies.cancelTitle')} />
      {applies.unavailable || !list ? (
        <EmptyState>
          <p>{t('myApplies.unavailable')}</p>
        </EmptyState>
      ) : list.items.length === 0 ? (
        <EmptyState>
          <p>{t(state ? 'myApplies.emptyState' : 'myApplies.empty')}</p>
          {!state && (
            <ButtonLink to={localePath(locale, '/applicants/recruitments')} variant="secondary" className="mt-3">
              {t('recruitments.saved.findJobs')}
            </ButtonLink>
          )}
        </EmptyState>
      ) : (
        <ul className="grid gap-3" data-testid="my-applies-list">
          {list.items.map((apply) => (
            <li key={apply.id}>
              <MyApplyCard
                apply={apply}
                isAsked={search.get('confirm') === 'cancelApply' && search.get('apply') === apply.id}
                backTo={backTo}
              />
            </li>
          ))}
        </ul>
      )}
      {list && (
        <Pagination
          page={list.page.page}
          pages={pages}
          linkTo={(page) => linkTo({ page })}
          testId="applies-pagination"
        />
      )}
    </section>
  );
}
