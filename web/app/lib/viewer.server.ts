import { sessionCookieNames, type SessionCookieNames } from '@darmankar/platform/session-cookies';
import { webConfig } from '../../server/config.ts';
import { isApiError, type ApiClient } from './api.ts';
import { parseClientData } from './client-data.ts';
import type { CookieJar } from './cookie-jar.ts';
import { currentResume } from './resume/api.ts';
import { LOGGED_OUT, resumeSummary, type Viewer } from './viewer.ts';

/**
 * The names the gateway gives the session cookies: `__Host-` prefixed when they are Secure.
 * The web server's COOKIE_SECURE (true in production unless set) says which, as the
 * gateway's own COOKIE_SECURE does for it; a deployment sets both alike (the chart does).
 */
export function sessionCookies(): SessionCookieNames {
  return sessionCookieNames(webConfig().COOKIE_SECURE);
}

/**
 * Loads what the header needs. The client data cookie (`cd`) says whether there is a
 * session; the gateway confirms it. Header data never breaks a page: a failure shows the
 * plain header. `names`: the session cookies' names (this server's by default).
 */
export async function loadViewer(
  api: ApiClient,
  jar: CookieJar,
  names: SessionCookieNames = sessionCookies(),
): Promise<Viewer> {
  if (!parseClientData(jar.get(names.clientData)).isLoggedIn) return LOGGED_OUT;
  try {
    const [account, resume, employers] = await Promise.all([
      api.call('get', '/authentication/cellphone'),
      currentResume(api)
        .then((resume) => (resume ? resumeSummary(resume) : null))
        .catch(() => null),
      api
        .call('get', '/employers')
        .then(({ items }) => items)
        .catch(() => []),
    ]);
    return { isLoggedIn: true, cellphone: account.cellphone, resume, employers };
  } catch (error) {
    if (isApiError(error) && error.status === 401) return LOGGED_OUT;
    console.error('header data unavailable', error);
    return { ...LOGGED_OUT, isLoggedIn: parseClientData(jar.get(names.clientData)).isLoggedIn };
  }
}

export async function canEditEmployer(api: ApiClient, employerId: string): Promise<boolean> {
  try {
    const answer = await api.call('get', '/employers/{id}/has-access/{action}', {
      params: { id: employerId, action: 'EmployerEdit' },
    });
    return answer.hasAccess;
  } catch {
    return false;
  }
}
