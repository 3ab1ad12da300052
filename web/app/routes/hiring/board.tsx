// /recruitments/{id}/apply-management: a posting's applications along its hiring steps (spec §2),
// for the employer's members with ApplyManage.
import type { Route } from './+types/board';
import { ApplyBoard } from '../../components/hiring/ApplyBoard.tsx';
import { BoardFilters } from '../../components/hiring/BoardFilters.tsx';
import { HiringAnalytics } from '../../components/hiring/HiringAnalytics.tsx';
import { HiringHeader } from '../../components/hiring/HiringHeader.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { loadBoard } from '../../lib/hiring/pages.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'applies.board.title', 'applies.board.intro', { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  return loadBoard(args);
}

export default function ApplyManagement({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { posting, flow, columns, filters, invalid, analytics, activeStepId } = loaderData;
  return (
    <div data-testid="apply-management-page">
      <HiringHeader title={t('applies.board.title')} posting={posting}>
        {flow.templateName && (
          <p className="text-sm text-muted">{t('applies.board.template', { name: flow.templateName })}</p>
        )}
      </HiringHeader>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8">
        <BoardFilters filters={filters} invalid={invalid} />
        {flow.elsewhere > 0 && (
          <p className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t('applies.board.elsewhere', { count: localDigits(flow.elsewhere, locale) })}
          </p>
        )}
        <section aria-label={t('applies.board.steps')}>
          {flow.steps.length === 0 ? (
            <p className="text-muted">{t('applies.board.noSteps')}</p>
          ) : (
            <ApplyBoard
              recruitmentId={posting.id}
              flow={flow}
              columns={columns}
              filters={filters}
              activeStepId={activeStepId}
            />
          )}
        </section>
        <HiringAnalytics analytics={analytics} />
      </div>
    </div>
  );
}
