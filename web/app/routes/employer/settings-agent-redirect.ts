import type { Route } from './+types/settings-agent-redirect';
import { redirectToEmployerSettings } from '../../lib/employer/settings-redirect.server.ts';

/** `/settings/agent` moved under the employer: `/employers/{employerSlug}/settings/agent`. */
export function loader(args: Route.LoaderArgs) {
  return redirectToEmployerSettings('agent', args);
}
