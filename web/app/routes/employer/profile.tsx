import { useEffect, useState } from 'react';
import { useRouteLoaderData, useSearchParams, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/profile';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/States.tsx';
import { Tabs } from '../../components/ui/Tabs.tsx';
import { OpenPositions } from '../../components/postings/OpenPositions.tsx';
import { orEmpty } from '../../lib/api.ts';
import { postingsApi } from '../../lib/postings/api.ts';
import { useLocale, useT } from '../../i18n/index.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { toSlugRouteError } from '../../lib/errors.ts';
import { listTitle, listTitles } from '../../lib/closed-lists.ts';
import { logoUrl } from '../../lib/employer/types.ts';
import { formatJalaliDate, localDigits } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';
import { errorMeta } from '../../lib/meta.ts';
import { seoMeta } from '../../lib/seo-meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const TABS = ['about', 'positions', 'benefits', 'contact'] as const;
type TabId = (typeof TABS)[number];

export async function loader({ params, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api } = getServerApi(context);
  let profile;
  try {
    profile = await api.call('get', '/employers/by-slug-with-seo/{slug}', { params: { slug: params.employerSlug } });
  } catch (error) {
    // An unknown slug is the not-found page (404), not a failure.
    throw toSlugRouteError(error, 'EXC_EMPLOYERS_NOT_FOUND');
  }
  // The open-positions tab: the service answers only open postings to anyone but a member, and the
  // tab lists only those. A failure leaves the tab empty rather than the profile unreadable.
  const positions = await orEmpty(postingsApi.list(api, profile.employer.id, { pageSize: 50 }))
    .then((page) => (page?.items ?? []).filter((posting) => posting.status === 'published'))
    .catch(() => []);
  return { ...profile, positions };
}

/** Switching tabs only rewrites `activeTab`: the employer is not fetched again for it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const query = new URLSearchParams(url.search);
    query.delete('activeTab');
    return query.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = ({ data, location, matches }) => {
  if (!data) return errorMeta({ location, matches }, 'error.notFoundTitle');
  return seoMeta({ location, matches }, data.seo);
};

function Row({ label, value, ltr }: { label: string; value: string | null | undefined; ltr?: boolean }) {
  if (!value) return null;
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="min-w-36 text-sm text-muted">{label}</dt>
      <dd className="font-medium" dir={ltr ? 'ltr' : undefined}>
        {value}
      </dd>
    </div>
  );
}

/** The employer's public profile; the tab is kept in `activeTab` so a link opens it again. */
export default function EmployerProfile({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { employer } = loaderData;
  const layout = useRouteLoaderData('routes/site-layout') as
    { canEditEmployer?: boolean; viewer?: { employers: Array<{ slug: string }> } } | undefined;
  const isMember = Boolean(layout?.viewer?.employers.some((e) => e.slug === employer.slug));
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('activeTab');
  const fromUrl: TabId = (TABS as readonly string[]).includes(asked ?? '') ? (asked as TabId) : 'about';
  // The tab changes at once; the URL follows (replace, no new history entry, no refetch).
  const [active, setActive] = useState<TabId>(fromUrl);
  useEffect(() => setActive(fromUrl), [fromUrl]);
  const logo = logoUrl(employer.logo, 128);
  const name = employer.brand ?? employer.registeredName ?? t('dropdown.noBrand');
  return (
    <div data-testid="employer-profile-page">
      <div className="border-b border-line bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center gap-4 px-4 py-8">
          {logo ? (
            <img
              src={logo}
              alt={t('dropdown.logoAlt')}
              width={80}
              height={80}
              className="size-20 rounded-2xl object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-20 place-items-center rounded-2xl bg-brand-100 text-3xl font-black text-brand-700"
            >
              {name.slice(0, 1)}
            </span>
          )}
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-extrabold text-brand-900" data-testid="employer-brand">
              {name}
            </h1>
            {employer.registeredName && employer.brand && <p className="text-muted">{employer.registeredName}</p>}
            <p className="text-sm text-muted" data-testid="employer-place">
              {listTitles(
                [
                  ['industries', employer.industry],
                  ['provinces', employer.province],
                  ['cities', employer.city],
                ],
                locale,
              )}
            </p>
          </div>
          {isMember && layout?.canEditEmployer && (
            <ButtonLink
              to={localePath(locale, `/employers/${employer.slug}/edit`)}
              variant="secondary"
              data-testid="edit-employer-link"
            >
              {t('dropdown.editProfile')}
            </ButtonLink>
          )}
        </div>
      </div>
      <div className="mx-auto w-full max-w-4xl px-4 py-6">
        <Tabs
          label={t('employer.profile.tabs')}
          selectedKey={active}
          onSelectionChange={(key) => {
            setActive(key as TabId);
            const next = new URLSearchParams(searchParams);
            next.set('activeTab', key);
            setSearchParams(next, { replace: true, preventScrollReset: true });
          }}
          items={[
            {
              id: 'about',
              title: t('employer.profile.about'),
              content: (
                <div className="flex flex-col gap-4">
                  {employer.about ? (
                    <p className="whitespace-pre-line leading-8">{employer.about}</p>
                  ) : (
                    <EmptyState>{t('employer.profile.noAbout')}</EmptyState>
                  )}
                  <dl className="flex flex-col gap-3">
                    <Row
                      label={t('employer.field.employerType')}
                      value={listTitle('employerTypes', employer.employerType, locale)}
                    />
                    <Row
                      label={t('employer.field.ownershipType')}
                      value={listTitle('ownershipTypes', employer.ownershipType, locale)}
                    />
                    <Row
                      label={t('employer.field.numberOfEmployees')}
                      value={employer.numberOfEmployees ? localDigits(employer.numberOfEmployees, locale) : null}
                    />
                    <Row
                      label={t('employer.field.establishmentDate')}
                      value={
                        employer.establishmentDate
                          ? formatJalaliDate(new Date(`${employer.establishmentDate}T12:00:00Z`), locale)
                          : null
                      }
                    />
                  </dl>
                </div>
              ),
            },
            {
              id: 'positions',
              title: t('employer.profile.positions'),
              content: (
                <OpenPositions
                  postings={loaderData.positions}
                  brand={name}
                  emptyTitle={t('employer.profile.noPositions')}
                />
              ),
            },
            {
              id: 'benefits',
              title: t('employer.profile.benefits'),
              content:
                (employer.benefits ?? []).length === 0 ? (
                  <EmptyState>{t('employer.profile.noBenefits')}</EmptyState>
                ) : (
                  <ul className="list-inside list-disc leading-8">
                    {(employer.benefits ?? []).map((benefit) => (
                      <li key={benefit}>{benefit}</li>
                    ))}
                  </ul>
                ),
            },
            {
              id: 'contact',
              title: t('employer.profile.contact'),
              content:
                employer.address || employer.phone || employer.website || employer.province || employer.city ? (
                  <dl className="flex flex-col gap-3">
                    <Row
                      label={t('employer.field.province')}
                      value={listTitle('provinces', employer.province, locale)}
                    />
                    <Row label={t('employer.field.city')} value={listTitle('cities', employer.city, locale)} />
                    <Row label={t('employer.field.address')} value={employer.address} />
                    <Row
                      label={t('employer.field.phone')}
                      value={employer.phone ? localDigits(employer.phone, locale) : null}
                      ltr
                    />
                    {employer.website && (
                      <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
                        <dt className="min-w-36 text-sm text-muted">{t('employer.field.website')}</dt>
                        <dd dir="ltr">
                          <a href={employer.website} rel="noopener nofollow" className="text-brand-700 underline">
                            {employer.website}
                          </a>
                        </dd>
                      </div>
                    )}
                  </dl>
                ) : (
                  <EmptyState>{t('employer.profile.noContact')}</EmptyState>
                ),
            },
          ]}
        />
        {isMember && (
          <p className="mt-6 text-sm">
            <LocaleLink to={`/employers/${employer.slug}/settings`} className="text-brand-700 underline">
              {t('dropdown.settings')}
            </LocaleLink>
          </p>
        )}
      </div>
    </div>
  );
}
