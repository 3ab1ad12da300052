import { redirect } from 'react-router';
import type { Route } from './+types/edit';
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

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'employer.edit.title', 'employer.edit.intro');

/** Editing the profile needs EmployerEdit; without it the 403 page (spec §8). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  const viewer = await loadViewer(api, jar);
  if (!viewer.isLoggedIn) throw loginRedirect(localeFromPath(new URL(request.url).pathname), `/employers/${encodeURIComponent(params.employerSlug)}/edit`);
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

export default function EditEmployer({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const codes = actionData && 'exc' in actionData ? actionData.exc : undefined;
  useExcToasts(codes, actionData && 'at' in actionData ? actionData.at : undefined);
  return (
    <Page title={t('employer.edit.title')} intro={loaderData.employer.brand ?? undefined} testId="employer-edit-page">
      <ProfileForm employer={loaderData.employer} codes={codes} submitLabel={t('employer.edit.submit')} />
    </Page>
  );
}
