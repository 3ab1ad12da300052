// The profile form's action (advanced info and edit): form fields to the contract's body, sent to
// PUT employers/{id}/company or /self-employment by the kind chosen. The rules are the employer
// service's; its codes come back to the fields and the toasts.
import type { ApiRequest } from '@darmankar/api-types';
import { redirect, type RouterContextProvider } from 'react-router';
import { getServerApi } from '../api.server.ts';
import type { ApiClient } from '../api.ts';
import { localeFromPath, localePath } from '../locale.ts';
import { loadViewer } from '../viewer.server.ts';
import { jalaliDateFromForm } from '../jalali-date.ts';
import { formText, loadEmployer, loginRedirect, requireAccess, runAction } from './server.ts';
import { PROFILE_TEXT_FIELDS, type Employer } from './types.ts';

type ProfileBody = ApiRequest<'/employers/{id}/company', 'put'>['body'];

export function profileBody(form: FormData): ProfileBody {
  const texts: Partial<Record<(typeof PROFILE_TEXT_FIELDS)[number], string | null>> = {};
  for (const field of PROFILE_TEXT_FIELDS) texts[field] = formText(form, field);
  return {
    ...texts,
    // An empty brand is the service's to refuse (EXC_EMPLOYERS_BRAND_IS_REQUIRED), with the other fields' codes.
    brand: texts.brand ?? '',
    numberOfEmployees: formText(form, 'numberOfEmployees'),
    // The date input posts Jalali day, month and year; a plain ISO date is taken as it is.
    establishmentDate: jalaliDateFromForm(form, 'establishmentDate') ?? formText(form, 'establishmentDate'),
    about: formText(form, 'about'),
    benefits: (formText(form, 'benefits') ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    logo: formText(form, 'logo'),
    officialGazetteFileId: formText(form, 'officialGazetteFileId'),
    nationalCardFileId: formText(form, 'nationalCardFileId'),
    medicalDocumentFileIds: form
      .getAll('medicalDocumentFileIds')
      .filter((value): value is string => typeof value === 'string' && value !== ''),
  };
}

export async function saveProfile(api: ApiClient, employerId: string, form: FormData): Promise<Employer> {
  const request = { params: { id: employerId }, body: profileBody(form) };
  return form.get('isSelfEmployed') === 'true'
    ? api.call('put', '/employers/{id}/self-employment', request)
    : api.call('put', '/employers/{id}/company', request);
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
export async function loadProfileForm(
  { request, context, params }: ProfileRouteArgs,
  backPath: string,
): Promise<{ employer: Employer }> {
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
