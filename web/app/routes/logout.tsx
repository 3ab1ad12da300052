import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { browserApi } from '../lib/api.ts';
import { getServerApi } from '../lib/api.server.ts';
import { localeFromPath, localePath } from '../lib/locale.ts';
import { clearSessionStorage } from '../lib/session-storage.ts';

function home(request: Request): string {
  return localePath(localeFromPath(new URL(request.url).pathname), '/');
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(home(request));
}

/** Without JavaScript: the server signs out through the gateway and forwards its cookies. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = getServerApi(context);
  await api.call('delete', '/authentication/logout').catch((error: unknown) => console.error('logout failed', error));
  return redirect(home(request));
}

/** With JavaScript: the browser signs out itself and clears what it kept (spec §4). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  await browserApi()
    .call('delete', '/authentication/logout')
    .catch((error: unknown) => console.error('logout failed', error));
  clearSessionStorage();
  return redirect(home(request));
}
