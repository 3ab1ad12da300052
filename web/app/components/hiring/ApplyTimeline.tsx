import { useLocale, useT } from '../../i18n/index.ts';
import { formatJalaliDate, formatTehranTime, localDigits } from '../../lib/format.ts';
import type { TimelineEntry } from '../../lib/hiring/types.ts';

/** What happened to the application, earliest first, and how many people have opened it. */
export function ApplyTimeline({ timeline, viewers }: { timeline: TimelineEntry[]; viewers: number }) {
  const t = useT();
  const locale = useLocale();
  const time = (iso: string) => {
    const date = new Date(iso);
    return `${formatJalaliDate(date, locale)}، ${formatTehranTime(date, locale)}`;
  };
  return (
    <section aria-labelledby="apply-timeline" className="flex flex-col gap-3" data-testid="apply-timeline">
      <h2 id="apply-timeline" className="text-lg font-bold text-brand-900">
        {t('applies.detail.timeline')}
      </h2>
      <ol className="flex flex-col gap-2 border-s-2 border-brand-200 ps-4">
        {timeline.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="flex flex-col" data-testid="timeline-entry">
            <span className="font-semibold text-ink">
              {t('applies.detail.entry', { change: t(`applies.detail.change.${entry.change}`), step: entry.step.name })}
            </span>
            <time dateTime={entry.at} className="text-xs text-muted">
              {time(entry.at)}
            </time>
          </li>
        ))}
      </ol>
      <p className="text-sm text-muted" data-testid="apply-viewers">
        {t('applies.detail.viewers', { count: localDigits(viewers, locale) })}
      </p>
    </section>
  );
}
