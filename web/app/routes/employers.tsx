import type { Route } from './+types/employers';
import { LocaleLink } from '../components/layout/LocaleLink.tsx';
import { Page } from '../components/layout/Page.tsx';
import { ButtonLink } from '../components/ui/Button.tsx';
import { EmptyState } from '../components/ui/States.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { getServerApi } from '../lib/api.server.ts';
import { logoUrl } from '../lib/employer/types.ts';
import { localePath } from '../lib/locale.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';
import { seoMeta } from '../lib/seo-meta.ts';
import { readPageMeta } from '../lib/seo.server.ts';
import { loadViewer } from '../lib/viewer.server.ts';

export const meta: Route.MetaFunction = (args) => (args.data ? seoMeta(args, args.data.seo) : []);

/** The employer area's entry: pick one of the user's organisations, or create one. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  const [viewer, seo] = await Promise.all([
    loadViewer(api, jar),
    readPageMeta(
      api,
      request,
      { area: 'employers', page: 'index' },
      { title: 'employers.title', description: 'employers.description' },
    ),
  ]);
  return { isLoggedIn: viewer.isLoggedIn, employers: viewer.employers, seo };
}

export default function Employers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <Page title={t('employers.title')} intro={t('employers.description')} testId="employers-page">
      {!loaderData.isLoggedIn ? (
        <EmptyState>
          <p className="mb-4">{t('employers.loginFirst')}</p>
          <ButtonLink to={`${localePath(locale, '/login')}?backURL=${encodeURIComponent('/employers')}`}>
            {t('header.login')}
          </ButtonLink>
        </EmptyState>
      ) : loaderData.employers.length === 0 ? (
        <EmptyState>
          <p className="mb-4">{t('employers.empty')}</p>
          <ButtonLink to={localePath(locale, '/employers/add')} data-testid="create-employer">
            {t('dropdown.addOrganisation')}
          </ButtonLink>
        </EmptyState>
      ) : (
        <>
          <h2 className="mb-4 text-lg font-bold">{t('employer.pick.title')}</h2>
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="my-employers">
            {loaderData.employers.map((employer) => {
              const logo = logoUrl(employer.logo);
              return (
                <li key={employer.id}>
                  <LocaleLink
                    to={`/employers/${employer.slug}`}
                    className="flex items-center gap-3 rounded-2xl border border-line p-5 hover:border-brand-200"
                  >
                    {logo ? (
                      <img src={logo} alt="" width={40} height={40} className="size-10 rounded-lg object-cover" />
                    ) : (
                      <span
                        aria-hidden="true"
                        className="grid size-10 place-items-center rounded-lg bg-brand-50 font-bold text-brand-700"
                      >
                        {(employer.brand ?? '؟').slice(0, 1)}
                      </span>
                    )}
                    <span className="min-w-0">
                      <span className="block truncate font-semibold">
                        {employer.brand ?? employer.registeredName ?? t('dropdown.noBrand')}
                      </span>
                      <span className="block text-xs text-muted">
                        {employer.isSelfEmployed ? t('employer.add.selfEmployed') : t('employer.add.organisation')}
                        {' · '}
                        {employer.role === 'agent' ? t('employer.pick.agent') : t('employer.pick.owner')}
                      </span>
                    </span>
                  </LocaleLink>
                </li>
              );
            })}
          </ul>
          <div className="mt-6">
            <ButtonLink to={localePath(locale, '/employers/add')} variant="secondary" data-testid="create-employer">
              {t('dropdown.addOrganisation')}
            </ButtonLink>
          </div>
        </>
      )}
    </Page>
  );
}
