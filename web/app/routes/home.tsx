import { Form, useLocation } from 'react-router';
import type { Route } from './+types/home';
import { LocaleLink } from '../components/layout/LocaleLink.tsx';
import { Button, ButtonLink } from '../components/ui/Button.tsx';
import { EmptyState } from '../components/ui/States.tsx';
import { inputClass } from '../components/ui/TextField.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { orEmpty } from '../lib/api.ts';
import { getServerApi } from '../lib/api.server.ts';
import { formatJalaliDate, formatRelativeDate } from '../lib/format.ts';
import { localePath } from '../lib/locale.ts';
import { pageMeta } from '../lib/meta.ts';
import type { PageHandle } from '../lib/page-handle.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';
import { rememberRecruitmentsBackURL } from '../lib/session-storage.ts';

interface PostingSummary {
  slug: string;
  title: string;
  employerBrand?: string;
  city?: string;
  publishedAt?: string;
}

export const handle: PageHandle = { banner: true };

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'home.title', 'home.description');

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

export async function loader({ params, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api } = getServerApi(context);
  const [postings, promoted] = await Promise.all([
    // Postings are not in the gateway's contract yet (the recruitment service serves only
    // suggestions so far): untyped, and empty while the gateway answers EXC_API_NOT_FOUND.
    section<PostingSummary>(api.get('/recruitments', { query: { page: 1, pageSize: 6 } })),
    section(api.call('get', '/employers/list/promoted')),
  ]);
  return { postings, promoted, now: new Date().toISOString() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { postings, promoted, now } = loaderData;
  const location = useLocation();
  // A recruitment opened from here comes back here (spec §3's recruitments back URL).
  const rememberHere = () => rememberRecruitmentsBackURL(`${location.pathname}${location.search}`);
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pb-14 pt-12 md:pt-20">
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
          <ul className="grid gap-4 md:grid-cols-3">
            {postings.map((posting) => (
              <li key={posting.slug} className="rounded-2xl border border-line p-5">
                <LocaleLink
                  to={`/applicants/recruitments/${posting.slug}`}
                  onClick={rememberHere}
                  className="font-bold hover:text-brand-700"
                >
                  {posting.title}
                </LocaleLink>
                <p className="text-sm text-muted">
                  {[posting.employerBrand, posting.city].filter(Boolean).join(' · ')}
                </p>
                {posting.publishedAt && (
                  <p className="mt-2 text-xs text-muted">
                    {formatRelativeDate(new Date(posting.publishedAt), locale, new Date(now))}
                  </p>
                )}
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
