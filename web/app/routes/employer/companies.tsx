import { clsx } from 'clsx';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/companies';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ClosedListSelect, ProvinceCityFields } from '../../components/ui/ClosedListSelect.tsx';
import { EmptyState } from '../../components/ui/States.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { orEmpty } from '../../lib/api.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { toRouteError } from '../../lib/errors.ts';
import { listIdOf, listTitles, type ClosedListName } from '../../lib/closed-lists.ts';
import { logoUrl } from '../../lib/employer/types.ts';
import { localDigits } from '../../lib/format.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';
import { seoMeta } from '../../lib/seo-meta.ts';
import { listingCanonical, readPageMeta } from '../../lib/seo.server.ts';

export const meta: Route.MetaFunction = (args) => (args.data ? seoMeta(args, args.data.seo) : []);

export const COMPANY_FILTERS = ['text', 'province', 'city', 'industry', 'employerType'] as const;
/** The filters picked from a closed list (docs/adr/023): the query carries the item's id. */
const LIST_FILTERS: Partial<Record<(typeof COMPANY_FILTERS)[number], ClosedListName>> = {
  province: 'provinces',
  city: 'cities',
  industry: 'industries',
  employerType: 'employerTypes',
};
const PAGE_SIZE = 20;

/** Companies for applicants: text search and filters, promoted first, the page in the URL. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api } = getServerApi(context);
  const url = new URL(request.url);
  const filters: Record<string, string> = {};
  for (const name of COMPANY_FILTERS) {
    const typed = url.searchParams.get(name)?.trim();
    // A link made while the filters took typed text ("تهران") still works; a value naming no item is dropped.
    const list = LIST_FILTERS[name];
    const value = list ? listIdOf(list, typed) : typed;
    if (value) filters[name] = value;
  }
  const page = url.searchParams.get('page') ?? '1';
  try {
    const [answer, seo] = await Promise.all([
      orEmpty(api.call('get', '/employers/list', { query: { ...filters, page, pageSize: String(PAGE_SIZE) } })),
      readPageMeta(
        api,
        request,
        { area: 'employers', page: 'companies' },
        { title: 'employer.companies.title', description: 'employer.companies.intro' },
      ),
    ]);
    // The canonical names the list without its filters; from page 2 on, that page of it.
    return {
      filters,
      result: answer ?? { items: [], page: 1, pageSize: PAGE_SIZE, total: 0 },
      seo: listingCanonical(seo, Number(page) || 1),
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function Companies({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const { filters, result } = loaderData;
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  // On phones the filters wait behind a toggle, so the first screen shows results.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = Object.keys(filters).length;
  const pageLink = (page: number) => {
    const query = new URLSearchParams(filters);
    query.set('page', String(page));
    return `/applicants/companies?${query.toString()}`;
  };
  return (
    <Page title={t('employer.companies.title')} intro={t('employer.companies.intro')} testId="companies-page">
      <button
        type="button"
        className="mb-4 flex min-h-11 w-full items-center justify-between rounded-xl border border-line px-4 text-sm font-semibold text-ink hover:bg-surface sm:hidden"
        aria-expanded={filtersOpen}
        aria-controls="companies-filters"
        onClick={() => setFiltersOpen((open) => !open)}
        data-testid="companies-filters-toggle"
      >
        {activeFilters > 0
          ? t('employer.companies.filtersActive', { count: localDigits(activeFilters, locale) })
          : t('employer.companies.filters')}
        <svg
          viewBox="0 0 24 24"
          className={clsx('size-5 transition-transform', filtersOpen && 'rotate-180')}
          aria-hidden="true"
        >
          <path
            d="m6 9 6 6 6-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {/* Without JavaScript the toggle cannot open them: the filters are shown instead. */}
      <noscript>
        <style>
          {'#companies-filters{display:grid!important}[data-testid="companies-filters-toggle"]{display:none!important}'}
        </style>
      </noscript>
      <Form
        id="companies-filters"
        method="get"
        role="search"
        aria-label={t('employer.companies.search')}
        className={clsx('mb-8 grid gap-3 sm:grid-cols-3', !filtersOpen && 'max-sm:hidden')}
        data-testid="companies-filters"
      >
        <TextField
          key={`text-${filters.text ?? ''}`}
          name="text"
          label={t('employer.companies.filter.text')}
          defaultValue={filters.text ?? ''}
        />
        <ProvinceCityFields
          key={`place-${filters.province ?? ''}-${filters.city ?? ''}`}
          provinceLabel={t('employer.companies.filter.province')}
          cityLabel={t('employer.companies.filter.city')}
          defaultProvince={filters.province}
          defaultCity={filters.city}
        />
        <ClosedListSelect
          key={`industry-${filters.industry ?? ''}`}
          list="industries"
          name="industry"
          label={t('employer.companies.filter.industry')}
          defaultValue={filters.industry}
        />
        <ClosedListSelect
          key={`type-${filters.employerType ?? ''}`}
          list="employerTypes"
          name="employerType"
          label={t('employer.companies.filter.employerType')}
          defaultValue={filters.employerType}
        />
        <div className="flex items-end">
          <Button
            type="submit"
            isDisabled={navigation.state === 'loading'}
            className="w-full"
            data-testid="companies-search"
          >
            {t('employer.companies.search')}
          </Button>
        </div>
      </Form>
      <p className="mb-3 text-sm text-muted" aria-live="polite" data-testid="companies-total">
        {t('employer.companies.total', { count: localDigits(result.total, locale) })}
      </p>
      {result.items.length === 0 ? (
        <EmptyState>{t('employer.companies.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="companies-list">
          {result.items.map((employer) => {
            const logo = logoUrl(employer.logo);
            const name = employer.brand ?? employer.registeredName ?? t('dropdown.noBrand');
            return (
              <li key={employer.id}>
                <LocaleLink
                  to={`/employers/${employer.slug}`}
                  className="flex items-center gap-3 rounded-2xl border border-line p-4 hover:border-brand-200"
                  data-testid="company-card"
                >
                  {logo ? (
                    <img src={logo} alt="" width={48} height={48} className="size-12 rounded-xl object-cover" />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="grid size-12 place-items-center rounded-xl bg-brand-50 text-lg font-bold text-brand-700"
                    >
                      {name.slice(0, 1)}
                    </span>
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">{name}</span>
                    <span className="block truncate text-xs text-muted">
                      {listTitles(
                        [
                          ['industries', employer.industry],
                          ['provinces', employer.province],
                          ['cities', employer.city],
                        ],
                        locale,
                      )}
                    </span>
                  </span>
                  {employer.isPromoted && (
                    <span
                      className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900"
                      data-testid="promoted-badge"
                    >
                      {t('employer.companies.promoted')}
                    </span>
                  )}
                </LocaleLink>
              </li>
            );
          })}
        </ul>
      )}
      {pages > 1 && (
        <nav
          aria-label={t('employer.companies.pages')}
          className="mt-6 flex flex-wrap gap-2"
          data-testid="companies-pages"
        >
          {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
            <LocaleLink
              key={page}
              to={pageLink(page)}
              aria-current={page === result.page ? 'page' : undefined}
              className="grid min-h-11 min-w-11 place-items-center rounded-xl border border-line px-3 text-sm aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
            >
              {localDigits(page, locale)}
            </LocaleLink>
          ))}
        </nav>
      )}
    </Page>
  );
}
