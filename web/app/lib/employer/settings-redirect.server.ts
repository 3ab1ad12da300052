import { redirect, type RouterContextProvider } from 'react-router';
import { getServerApi } from '../api.server.ts';
import { localeFromPath, localePath } from '../locale.ts';
import { requireKnownLocale } from '../route-guards.ts';
import { loadViewer } from '../viewer.server.ts';
import { selectedEmployerSlugFor } from '../viewer.ts';
import { loginRedirect } from './server.ts';

/** The settings screens that live under `/employers/{employerSlug}/settings/` (spec §2). */
export type EmployerSettingsScreen = 'agent' | 'hiring-customization';

/** Where a settings screen of an employer is. */
export function employerSettingsPath(slug: string, screen: EmployerSettingsScreen): string {
  return `/employers/${encodeURIComponent(slug)}/settings/${screen}`;
}

/**
 * The old root paths (`/settings/agent`, `/settings/hiring-customization`, `?employer={slug}`)
 * send the browser to the screen under the employer they meant: `?employer=` when it is one of
 * the viewer's, else the viewer's first employer; the rest of the query is kept. Someone with no
 * employer goes to `/employers` (pick or create one); a logged-out visitor logs in first and
 * comes back here. The target depends on who asks, so the redirect is a 302.
 */
export async function redirectToEmployerSettings(
  screen: EmployerSettingsScreen,
  {
    request,
    params,
    context,
  }: { request: Request; params: { locale?: string }; context: Readonly<RouterContextProvider> },
): Promise<never> {
  requireKnownLocale(params);
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const { api, jar } = getServerApi(context);
  const viewer = await loadViewer(api, jar);
  if (!viewer.isLoggedIn) throw loginRedirect(locale, `/settings/${screen}${url.search}`);
  const slug = selectedEmployerSlugFor(viewer, undefined, url.pathname, url.search);
  if (!slug) throw redirect(localePath(locale, '/employers'));
  const query = new URLSearchParams(url.search);
  query.delete('employer');
  const rest = query.toString();
  throw redirect(`${localePath(locale, employerSettingsPath(slug, screen))}${rest ? `?${rest}` : ''}`);
}
