// The job listing (spec §2; issue 18 item 6): search box, filters as a side panel on desktop and a
// sheet on phones, cards, sort, pagination and 'save this filter'. Every control is a GET form or
// a link, so the whole state is the URL and the page works without JavaScript.
import { clsx } from 'clsx';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Form, useFetcher, useLocation, useNavigate, useNavigation } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { localePath, stripLocale } from '../../lib/locale.ts';
import type { ListingData } from '../../lib/recruitments/listing.server.ts';
import { pageCount, SEARCH_TOTAL_LIMIT } from '../../lib/recruitments/text.ts';
import type { SaveFilterResult } from '../../lib/recruitments/types.ts';
import {
  activeFilterCount,
  FILTER_PARAMS,
  listingSearch,
  listingSearchParams,
  MAX_TEXT_LENGTH,
  SORT_ORDERS,
  withPage,
  type ListingState,
} from '../../lib/recruitments/query.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { EmptyState } from '../ui/States.tsx';
import { inputClass } from '../ui/TextField.tsx';
import { toast, useExcToasts } from '../ui/Toaster.tsx';
import { FilterFields, HiddenState } from './FilterFields.tsx';
import { Pagination } from './Pagination.tsx';
import { PostingCard } from './PostingCard.tsx';

const FiltersSheet = lazy(() => import('./FiltersSheet.tsx'));

/** The state as this page's links spell it: a category page's category is its address, not a parameter. */
export function ownState(data: ListingData): ListingState {
  return data.category ? { ...data.state, jobCategories: [] } : data.state;
}

function FiltersForm({
  data,
  basePath,
  idPrefix,
  onSubmitInstead,
}: {
  data: ListingData;
  basePath: string;
  idPrefix: string;
  /** Takes the submission over (the sheet closes first, then goes to the results). */
  onSubmitInstead?: (search: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const params = listingSearchParams(ownState(data), { withPage: false });
  return (
    <Form
      method="get"
      action={localePath(locale, basePath)}
      onSubmit={
        onSubmitInstead &&
        ((event) => {
          event.preventDefault();
          const fields = new URLSearchParams();
          for (const [name, value] of new FormData(event.currentTarget)) fields.append(name, String(value));
          onSubmitInstead(fields.toString());
        })
      }
      aria-label={t('recruitments.filters')}
      className="flex flex-col gap-4"
      data-testid={`${idPrefix}-filters`}
    >
      {/* A new choice starts from the first page; the text and the sort stay. */}
      <HiddenState params={params} except={[...FILTER_PARAMS, 'page']} />
      <FilterFields state={data.state} categories={data.categories} fixedCategory={data.category?.id} />
      <Button type="submit" data-testid={`${idPrefix}-apply`}>
        {t('recruitments.filtersApply')}
      </Button>
      {activeFilterCount(data.state) > 0 && (
        <LocaleLink
          to={`${basePath}${listingSearch({ ...ownState(data), ...clearedFilters }, { withPage: false })}`}
          className="text-center text-sm font-semibold text-brand-700 underline"
        >
          {t('recruitments.filtersClear')}
        </LocaleLink>
      )}
    </Form>
  );
}

const clearedFilters = {
  jobCategories: [],
  provinces: [],
  cities: [],
  employmentTypes: [],
  workTypes: [],
  facilityTypes: [],
  medicalSpecialties: [],
  shiftPatterns: [],
  salaryFrom: null,
  salaryTo: null,
  maxExperienceYears: null,
};

function SortForm({ data, basePath }: { data: ListingData; basePath: string }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const params = listingSearchParams(ownState(data), { withPage: false });
  const orders = SORT_ORDERS.filter((order) => order !== 'relevance' || data.state.text);
  return (
    <Form
      method="get"
      action={localePath(locale, basePath)}
      ref={formRef}
      className="flex items-center gap-2"
      data-testid="sort-form"
    >
      <HiddenState params={params} except={['order', 'page']} />
      <label htmlFor={id} className="text-sm text-muted">
        {t('recruitments.sort')}
      </label>
      <select
        id={id}
        name="order"
        defaultValue={data.state.order}
        className={clsx(inputClass, 'appearance-auto w-auto pe-8')}
        onChange={() => formRef.current?.requestSubmit()}
        data-testid="sort-select"
      >
        {orders.map((order) => (
          <option key={order} value={order}>
            {t(`recruitments.sort.${order}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-xl border border-line px-3 py-2 text-sm">
          {t('recruitments.searchButton')}
        </button>
      </noscript>
    </Form>
  );
}

function SaveFilter({ data, basePath }: { data: ListingData; basePath: string }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const id = useId();
  const fetcher = useFetcher<SaveFilterResult>();
  const [name, setName] = useState('');
  useExcToasts(fetcher.data?.exc, fetcher.data?.at);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data?.ok) return;
    toast.success(t('recruitments.saveFilterDone', { name: fetcher.data.name ?? '' }), {
      id: `saved-${fetcher.data.at}`,
    });
    setName('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  // The saved query means the same search: the category page's category included, no page.
  const queryString = listingSearchParams(data.state, { withPage: false }).toString();
  if (!data.loggedIn) {
    const back = `${stripLocale(location.pathname)}${location.search}`;
    return (
      <p className="text-sm">
        <LocaleLink
          to={`/login?backURL=${encodeURIComponent(back)}`}
          className="font-semibold text-brand-700 underline"
          data-testid="save-filter-login"
        >
          {t('recruitments.saveFilterLogin')}
        </LocaleLink>
      </p>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={`${localePath(locale, basePath)}${location.search}`}
      className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4"
      aria-labelledby={`${id}-title`}
      data-testid="save-filter"
    >
      <h2 id={`${id}-title`} className="text-sm font-bold">
        {t('recruitments.saveFilter')}
      </h2>
      <input type="hidden" name="intent" value="saveFilter" />
      <input type="hidden" name="params" value={queryString} />
      <label htmlFor={id} className="text-sm text-muted">
        {t('recruitments.saveFilterName')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="name"
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          placeholder={t('recruitments.saveFilterPlaceholder')}
          className={clsx(inputClass, 'min-w-0 flex-1')}
          data-testid="save-filter-name"
        />
        <Button type="submit" isDisabled={fetcher.state !== 'idle'} data-testid="save-filter-submit">
          {t('recruitments.saveFilterSubmit')}
        </Button>
      </div>
      <LocaleLink to="/applicants/recruitments/saved" className="text-xs font-semibold text-brand-700 underline">
        {t('recruitments.saveFilterSeeAll')}
      </LocaleLink>
    </fetcher.Form>
  );
}

export function ListingPage({ data, basePath }: { data: ListingData; basePath: string }) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const searchId = useId();
  const [sheetOpen, setSheetOpen] = useState(false);
  // The sheet's code is fetched on the first press, then the sheet stays mounted.
  const [sheetWanted, setSheetWanted] = useState(false);
  const { state, result, category, quota } = data;
  const pages = pageCount(result);
  const filters = activeFilterCount(state);
  const title = category
    ? t('recruitments.categoryTitle', {
        category: locale === 'en' && category.titleEn ? category.titleEn : category.title,
      })
    : t('recruitments.title');
  // The sheet closes once its search has loaded.
  useEffect(() => {
    if (navigation.state === 'idle') setSheetOpen(false);
  }, [navigation.state, data.search]);
  const navigate = useNavigate();
  // The open sheet owns a history entry (back closes it) that closing it takes back. Going to
  // the results while it is open would have that step back undo the search: close first, then go.
  const submitFromSheet = (search: string) => {
    const target = `${localePath(locale, basePath)}?${search}`;
    let gone = false;
    const go = () => {
      if (gone) return;
      gone = true;
      window.removeEventListener('popstate', go);
      void navigate(target);
    };
    window.addEventListener('popstate', go);
    window.setTimeout(go, 400);
    setSheetOpen(false);
  };
  const links = ownState(data);
  const searchParams = listingSearchParams(links, { withPage: false });
  const formKey = data.search;
  return (
    <div data-testid="recruitments-page">
      <div className="border-b border-line bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-8">
          <h1 className="text-2xl font-extrabold text-brand-900 md:text-3xl">{title}</h1>
          <Form
            key={`search-${formKey}`}
            method="get"
            action={localePath(locale, basePath)}
            role="search"
            aria-label={t('recruitments.search')}
            className="mt-5 flex flex-col gap-2 sm:flex-row sm:items-end"
          >
            <HiddenState params={searchParams} except={['q', 'page']} />
            <div className="flex flex-1 flex-col gap-1.5">
              <label htmlFor={searchId} className="text-sm font-medium text-ink">
                {t('recruitments.searchLabel')}
              </label>
              <input
                id={searchId}
                name="q"
                type="search"
                defaultValue={state.text}
                maxLength={MAX_TEXT_LENGTH}
                placeholder={t('recruitments.searchPlaceholder')}
                className={inputClass}
                data-testid="search-text"
              />
            </div>
            <Button type="submit" className="min-h-12 px-8" data-testid="search-submit">
              {t('recruitments.searchButton')}
            </Button>
          </Form>
          {quota && (
            <p className="mt-4 text-sm text-muted" data-testid="quota">
              {quota.remaining > 0
                ? t('recruitments.quota', { count: localDigits(quota.remaining, locale) })
                : t('recruitments.quotaNone')}{' '}
              <LocaleLink
                to={`/login?backURL=${encodeURIComponent(`${basePath}${listingSearch(links)}`)}`}
                className="font-semibold text-brand-700 underline"
              >
                {t('recruitments.quotaLogin')}
              </LocaleLink>
            </p>
          )}
        </div>
      </div>

      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 lg:grid-cols-[18rem_1fr]">
        {/* Without JavaScript the sheet's button cannot open it: the panel shows on phones too. */}
        <noscript>
          <style>
            {'#recruitment-filters{display:flex!important}[data-testid="filters-sheet-open"]{display:none!important}'}
          </style>
        </noscript>
        <aside
          id="recruitment-filters"
          aria-label={t('recruitments.filters')}
          className="hidden flex-col gap-6 lg:flex"
        >
          <FiltersForm key={`panel-${formKey}`} data={data} basePath={basePath} idPrefix="panel" />
          <SaveFilter data={data} basePath={basePath} />
        </aside>

        <section aria-labelledby="results-title" className="min-w-0">
          <h2 id="results-title" className="sr-only">
            {t('recruitments.results')}
          </h2>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" aria-live="polite" data-testid="recruitments-total">
              {result.page.total > SEARCH_TOTAL_LIMIT
                ? t('recruitments.totalMore', { count: localDigits(SEARCH_TOTAL_LIMIT, locale) })
                : t('recruitments.total', { count: localDigits(result.page.total, locale) })}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <Button
                variant="secondary"
                className="lg:hidden"
                onPress={() => {
                  setSheetWanted(true);
                  setSheetOpen(true);
                }}
                data-testid="filters-sheet-open"
              >
                {filters > 0
                  ? t('recruitments.filtersActive', { count: localDigits(filters, locale) })
                  : t('recruitments.filters')}
              </Button>
              <SortForm key={`sort-${formKey}`} data={data} basePath={basePath} />
            </div>
          </div>
          {result.items.length === 0 ? (
            <EmptyState title={t('recruitments.empty')}>
              <p>{t('recruitments.emptyHint')}</p>
              <ButtonLink
                to={localePath(locale, '/applicants/recruitments')}
                variant="secondary"
                className="mt-3"
                data-testid="empty-way-out"
              >
                {t('recruitments.emptyAction')}
              </ButtonLink>
            </EmptyState>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2" data-testid="recruitments-list">
              {result.items.map((posting) => (
                <li key={posting.id || posting.slug}>
                  <PostingCard posting={posting} now={data.now} />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={state.page}
            pages={pages}
            linkTo={(page) => `${basePath}${listingSearch(withPage(links, page))}`}
          />
          <div className="mt-6 lg:hidden">
            <SaveFilter data={data} basePath={basePath} />
          </div>
        </section>
      </div>

      {sheetWanted && (
        <Suspense fallback={null}>
          <FiltersSheet isOpen={sheetOpen} onOpenChange={setSheetOpen} title={t('recruitments.filters')}>
            <FiltersForm
              key={`sheet-${formKey}`}
              data={data}
              basePath={basePath}
              idPrefix="sheet"
              onSubmitInstead={submitFromSheet}
            />
          </FiltersSheet>
        </Suspense>
      )}
    </div>
  );
}
