import { redirect } from 'react-router';
import type { Route } from './+types/advanced';
import { ProfileForm } from '../../components/employer/ProfileForm.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { useExcToasts } from '../../components/ui/Toaster.tsx';
import { useT } from '../../i18n/index.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { saveProfile } from '../../lib/employer/profile.server.ts';
import { formText, loadEmployer, loginRedirect, requireAccess, runAction } from '../../lib/employer/server.ts';
import { localeFromPath, localePath } from '../../lib/locale.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';
import { loadViewer } from '../../lib/viewer.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'employer.advanced.title', 'employer.advanced.intro');

/** The advanced info after creating an employer (where the 'complete the profile' toast leads). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  const viewer = await loadViewer(api, jar);
  if (!viewer.isLoggedIn) throw loginRedirect(localeFromPath(new URL(request.url).pathname), `/employers/add/${encodeURIComponent(params.employerSlug)}`);
  const employer = await loadEmployer(api, params.employerSlug);
  await requireAccess(api, employer.id, 'EmployerEdit');
  return { employer };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { api } = getServerApi(context);
  const form = await request.formData();
  const locale = localeFromPath(new URL(request.url).pathname);
  return runAction('profile', async () => {
    const saved = await saveProfile(api, formText(form, 'employerId') ?? '', form);
    return redirect(localePath(locale, `/employers/${encodeURIComponent(saved.slug ?? params.employerSlug)}`));
  });
}

export default function AdvancedInfo({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const codes = actionData && 'exc' in actionData ? actionData.exc : undefined;
  useExcToasts(codes, actionData && 'at' in actionData ? actionData.at : undefined);
  return (
    <Page title={t('employer.advanced.title')} intro={t('employer.advanced.intro')} testId="employer-advanced-page">
      <ProfileForm employer={loaderData.employer} codes={codes} submitLabel={t('employer.advanced.submit')} />
    </Page>
  );
}
