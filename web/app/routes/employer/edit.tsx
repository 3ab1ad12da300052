import type { Route } from './+types/edit';
import { ProfileForm } from '../../components/employer/ProfileForm.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { useExcToasts } from '../../components/ui/Toaster.tsx';
import { useT } from '../../i18n/index.ts';
import { loadProfileForm, saveProfileForm } from '../../lib/employer/profile.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'employer.edit.title', 'employer.edit.intro');

/** Editing the profile needs EmployerEdit; without it the 403 page (spec §8). */
export function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  return loadProfileForm(args, `/employers/${encodeURIComponent(args.params.employerSlug)}/edit`);
}

export function action(args: Route.ActionArgs) {
  return saveProfileForm(args);
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
