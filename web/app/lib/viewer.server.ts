import { isApiError, orEmpty, type ApiClient } from './api.ts';
import { parseClientData } from './client-data.ts';
import type { CookieJar } from './cookie-jar.ts';
import { LOGGED_OUT, type EmployerSummary, type ResumeSummary, type Viewer } from './viewer.ts';

/**
 * Loads what the header needs. The `cd` cookie says whether there is a session; the
 * gateway confirms it. Header data never breaks a page: a failure shows the plain header.
 */
export async function loadViewer(api: ApiClient, jar: CookieJar): Promise<Viewer> {
  if (!parseClientData(jar.get('cd')).isLoggedIn) return LOGGED_OUT;
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
    return { ...LOGGED_OUT, isLoggedIn: parseClientData(jar.get('cd')).isLoggedIn };
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
