// The contact page's action: the form read by its rules, then POST /contact-messages. Works
// as a plain form post (no JavaScript): the answer is the page again, with the confirmation
// or each refused field marked.
import { data, type RouterContextProvider } from 'react-router';
import { getServerApi } from '../api.server.ts';
import { isApiError } from '../api.ts';
import { localeFromPath } from '../locale.ts';
import { readContactForm, type ContactField, type ContactFieldErrors } from './contact.ts';

export type ContactOutcome =
  | { sent: true; at: number }
  | {
      sent: false;
      at: number;
      /** Each refused field's message key. */
      errors: ContactFieldErrors;
      /** What was typed, back in the fields. */
      typed: Partial<Record<ContactField, string>>;
      /** A refusal of the whole message: too many from this address, or the service failing. */
      problem?: 'tooMany' | 'failed';
    };

export const TOO_MANY_CODES = ['EXC_SEO_CONTACT_TOO_MANY', 'EXC_TOO_MANY_REQUESTS'];

export async function contactAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const form = await request.formData();
  const at = Date.now();
  const reading = readContactForm(form);
  if (!reading.ok) {
    return data<ContactOutcome>({ sent: false, at, errors: reading.errors, typed: reading.typed }, { status: 400 });
  }
  const { website, ...fields } = reading.value;
  const typed = Object.fromEntries(
    (['name', 'email', 'cellphone', 'subject', 'message'] as const).map((field) => [
      field,
      String(form.get(field) ?? ''),
    ]),
  );
  const { api } = getServerApi(context);
  try {
    await api.call('post', '/contact-messages', { body: { ...fields, website, locale } });
    return data<ContactOutcome>({ sent: true, at }, { status: 201 });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 429 || error.codes.some((code) => TOO_MANY_CODES.includes(code))) {
      return data<ContactOutcome>({ sent: false, at, errors: {}, typed, problem: 'tooMany' }, { status: 429 });
    }
    console.error('contact message refused', error.codes);
    return data<ContactOutcome>(
      { sent: false, at, errors: {}, typed, problem: 'failed' },
      { status: error.status >= 400 && error.status < 600 ? error.status : 503 },
    );
  }
}
