import type { Route } from './+types/settings-hiring-redirect';
import { redirectToEmployerSettings } from '../../lib/employer/settings-redirect.server.ts';

/** `/settings/hiring-customization` moved under the employer: `/employers/{employerSlug}/settings/hiring-customization`. */
export function loader(args: Route.LoaderArgs) {
  return redirectToEmployerSettings('hiring-customization', args);
}
