// /recruitments/{id}/apply-management/steps/{stepId}/applies/{applyId}: one application as the
// employer reads it (spec §2): the resume as it was applied, its neighbours in the step, and what
// may be done with it. Opening it marks it read and records the viewer.
import type { Route } from './+types/apply';
import { ApplyActions } from '../../components/hiring/ApplyActions.tsx';
import { ApplyTimeline } from '../../components/hiring/ApplyTimeline.tsx';
import { HiringHeader } from '../../components/hiring/HiringHeader.tsx';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { ResumeView } from '../../components/resume/ResumeView.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { listTitle } from '../../lib/closed-lists.ts';
import { formatJalaliDate, localDigits } from '../../lib/format.ts';
import { loadApply } from '../../lib/hiring/pages.server.ts';
import { applyPath, boardPath, filterSearch } from '../../lib/hiring/query.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'applies.detail.title', 'applies.detail.intro', { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  return loadApply(args);
}

const navLink =
  'inline-flex min-h-11 items-center rounded-xl border border-brand-200 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50';

export default function ApplyPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { posting, steps, stepId, filters, detail, neighbours } = loaderData;
  const { apply, resume, timeline, viewers } = detail;
  const search = filterSearch(filters);
  const to = (applyId: string) => `${applyPath(posting.id, stepId, applyId)}${search}`;
  const step = steps.find((candidate) => candidate.id === apply.step.id) ?? apply.step;
  return (
    <div data-testid="apply-page">
      <HiringHeader title={t('applies.detail.title')} posting={posting} titleIsHeading={false}>
        <p>
          <LocaleLink
            to={`${boardPath(posting.id)}${search}`}
            className="font-semibold text-brand-700 underline"
            data-testid="back-to-board"
          >
            {t('applies.detail.back')}
          </LocaleLink>
        </p>
      </HiringHeader>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8">
        <nav
          aria-label={t('applies.detail.navigation')}
          className="flex flex-wrap items-center justify-between gap-3"
          data-testid="apply-neighbours"
        >
          {neighbours.previousId ? (
            <LocaleLink to={to(neighbours.previousId)} className={navLink} rel="prev" data-testid="apply-previous">
              {t('applies.detail.previous')}
            </LocaleLink>
          ) : (
            <span />
          )}
          {neighbours.total > 0 && (
            <span className="text-sm text-muted" data-testid="apply-position">
              {t('applies.detail.position', {
                position: localDigits(neighbours.position, locale),
                total: localDigits(neighbours.total, locale),
              })}
            </span>
          )}
          {neighbours.nextId ? (
            <LocaleLink to={to(neighbours.nextId)} className={navLink} rel="next" data-testid="apply-next">
              {t('applies.detail.next')}
            </LocaleLink>
          ) : (
            <span />
          )}
        </nav>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0">
            <ResumeView resume={resume} />
          </div>
          <aside className="flex min-w-0 flex-col gap-6">
            <div className="flex flex-col gap-1 rounded-2xl border border-line p-4 text-sm" data-testid="apply-status">
              <p className="font-semibold text-ink" data-testid="apply-step">
                {t('applies.detail.step', { step: step.name })}
              </p>
              <p className="text-muted">
                {t('applies.detail.applied', { date: formatJalaliDate(new Date(apply.appliedAt), locale) })}
              </p>
              {apply.rejectionReason && (
                <p className="text-danger" data-testid="apply-rejection">
                  {t('applies.card.rejectedBecause', {
                    reason: listTitle('rejectionReasons', apply.rejectionReason, locale) ?? apply.rejectionReason,
                  })}
                </p>
              )}
              {apply.rejectionDescription && <p className="break-words text-ink">{apply.rejectionDescription}</p>}
            </div>
            <ApplyActions
              apply={apply}
              steps={steps}
              filters={filters}
              customFileName={resume.customFileName ?? null}
            />
            <ApplyTimeline timeline={timeline} viewers={viewers.length} />
          </aside>
        </div>
      </div>
    </div>
  );
}
