// /applicants/recruitments/saved: the applicant's bookmarked postings (remove, after a question)
// and saved filters (open their results, delete after a question). Linked from the profile
// dropdown, the listing's 'save this filter' and my opportunities.
import { useSearchParams } from 'react-router';
import type { Route } from './+types/saved';
import { ConfirmAction } from '../../components/ui/ConfirmAction.tsx';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { suggestionTitle } from '../../components/recruitments/FilterFields.tsx';
import { Pagination } from '../../components/recruitments/Pagination.tsx';
import { PostingCard } from '../../components/recruitments/PostingCard.tsx';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/States.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { listTitles } from '../../lib/closed-lists.ts';
import { formatJalaliDate, localDigits } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';
import { parseListingQuery } from '../../lib/recruitments/query.ts';
import { loadSaved, savedAction, type SavedData } from '../../lib/recruitments/saved.server.ts';
import { hasSession } from '../../lib/recruitments/session.server.ts';
import { experienceChoiceText } from '../../lib/recruitments/text.ts';
import type { SavedFilter } from '../../lib/recruitments/types.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';
import { seoMeta } from '../../lib/seo-meta.ts';
import { readPageMeta } from '../../lib/seo.server.ts';

export const meta: Route.MetaFunction = (args) => (args.data ? seoMeta(args, args.data.seo) : []);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  const [saved, seo] = await Promise.all([
    loadSaved(api, request, params.locale === 'en' ? 'en' : 'fa', hasSession(jar)),
    readPageMeta(
      api,
      request,
      { area: 'applicants', page: 'saved' },
      { title: 'recruitments.saved.title', description: 'recruitments.saved.description', noindex: true },
    ),
  ]);
  return { ...saved, seo };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  requireKnownLocale(params);
  return savedAction(getServerApi(context).api, request);
}

/** What a saved filter asks for, in words: its text and the titles of its choices. */
function useFilterSummary(categories: SavedData['categories']) {
  const t = useT();
  const locale = useLocale();
  return (filter: SavedFilter): string => {
    const state = parseListingQuery(new URLSearchParams(filter.params));
    const category = state.jobCategories
      .map((id) => categories.find((item) => item.id === id))
      .map((item) => (item ? suggestionTitle(item, locale) : null));
    const parts = [
      state.text && `«${state.text}»`,
      ...category,
      listTitles(
        [
          ['cities', state.cities[0]],
          ['provinces', state.cities.length ? null : state.provinces[0]],
          ['employmentTypes', state.employmentTypes[0]],
          ['workTypes', state.workTypes[0]],
          ['facilityTypes', state.facilityTypes[0]],
          ['medicalSpecialties', state.medicalSpecialties[0]],
        ],
        locale,
        ' · ',
      ),
      ...state.shiftPatterns.map((shift) => t(`recruitments.shift.${shift}`)),
      state.maxExperienceYears !== null && experienceChoiceText(state.maxExperienceYears, locale, t),
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(' · ') : t('recruitments.saved.noCriteria');
  };
}

export default function SavedRecruitments({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const [search] = useSearchParams();
  const { bookmarks, filters, categories, now } = loaderData;
  const summary = useFilterSummary(categories);
  const asked = search.get('confirm');
  const here = localePath(locale, '/applicants/recruitments/saved');
  const pages = Math.max(1, Math.ceil(bookmarks.page.total / Math.max(1, bookmarks.page.pageSize)));
  return (
    <Page title={t('recruitments.saved.title')} intro={t('recruitments.saved.description')} testId="saved-page">
      <section aria-labelledby="saved-filters" className="mb-10">
        <h2 id="saved-filters" className="mb-4 text-xl font-bold">
          {t('recruitments.saved.filters')}
        </h2>
        {filters.length === 0 ? (
          <EmptyState>{t('recruitments.saved.filtersEmpty')}</EmptyState>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="saved-filters">
            {filters.map((filter) => (
              <li
                key={filter.id}
                className="flex flex-col gap-3 rounded-2xl border border-line p-4 sm:flex-row sm:items-center"
                data-testid="saved-filter"
              >
                <div className="min-w-0 flex-1">
                  <h3 className="font-bold">{filter.name}</h3>
                  <p className="text-sm text-muted">{summary(filter)}</p>
                  {filter.createdAt && (
                    <p className="text-xs text-muted">
                      {t('recruitments.saved.created', { date: formatJalaliDate(new Date(filter.createdAt), locale) })}
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap gap-2">
                  <ButtonLink
                    to={`${localePath(locale, '/applicants/recruitments')}${filter.params ? `?${filter.params}` : ''}`}
                    aria-label={t('recruitments.saved.openNamed', { name: filter.name })}
                    data-testid="saved-filter-open"
                  >
                    {t('recruitments.saved.open')}
                  </ButtonLink>
                  <ConfirmAction
                    intent="deleteFilter"
                    triggerLabel={t('recruitments.saved.delete')}
                    title={t('recruitments.saved.deleteTitle')}
                    text={t('recruitments.saved.deleteText', { name: filter.name })}
                    confirmLabel={t('recruitments.saved.delete')}
                    variant="danger"
                    isAsked={asked === 'deleteFilter' && search.get('filterId') === filter.id}
                    backTo={here}
                    testId="delete-filter"
                    fields={{ filterId: filter.id }}
                    askFields={{ filterId: filter.id }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="saved-bookmarks">
        <h2 id="saved-bookmarks" className="mb-4 text-xl font-bold">
          {t('recruitments.saved.bookmarks')}{' '}
          <span className="text-base font-normal text-muted">({localDigits(bookmarks.page.total, locale)})</span>
        </h2>
        {bookmarks.items.length === 0 ? (
          <EmptyState>
            <p>{t('recruitments.saved.bookmarksEmpty')}</p>
            <ButtonLink to={localePath(locale, '/applicants/recruitments')} variant="secondary" className="mt-3">
              {t('recruitments.saved.findJobs')}
            </ButtonLink>
          </EmptyState>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" data-testid="saved-bookmarks">
            {bookmarks.items.map((posting) => (
              <li key={posting.slug}>
                <PostingCard
                  posting={posting}
                  now={now}
                  actions={
                    <ConfirmAction
                      intent="removeBookmark"
                      triggerLabel={t('recruitments.saved.remove')}
                      title={t('recruitments.saved.removeTitle')}
                      text={t('recruitments.saved.removeText', { title: posting.title })}
                      confirmLabel={t('recruitments.saved.remove')}
                      variant="danger"
                      isAsked={asked === 'removeBookmark' && search.get('slug') === posting.slug}
                      backTo={here}
                      testId="remove-bookmark"
                      fields={{ slug: posting.slug }}
                      askFields={{ slug: posting.slug }}
                    />
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={bookmarks.page.page}
          pages={pages}
          linkTo={(page) => `/applicants/recruitments/saved?page=${page}`}
          testId="saved-pages"
        />
        <p className="mt-6">
          <LocaleLink to="/applicants/recruitments" className="text-sm font-semibold text-brand-700 underline">
            {t('recruitments.saved.findJobs')}
          </LocaleLink>
        </p>
      </section>
    </Page>
  );
}
