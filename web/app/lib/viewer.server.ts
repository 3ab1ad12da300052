import { sessionCookieNames, type SessionCookieNames } from '@darmankar/platform/session-cookies';
import { webConfig } from '../../server/config.ts';
import { isApiError, orEmpty, type ApiClient } from './api.ts';
import { parseClientData } from './client-data.ts';
import type { CookieJar } from './cookie-jar.ts';
import { LOGGED_OUT, type EmployerSummary, type ResumeSummary, type Viewer } from './viewer.ts';

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
export async function loadViewer(api: ApiClient, jar: CookieJar, names: SessionCookieNames = sessionCookies()): Promise<Viewer> {
  if (!parseClientData(jar.get(names.clientData)).isLoggedIn) return LOGGED_OUT;
  try {
    const [account, resume, employers] = await Promise.all([
      api.call('get', '/authentication/cellphone'),
      orEmpty(api.get<ResumeSummary>('/resumes/by-current-user')).catch(() => null),
      orEmpty(api.get<EmployerSummary[] | { items: EmployerSummary[] }>('/employers')).catch(() => null),
    ]);
    const employerList = Array.isArray(employers) ? employers : (employers?.items ?? []);
    return { isLoggedIn: true, cellphone: account.cellphone, resume, employers: employerList };
  } catch (error) {
    if (isApiError(error) && error.status === 401) return LOGGED_OUT;
    console.error('header data unavailable', error);
    return { ...LOGGED_OUT, isLoggedIn: parseClientData(jar.get(names.clientData)).isLoggedIn };
  }
}

export async function canEditEmployer(api: ApiClient, employerId: string): Promise<boolean> {
  try {
    const answer = await orEmpty(api.get<{ hasAccess?: boolean }>(`/employers/${employerId}/has-access/EmployerEdit`));
    return answer?.hasAccess === true;
  } catch {
    return false;
  }
}
