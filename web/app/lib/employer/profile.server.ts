// The profile form's action (advanced info and edit): form fields to the contract's body, sent to
// PUT employers/{id}/company or /self-employment by the kind chosen. The rules are the employer
// service's; its codes come back to the fields and the toasts.
import { redirect, type RouterContextProvider } from 'react-router';
import { getServerApi } from '../api.server.ts';
import type { ApiClient } from '../api.ts';
import { localeFromPath, localePath } from '../locale.ts';
import { loadViewer } from '../viewer.server.ts';
import { formText, loadEmployer, loginRedirect, requireAccess, runAction } from './server.ts';
import { PROFILE_TEXT_FIELDS, type Employer } from './types.ts';

export function profileBody(form: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of PROFILE_TEXT_FIELDS) body[field] = formText(form, field);
  body.numberOfEmployees = formText(form, 'numberOfEmployees');
  body.establishmentDate = formText(form, 'establishmentDate');
  body.about = formText(form, 'about');
  body.benefits = (formText(form, 'benefits') ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  body.logo = formText(form, 'logo');
  body.officialGazetteFileId = formText(form, 'officialGazetteFileId');
  body.nationalCardFileId = formText(form, 'nationalCardFileId');
  body.medicalDocumentFileIds = form.getAll('medicalDocumentFileIds').filter((value): value is string => typeof value === 'string' && value !== '');
  return body;
}

export async function saveProfile(api: ApiClient, employerId: string, form: FormData): Promise<Employer> {
  const kind = form.get('isSelfEmployed') === 'true' ? 'self-employment' : 'company';
  return api.put<Employer>(`/employers/${encodeURIComponent(employerId)}/${kind}`, { body: profileBody(form) });
}

interface ProfileRouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { employerSlug: string };
}

/**
 * The loader of both profile forms (advanced info, edit): a signed-in member with EmployerEdit,
 * else the login page (back to `backPath`) or the 403 page.
 */
export async function loadProfileForm({ request, context, params }: ProfileRouteArgs, backPath: string): Promise<{ employer: Employer }> {
  const { api, jar } = getServerApi(context);
  const viewer = await loadViewer(api, jar);
  if (!viewer.isLoggedIn) throw loginRedirect(localeFromPath(new URL(request.url).pathname), backPath);
  const employer = await loadEmployer(api, params.employerSlug);
  await requireAccess(api, employer.id, 'EmployerEdit');
  return { employer };
}

/** The action of both profile forms: saves, then shows the profile (its slug may have changed). */
export async function saveProfileForm({ request, context, params }: ProfileRouteArgs) {
  const { api } = getServerApi(context);
  const form = await request.formData();
  const locale = localeFromPath(new URL(request.url).pathname);
  return runAction('profile', async () => {
    const saved = await saveProfile(api, formText(form, 'employerId') ?? '', form);
    return redirect(localePath(locale, `/employers/${encodeURIComponent(saved.slug ?? params.employerSlug)}`));
  });
}
