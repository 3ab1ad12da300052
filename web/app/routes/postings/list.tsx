import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { Form, Link, useLocation, useRouteLoaderData, useSearchParams } from 'react-router';
import type { Route } from './+types/list';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { PostingRow } from '../../components/postings/PostingRow.tsx';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/States.tsx';
import { inputClass } from '../../components/ui/TextField.tsx';
import { toast } from '../../components/ui/Toaster.tsx';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';
import { pageMeta } from '../../lib/meta.ts';
import { loadPostingList, postingListAction } from '../../lib/postings/pages.server.ts';
import { listSearch, pageCount } from '../../lib/postings/query.ts';
import { POSTING_STATUSES, type PostingStatus } from '../../lib/postings/types.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';
import { mayAct, type Viewer } from '../../lib/viewer.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'postings.list.title', 'postings.list.intro', { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  return loadPostingList(args);
}

export const action = (args: Route.ActionArgs) => postingListAction(args);

const RESOURCE_RUN_OUT = 'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT';
const SAVED: Record<string, MessageKey> = {
  draft: 'postings.saved.draft',
  published: 'postings.saved.published',
  updated: 'postings.saved.updated',
};
/** `?saved=` (the form saved and came here): said by a toast, then dropped from the URL. */
function useSavedToast(saved: string | null): void {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  useEffect(() => {
    if (!saved || !SAVED[saved]) return;
    toast.success(t(SAVED[saved]), { id: `saved-${saved}` });
    const next = new URLSearchParams(searchParams);
    next.delete('saved');
    setSearchParams(next, { replace: true, preventScrollReset: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
}

/** The employer's ad list (members): counts by status, title search, pages, and each ad's actions. */
export default function PostingList({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const { employer, query, items, total, pageSize, summary, canCreate, canEdit, asked, saved } = loaderData;
  useSavedToast(saved);
  // Who may open the applications: the header's viewer, whose memberships the page's loader checked.
  const layout = useRouteLoaderData('routes/site-layout') as { viewer?: Viewer } | undefined;
  const canManageApplies = mayAct(
    layout?.viewer?.employers.find((entry) => entry.slug === employer.slug),
    'ApplyManage',
  );
  // A feature or publish refused for want of resources: the buy-package prompt stays on the page.
  const [ranOut, setRanOut] = useState(false);
  const onRefused = (codes: string[]) => setRanOut((was) => was || codes.includes(RESOURCE_RUN_OUT));
  const base = localePath(locale, `/employers/${encodeURIComponent(employer.slug)}/recruitments`);
  const pages = pageCount(total, pageSize);
  const pagePath = `${location.pathname}${listSearch(query, {})}`;
  const newAd = `/recruitments/add?employer=${encodeURIComponent(employer.slug)}`;
  const counts: Record<PostingStatus, number> = summary;
  const filters: Array<{ status: PostingStatus | null; label: string; count: number }> = [
    { status: null, label: t('postings.list.all'), count: summary.total },
    ...POSTING_STATUSES.map((status) => ({ status, label: t(`postings.status.${status}`), count: counts[status] })),
  ];
  return (
    <Page title={t('postings.list.title')} intro={employer.brand ?? undefined} testId="posting-list-page">
      {ranOut && (
        <section
          aria-labelledby="buy-title"
          className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900"
          data-testid="buy-package"
        >
          <div className="min-w-0 flex-1">
            <h2 id="buy-title" className="font-bold">
              {t('postings.list.buyTitle')}
            </h2>
            <p className="text-sm">{t('postings.list.buyText')}</p>
          </div>
          <ButtonLink to={localePath(locale, `/employers/${employer.slug}/pricing`)}>
            {t('postings.list.buy')}
          </ButtonLink>
        </section>
      )}
      <div className="mb-6 flex flex-wrap items-end gap-3">
        <Form method="get" action={base} role="search" className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
          {query.status && <input type="hidden" name="status" value={query.status} />}
          <label className="flex min-w-48 flex-1 flex-col gap-1.5 text-sm font-medium">
            {t('postings.list.search')}
            <input
              type="search"
              name="text"
              defaultValue={query.text}
              className={inputClass}
              data-testid="posting-search"
            />
          </label>
          <Button type="submit" variant="secondary">
            {t('postings.list.searchButton')}
          </Button>
        </Form>
        {canCreate && (
          <ButtonLink to={localePath(locale, newAd)} data-testid="new-posting">
            {t('postings.list.new')}
          </ButtonLink>
        )}
      </div>
      <nav aria-label={t('postings.list.statusFilter')} className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {filters.map((filter) => {
            const current = filter.status === query.status;
            return (
              <li key={filter.status ?? 'all'}>
                <Link
                  to={`${base}${listSearch(query, { status: filter.status, page: 1 })}`}
                  aria-current={current ? 'page' : undefined}
                  className={clsx(
                    'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold',
                    current ? 'border-brand-600 bg-brand-600 text-white' : 'border-line text-ink hover:bg-surface',
                  )}
                  data-testid={`filter-${filter.status ?? 'all'}`}
                >
                  {t('postings.list.count', { label: filter.label, count: localDigits(filter.count, locale) })}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <h2 className="sr-only">{t('postings.list.results')}</h2>
      {items.length === 0 ? (
        <EmptyState title={query.status || query.text ? t('postings.list.emptyFiltered') : t('postings.list.empty')}>
          {canCreate && (
            <LocaleLink to={newAd} className="font-bold text-brand-700 underline" data-testid="empty-new-posting">
              {t('postings.list.new')}
            </LocaleLink>
          )}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="posting-rows">
          {items.map((posting) => (
            <PostingRow
              key={posting.id}
              posting={posting}
              canCreate={canCreate}
              canEdit={canEdit}
              canManageApplies={canManageApplies}
              asked={asked}
              pagePath={pagePath}
              onRefused={onRefused}
            />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t('postings.list.pagination')} className="mt-6 flex items-center justify-between gap-3">
          {query.page > 1 ? (
            <Link
              to={`${base}${listSearch(query, { page: query.page - 1 })}`}
              className="font-semibold text-brand-700 underline"
              rel="prev"
            >
              {t('postings.list.previous')}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted" aria-current="page">
            {t('postings.list.pageOf', { page: localDigits(query.page, locale), pages: localDigits(pages, locale) })}
          </span>
          {query.page < pages ? (
            <Link
              to={`${base}${listSearch(query, { page: query.page + 1 })}`}
              className="font-semibold text-brand-700 underline"
              rel="next"
            >
              {t('postings.list.next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </Page>
  );
}
