// Server-side helpers of the employer screens: loading an employer for a page (failures become
// the error pages of spec §8), access checks, and turning action failures into toasts — except
// the agent-access refusal, which is the 403 page on actions as on page loads.
import { data, redirect } from 'react-router';
import { isApiError, type ApiClient } from '../api.ts';
import { AGENT_ACCESS_DENIED, orRouteError, toRouteError } from '../errors.ts';
import { localePath, type Locale } from '../locale.ts';
import { selectedEmployerSlugFor, type Viewer } from '../viewer.ts';
import type { Employer, EmployerAction } from './types.ts';

export interface EmployerActionResult {
  ok: boolean;
  intent: string | null;
  exc?: string[];
  /** Makes two identical failures in a row show their toasts again. */
  at: number;
}

export function formText(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export function loginRedirect(locale: Locale, back: string): Response {
  return redirect(`${localePath(locale, '/login')}?backURL=${encodeURIComponent(back)}`);
}

export function accessDenied(): never {
  throw data({ exc: [AGENT_ACCESS_DENIED] }, { status: 403 });
}

/** The private employer for a member; anything else becomes the matching error page. */
export async function loadEmployer(api: ApiClient, slug: string): Promise<Employer> {
  return orRouteError(api.call('get', '/employers/{slug}', { params: { slug } }));
}

export async function hasAccess(api: ApiClient, employerId: string, action: EmployerAction): Promise<boolean> {
  const answer = await orRouteError(
    api.call('get', '/employers/{id}/has-access/{action}', { params: { id: employerId, action } }),
  );
  return answer.hasAccess === true;
}

export async function requireAccess(api: ApiClient, employerId: string, action: EmployerAction): Promise<void> {
  if (!(await hasAccess(api, employerId, action))) accessDenied();
}

/** The employer the settings screens work on (see selectedEmployerSlugFor). */
export function selectedEmployerSlug(request: Request, viewer: Viewer): string | null {
  const url = new URL(request.url);
  return selectedEmployerSlugFor(viewer, undefined, url.pathname, url.search) ?? null;
}

/** Runs an action's calls: API failures become `{ exc }`, the agent refusal the 403 page. */
export async function runAction(
  intent: string | null,
  work: () => Promise<Response | void>,
): Promise<Response | ReturnType<typeof data<EmployerActionResult>>> {
  try {
    const response = await work();
    if (response) return response;
    return data<EmployerActionResult>({ ok: true, intent, at: Date.now() });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isApiError(error)) {
      if (error.has(AGENT_ACCESS_DENIED)) throw toRouteError(error);
      return data<EmployerActionResult>(
        { ok: false, intent, exc: error.codes, at: Date.now() },
        { status: error.status },
      );
    }
    throw error;
  }
}
