// One of the applicant's applications in my opportunities: the posting (a link), its employer,
// when it was sent, its state, the timeline of what happened to it in Jalali dates, and Cancel
// while the employer has not decided (asked first; a refusal is a toast).
import { useLocale, useT } from '../../i18n/index.ts';
import { formatJalaliDate } from '../../lib/format.ts';
import { timelineLines } from '../../lib/recruitments/applies-text.ts';
import type { MyApply } from '../../lib/recruitments/applies-types.ts';
import { postingPath } from '../../lib/recruitments/text.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';
import { ConfirmAction } from '../ui/ConfirmAction.tsx';
import { ApplyStateBadge } from './ApplyStateBadge.tsx';
import { EmployerLogo } from './EmployerLogo.tsx';

export function MyApplyCard({
  apply,
  isAsked,
  backTo,
}: {
  apply: MyApply;
  /** Cancel was pressed without JavaScript: the question shows on the card. */
  isAsked: boolean;
  backTo: string;
}) {
  const t = useT();
  const locale = useLocale();
  const { recruitment } = apply;
  const brand = recruitment.employer.brand;
  const titleId = `apply-${apply.id}-title`;
  const lines = timelineLines(apply, t, locale);
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4"
      data-testid="my-apply"
      data-apply-id={apply.id}
    >
      <div className="flex items-start gap-3">
        <EmployerLogo logo={recruitment.employer.logoFileId} brand={brand} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-base font-bold leading-7">
            <LocaleLink to={postingPath(recruitment)} className="text-brand-800 underline-offset-4 hover:underline">
              {recruitment.title}
            </LocaleLink>
          </h3>
          <p className="text-sm text-muted">
            {recruitment.employer.slug ? (
              <LocaleLink to={`/employers/${encodeURIComponent(recruitment.employer.slug)}`} className="underline">
                {brand}
              </LocaleLink>
            ) : (
              brand
            )}
          </p>
        </div>
        <ApplyStateBadge state={apply.state} />
      </div>
      <p className="text-sm">
        <time dateTime={apply.appliedAt}>
          {t('myApplies.card.appliedAt', { date: formatJalaliDate(new Date(apply.appliedAt), locale) })}
        </time>
      </p>
      <ol
        aria-label={t('myApplies.card.timeline', { title: recruitment.title })}
        className="flex flex-col gap-2 border-s-2 border-brand-100 ps-4"
        data-testid="apply-timeline"
      >
        {lines.map((line) => (
          <li key={line.key} className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="font-medium text-ink" data-testid="timeline-text">
              {line.text}
            </span>
            <time dateTime={line.at} className="text-xs text-muted">
              {line.date}
            </time>
          </li>
        ))}
      </ol>
      {apply.cancellable && (
        <div className="flex justify-end">
          <ConfirmAction
            intent="cancelApply"
            testId="cancel-apply"
            fields={{ applyId: apply.id }}
            askFields={{ tab: 'applies', apply: apply.id }}
            triggerLabel={t('myApplies.cancel')}
            triggerName={t('myApplies.cancelName', { title: recruitment.title })}
            title={t('myApplies.cancelTitle')}
            text={t('myApplies.cancelText', { title: recruitment.title })}
            confirmLabel={t('myApplies.cancelYes')}
            doneText={t('myApplies.cancelDone')}
            variant="danger"
            isAsked={isAsked}
            backTo={backTo}
          />
        </div>
      )}
    </article>
  );
}
