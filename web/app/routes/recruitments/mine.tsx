// /applicants/resumes/{slug}/recruitments: my opportunities (spec §2). Recommended and bookmarked
// postings and the applications made with the resume, as tabs in the URL (`?tab=`), so each can be
// shared and works without JavaScript; the completion figure and what matching misses, each with a
// way to the resume editor. The page's action cancels an application.
import { clsx } from 'clsx';
import type { Route } from './+types/mine';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { MyAppliesTab } from '../../components/recruitments/MyAppliesTab.tsx';
import { Pagination } from '../../components/recruitments/Pagination.tsx';
import { PostingCard } from '../../components/recruitments/PostingCard.tsx';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/States.tsx';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { localDigits } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';
import { pageMeta } from '../../lib/meta.ts';
import { loadMine, type MineTab } from '../../lib/recruitments/mine.server.ts';
import { cancelApplyAction } from '../../lib/recruitments/my-applies.server.ts';
import { hasSession } from '../../lib/recruitments/session.server.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'recruitments.mine.title', 'recruitments.mine.description', { noindex: true });

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  return loadMine(api, request, params.locale === 'en' ? 'en' : 'fa', params.slug, hasSession(jar));
}

export async function action({ params, context, request }: Route.ActionArgs) {
  requireKnownLocale(params);
  const { api } = getServerApi(context);
  const form = await request.formData();
  if (form.get('intent') !== 'cancelApply')
    return { ok: false, intent: 'cancelApply' as const, exc: ['EXC_BAD_REQUEST'], at: Date.now() };
  return cancelApplyAction(api, form);
}

/** What matching misses, in words, and the resume builder's step where it is added. */
const MISSING: Record<string, { label: MessageKey; step: string }> = {
  job_titles: { label: 'recruitments.mine.missing.job_titles', step: '/applicants/resumes/add/jobs' },
  skills: { label: 'recruitments.mine.missing.skills', step: '/applicants/resumes/add/skills' },
  city: { label: 'recruitments.mine.missing.city', step: '/applicants/resumes/add/personal' },
  specialty: { label: 'recruitments.mine.missing.specialty', step: '/applicants/resumes/add/personal' },
  educations: { label: 'recruitments.mine.missing.educations', step: '/applicants/resumes/add/educations' },
  languages: { label: 'recruitments.mine.missing.languages', step: '/applicants/resumes/add/skills' },
};

export default function MyOpportunities({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { slug, tab, result, summary, completion, now, applies } = loaderData;
  const base = `/applicants/resumes/${encodeURIComponent(slug)}/recruitments`;
  const pages = Math.max(1, Math.ceil(result.page.total / Math.max(1, result.page.pageSize)));
  const tabs: Array<{ id: MineTab; label: string }> = [
    {
      id: 'recommended',
      label: t('recruitments.mine.recommended', { count: localDigits(summary.recommended, locale) }),
    },
    { id: 'bookmarked', label: t('recruitments.mine.bookmarked', { count: localDigits(summary.bookmarked, locale) }) },
    { id: 'applies', label: t('myApplies.tab', { count: localDigits(applies.summary.total, locale) }) },
  ];
  const tabLink = (id: MineTab) => (id === 'recommended' ? base : `${base}?tab=${id}`);
  const here = `${localePath(locale, base)}${tab === 'recommended' ? '' : `?tab=${tab}`}`;
  return (
    <Page title={t('recruitments.mine.title')} intro={t('recruitments.mine.description')} testId="my-opportunities">
      {completion && (
        <section
          aria-labelledby="completion-title"
          className="mb-8 flex flex-col gap-3 rounded-2xl bg-brand-50 p-4"
          data-testid="completion"
        >
          <h2 id="completion-title" className="font-bold text-brand-900">
            {t('recruitments.mine.completion', { percent: localDigits(completion.percent, locale) })}
          </h2>
          <div className="h-2 overflow-hidden rounded-full bg-white" aria-hidden="true">
            <div
              className="h-full rounded-full bg-brand-600"
              style={{ width: `${Math.min(100, Math.max(0, completion.percent))}%` }}
            />
          </div>
          {completion.missing.length > 0 && (
            <>
              <p className="text-sm">{t('recruitments.mine.missing')}</p>
              <ul className="flex flex-wrap gap-2">
                {completion.missing.map((missing) => (
                  <li key={missing}>
                    <LocaleLink
                      to={`${MISSING[missing]?.step ?? '/applicants/resumes/edit'}?backURL=${encodeURIComponent(here)}`}
                      className="inline-flex min-h-11 items-center rounded-xl border border-brand-200 bg-white px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                      data-testid="missing-link"
                    >
                      {MISSING[missing] ? t(MISSING[missing].label) : missing}
                    </LocaleLink>
                  </li>
                ))}
              </ul>
            </>
          )}
          <p>
            <LocaleLink to="/applicants/resumes/edit" className="text-sm font-semibold text-brand-700 underline">
              {t('recruitments.mine.editResume')}
            </LocaleLink>
          </p>
        </section>
      )}

      <nav aria-label={t('recruitments.mine.tabs')} className="mb-4 flex gap-1 border-b border-line">
        {tabs.map((item) => (
          <LocaleLink
            key={item.id}
            to={tabLink(item.id)}
            aria-current={item.id === tab ? 'page' : undefined}
            className={clsx(
              'inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-medium',
              item.id === tab ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink',
            )}
            data-testid={`mine-tab-${item.id}`}
          >
            {item.label}
          </LocaleLink>
        ))}
      </nav>

      {tab === 'applies' ? (
        <MyAppliesTab base={base} applies={applies} result={actionData} />
      ) : result.items.length === 0 ? (
        <EmptyState>
          <p>{t(tab === 'bookmarked' ? 'recruitments.mine.bookmarkedEmpty' : 'recruitments.mine.recommendedEmpty')}</p>
          <ButtonLink to={localePath(locale, '/applicants/recruitments')} variant="secondary" className="mt-3">
            {t('recruitments.saved.findJobs')}
          </ButtonLink>
        </EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="mine-list">
          {result.items.map((posting) => (
            <li key={posting.slug}>
              <PostingCard posting={posting} now={now} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
      {tab !== 'applies' && (
        <Pagination
          page={result.page.page}
          pages={pages}
          linkTo={(page) => `${base}?${tab === 'bookmarked' ? 'tab=bookmarked&' : ''}page=${page}`}
        />
      )}
      <p className="mt-6">
        <LocaleLink to="/applicants/recruitments/saved" className="text-sm font-semibold text-brand-700 underline">
          {t('recruitments.mine.saved')}
        </LocaleLink>
      </p>
    </Page>
  );
}
