import type { Route } from './+types/advanced';
import { ProfileForm } from '../../components/employer/ProfileForm.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { useExcToasts } from '../../components/ui/Toaster.tsx';
import { useT } from '../../i18n/index.ts';
import { loadProfileForm, saveProfileForm } from '../../lib/employer/profile.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'employer.advanced.title', 'employer.advanced.intro');

/** The advanced info after creating an employer (where the 'complete the profile' toast leads). */
export function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  return loadProfileForm(args, `/employers/add/${encodeURIComponent(args.params.employerSlug)}`);
}

export function action(args: Route.ActionArgs) {
  return saveProfileForm(args);
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
