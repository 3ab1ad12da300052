import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { useLocale, useT } from '../../i18n/index.ts';
import { formatNumber, localDigits } from '../../lib/format.ts';
import { dayLabel, hoursLabel } from '../../lib/hiring/analytics-format.ts';
import type { Analytics, AnalyticsAnswer } from '../../lib/hiring/types.ts';

const PerDayChart = lazy(() => import('./AnalyticsCharts.tsx').then((module) => ({ default: module.PerDayChart })));
const StepTimeChart = lazy(() => import('./AnalyticsCharts.tsx').then((module) => ({ default: module.StepTimeChart })));

const DAYS = 30;
const cell = 'border-b border-line px-2 py-1.5 text-start';

/** A chart drawn for the eye (hidden from screen readers) with its numbers in a table under it. */
function ChartWithTable({
  title,
  summary,
  chart,
  table,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <figure aria-labelledby={id} className="flex min-w-0 flex-col gap-2 rounded-2xl border border-line p-4">
      <figcaption id={id} className="font-bold text-brand-900">
        {title}
        <span className="sr-only"> {summary}</span>
      </figcaption>
      <div aria-hidden="true" className="h-64 min-w-0" dir="ltr">
        {hydrated && <Suspense fallback={null}>{chart}</Suspense>}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">{t('applies.analytics.table')}</summary>
        <div className="mt-2 max-h-72 overflow-auto">{table}</div>
      </details>
    </figure>
  );
}

function AnalyticsFigures({ analytics }: { analytics: Analytics }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink" data-testid="analytics-total">
        {t('applies.analytics.total', { count: formatNumber(analytics.total, locale) })}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartWithTable
          title={t('applies.analytics.perDay', { days: localDigits(DAYS, locale) })}
          summary={t('applies.analytics.perDayChart')}
          chart={<PerDayChart analytics={analytics} />}
          table={
            <table className="w-full" data-testid="analytics-per-day">
              <caption className="sr-only">
                {t('applies.analytics.perDay', { days: localDigits(DAYS, locale) })}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={cell}>
                    {t('applies.analytics.date')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('applies.analytics.count')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {analytics.applicationsPerDay.map((day) => (
                  <tr key={day.date}>
                    <th scope="row" className={`${cell} font-normal`}>
                      {dayLabel(day.date, locale)}
                    </th>
                    <td className={cell}>{formatNumber(day.count, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
        <ChartWithTable
          title={t('applies.analytics.timeInStep')}
          summary={t('applies.analytics.timeInStepChart')}
          chart={<StepTimeChart analytics={analytics} />}
          table={
            <table className="w-full" data-testid="analytics-steps">
              <caption className="sr-only">{t('applies.analytics.timeInStep')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={cell}>
                    {t('applies.analytics.step')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('applies.analytics.average')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('applies.analytics.median')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('applies.analytics.left')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('applies.analytics.current')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {analytics.steps.map((entry) => (
                  <tr key={entry.step.id}>
                    <th scope="row" className={`${cell} font-normal`}>
                      {entry.step.name}
                    </th>
                    <td className={cell}>{hoursLabel(entry.averageHours, locale)}</td>
                    <td className={cell}>{hoursLabel(entry.medianHours, locale)}</td>
                    <td className={cell}>{formatNumber(entry.left, locale)}</td>
                    <td className={cell}>{formatNumber(entry.current, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      </div>
    </div>
  );
}

/** Applications per day and time on each step, for this posting or every posting on its template. */
export function HiringAnalytics({ analytics }: { analytics: AnalyticsAnswer | null }) {
  const t = useT();
  const id = useId();
  const [scope, setScope] = useState<'recruitment' | 'template'>('recruitment');
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4" data-testid="hiring-analytics">
      <h2 id={`${id}-title`} className="text-xl font-bold text-brand-900">
        {t('applies.analytics.title')}
      </h2>
      {!analytics ? (
        <p className="text-sm text-muted">{t('applies.analytics.none')}</p>
      ) : (
        <>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1.5 text-sm font-medium">{t('applies.analytics.scope')}</legend>
            {(['recruitment', 'template'] as const).map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-scope`}
                  value={value}
                  checked={scope === value}
                  onChange={() => setScope(value)}
                  className="size-5 accent-brand-600"
                  data-testid={`analytics-scope-${value}`}
                />
                {value === 'recruitment'
                  ? t('applies.analytics.recruitment')
                  : t('applies.analytics.template', { name: analytics.templateName })}
              </label>
            ))}
          </fieldset>
          <AnalyticsFigures analytics={analytics[scope]} />
        </>
      )}
    </section>
  );
}
