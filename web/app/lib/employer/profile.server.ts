// The profile form's action (advanced info and edit): form fields to the contract's body, sent to
// PUT employers/{id}/company or /self-employment by the kind chosen. The rules are the employer
// service's; its codes come back to the fields and the toasts.
import type { ApiClient } from '../api.ts';
import { formText } from './server.ts';
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
