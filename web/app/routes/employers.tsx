import type { Route } from './+types/employers';
import { LocaleLink } from '../components/layout/LocaleLink.tsx';
import { Page } from '../components/layout/Page.tsx';
import { ButtonLink } from '../components/ui/Button.tsx';
import { EmptyState } from '../components/ui/States.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { getServerApi } from '../lib/api.server.ts';
import { localePath } from '../lib/locale.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';
import { loadViewer } from '../lib/viewer.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'employers.title', 'employers.description');

/** The employer area's entry: the user's organisations (empty until the employer service exists). */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  const viewer = await loadViewer(api, jar);
  return { isLoggedIn: viewer.isLoggedIn, employers: viewer.employers };
}

export default function Employers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <Page title={t('employers.title')} intro={t('employers.description')} testId="employers-page">
      {!loaderData.isLoggedIn ? (
        <EmptyState>
          <p className="mb-4">{t('employers.loginFirst')}</p>
          <ButtonLink to={`${localePath(locale, '/login')}?backURL=${encodeURIComponent('/employers')}`}>{t('header.login')}</ButtonLink>
        </EmptyState>
      ) : loaderData.employers.length === 0 ? (
        <EmptyState>
          <p className="mb-4">{t('employers.empty')}</p>
          <ButtonLink to={localePath(locale, '/employers/add')}>{t('dropdown.addOrganisation')}</ButtonLink>
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {loaderData.employers.map((employer) => (
            <li key={employer.id}>
              <LocaleLink to={`/employers/${employer.slug}/recruitments`} className="block rounded-2xl border border-line p-5 font-semibold hover:border-brand-200">
                {employer.brand ?? employer.registeredName ?? t('dropdown.noBrand')}
              </LocaleLink>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
