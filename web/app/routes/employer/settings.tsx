import type { Route } from './+types/settings';
import { LinkCards, type LinkCard } from '../../components/layout/LinkCards.tsx';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { useT } from '../../i18n/index.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { hasAccess, loadEmployer, loginRedirect } from '../../lib/employer/server.ts';
import { localeFromPath } from '../../lib/locale.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';
import { loadViewer } from '../../lib/viewer.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'employer.settings.title', 'employer.settings.intro');

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  const viewer = await loadViewer(api, jar);
  if (!viewer.isLoggedIn)
    throw loginRedirect(
      localeFromPath(new URL(request.url).pathname),
      `/employers/${encodeURIComponent(params.employerSlug)}/settings`,
    );
  const employer = await loadEmployer(api, params.employerSlug);
  const [canEdit, canManageAgents] = await Promise.all([
    hasAccess(api, employer.id, 'EmployerEdit'),
    hasAccess(api, employer.id, 'AgentManage'),
  ]);
  return {
    slug: employer.slug,
    brand: employer.brand,
    isProfileCompleted: employer.isProfileCompleted,
    canEdit,
    canManageAgents,
  };
}

/** The selected employer's settings: each item links to its screen under `/employers/{slug}/settings/`. */
export default function EmployerSettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { slug } = loaderData;
  const items: Array<LinkCard & { shown: boolean }> = [
    {
      to: `/employers/${slug}/edit`,
      title: 'dropdown.editProfile',
      text: 'employer.settings.profileText',
      shown: loaderData.canEdit,
      testId: 'settings-edit',
    },
    {
      to: `/employers/${encodeURIComponent(slug)}/settings/agent`,
      title: 'employer.agents.title',
      text: 'employer.settings.agentsText',
      shown: loaderData.canManageAgents,
      testId: 'settings-agents',
    },
    {
      to: `/employers/${encodeURIComponent(slug)}/settings/hiring-customization`,
      title: 'employer.hiring.title',
      text: 'employer.settings.hiringText',
      shown: loaderData.canEdit,
      testId: 'settings-hiring',
    },
  ];
  return (
    <Page title={t('employer.settings.title')} intro={loaderData.brand ?? undefined} testId="employer-settings-page">
      {!loaderData.isProfileCompleted && (
        <p
          className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="profile-incomplete"
        >
          {t('employer.settings.incomplete')}{' '}
          <LocaleLink to={`/employers/add/${slug}`} className="font-bold underline">
            {t('toast.completeProfile')}
          </LocaleLink>
        </p>
      )}
      <LinkCards cards={items.filter((item) => item.shown)} />
    </Page>
  );
}
