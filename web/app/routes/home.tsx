import { Form, useSearchParams } from 'react-router';
import type { Route } from './+types/home';
import { LocaleLink } from '../components/layout/LocaleLink.tsx';
import { SuccessNotice } from '../components/notifications/Notice.tsx';
import { Button, ButtonLink } from '../components/ui/Button.tsx';
import { EmptyState } from '../components/ui/States.tsx';
import { inputClass } from '../components/ui/TextField.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { orEmpty } from '../lib/api.ts';
import { getServerApi } from '../lib/api.server.ts';
import { formatJalaliDate, localDigits } from '../lib/format.ts';
import { localePath } from '../lib/locale.ts';
import type { PageHandle } from '../lib/page-handle.ts';
import { busiestCategories, jobCategories, searchPostings } from '../lib/recruitments/api.ts';
import { EMPTY_STATE } from '../lib/recruitments/query.ts';
import { hasSession } from '../lib/recruitments/session.server.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';
import { seoMeta } from '../lib/seo-meta.ts';
import { readPageMeta } from '../lib/seo.server.ts';
import { PostingCard } from '../components/recruitments/PostingCard.tsx';
import { suggestionTitle } from '../components/recruitments/FilterFields.tsx';

export const handle: PageHandle = { banner: true };

export const meta: Route.MetaFunction = (args) => (args.data ? seoMeta(args, args.data.seo) : []);

/** Sections backed by services that do not exist yet show their empty state. */
async function section<T>(call: Promise<T[] | { items: T[] }>): Promise<T[]> {
  try {
    const result = await orEmpty(call);
    return Array.isArray(result) ? result : (result?.items ?? []);
  } catch (error) {
    console.error('home section unavailable', error);
    return [];
  }
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  const [postings, busiest, categories, promoted, seo] = await Promise.all([
    // The latest postings, as the listing's first page shows them.
    section(
      searchPostings(api, EMPTY_STATE, { loggedIn: hasSession(jar), pageSize: 6 }).then(({ result }) => result.items),
    ),
    section(busiestCategories(api, 8)),
    section(jobCategories(api)),
    section(api.call('get', '/employers/list/promoted')),
    readPageMeta(api, request, { area: 'home' }, { title: 'home.title', description: 'home.description' }),
  ]);
  const titled = busiest
    .filter((item) => item.count > 0)
    .map((item) => ({ ...item, title: categories.find((category) => category.id === item.category) ?? null }))
    .filter((item) => item.title !== null);
  return { postings, busiest: titled, promoted, now: new Date().toISOString(), seo };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { postings, busiest, promoted, now } = loaderData;
  // An email verification link without a resume comes back here (`?emailVerified=1`).
  const [search] = useSearchParams();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pb-14 pt-12 md:pt-20">
          {search.get('emailVerified') === '1' && (
            <SuccessNotice testId="email-verified-notice">{t('account.settings.emailVerifiedDone')}</SuccessNotice>
          )}
          <p className="mb-3 text-sm font-medium text-brand-700">
            {t('home.today', { date: formatJalaliDate(new Date(now), locale) })}
          </p>
          <h1 className="max-w-2xl text-3xl font-extrabold leading-tight text-brand-900 md:text-5xl md:leading-tight">
            {t('home.heroTitle')}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-muted">{t('home.heroText')}</p>
          <Form
            method="get"
            action={localePath(locale, '/applicants/recruitments')}
            role="search"
            className="mt-8 grid gap-3 rounded-2xl bg-white p-3 shadow-lg ring-1 ring-line md:grid-cols-[2fr_1fr_auto]"
          >
            <label className="flex flex-col gap-1">
              <span className="px-1 text-xs font-medium text-muted">{t('home.searchLabel')}</span>
              <input name="q" type="search" placeholder={t('home.searchPlaceholder')} className={inputClass} />
            </label>
            <label className="flex flex-col gap-1">
              <span className="px-1 text-xs font-medium text-muted">{t('home.cityLabel')}</span>
              {/* The city as typed («تهران»): the listing reads a city's title as its id. */}
              <input name="city" type="text" placeholder={t('home.cityPlaceholder')} className={inputClass} />
            </label>
            <Button type="submit" className="self-end min-h-12 px-8">
              {t('home.search')}
            </Button>
          </Form>
        </div>
      </section>

      <section className="mx-auto w-full max-w-6xl px-4 py-10" aria-labelledby="latest-title">
        <h2 id="latest-title" className="mb-5 text-xl font-bold">
          {t('home.latestTitle')}
        </h2>
        {postings.length === 0 ? (
          <EmptyState>{t('home.latestEmpty')}</EmptyState>
        ) : (
          <ul className="grid gap-4 md:grid-cols-3" data-testid="home-latest">
            {postings.map((posting) => (
              <li key={posting.id || posting.slug}>
                <PostingCard posting={posting} now={now} />
              </li>
            ))}
          </ul>
        )}
        <p className="mt-5">
          <LocaleLink to="/applicants/recruitments" className="font-semibold text-brand-700 underline">
            {t('recruitments.home.allJobs')}
          </LocaleLink>
        </p>
      </section>

      <section className="mx-auto w-full max-w-6xl px-4 py-10" aria-labelledby="busiest-title">
        <h2 id="busiest-title" className="mb-5 text-xl font-bold">
          {t('recruitments.home.busiestTitle')}
        </h2>
        {busiest.length === 0 ? (
          <EmptyState>{t('recruitments.home.busiestEmpty')}</EmptyState>
        ) : (
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="home-busiest">
            {busiest.map((item) => (
              <li key={item.category}>
                <LocaleLink
                  to={`/applicants/recruitments/${encodeURIComponent(item.category)}`}
                  className="flex min-h-11 flex-col rounded-2xl border border-line p-4 hover:border-brand-200"
                >
                  <span className="font-semibold">
                    {item.title ? suggestionTitle(item.title, locale) : item.category}
                  </span>
                  <span className="text-sm text-muted">
                    {t('recruitments.home.categoryCount', { count: localDigits(item.count, locale) })}
                  </span>
                </LocaleLink>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mx-auto w-full max-w-6xl px-4 py-10" aria-labelledby="promoted-title">
        <h2 id="promoted-title" className="mb-5 text-xl font-bold">
          {t('home.promotedTitle')}
        </h2>
        {promoted.length === 0 ? (
          <EmptyState>{t('home.promotedEmpty')}</EmptyState>
        ) : (
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-6">
            {promoted.map((employer) => (
              <li key={employer.slug}>
                <LocaleLink
                  to={`/employers/${employer.slug}`}
                  className="block rounded-2xl border border-line p-4 text-center text-sm font-semibold hover:border-brand-200"
                >
                  {employer.brand}
                </LocaleLink>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mx-auto w-full max-w-6xl px-4 py-6">
        <div className="flex flex-col items-start gap-4 rounded-3xl bg-brand-900 p-8 text-white md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-xl font-bold">{t('home.forEmployersTitle')}</h2>
            <p className="mt-1 text-brand-100">{t('home.forEmployersText')}</p>
          </div>
          <ButtonLink
            to={`${localePath(locale, '/login')}?backURL=${encodeURIComponent('/employers')}`}
            variant="secondary"
          >
            {t('home.forEmployersCta')}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
