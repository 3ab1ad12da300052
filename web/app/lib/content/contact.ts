// The contact form's fields and their rules (the seo service's limits: name 1–100, email ≤ 254,
// an optional Iranian mobile, subject 1–200, message 1–20,000 characters). Read with conform
// and zod on the server; each refusal is a catalogue key shown under its field. What people type
// is sent as typed: only the name, email, cellphone and subject lose surrounding blanks (the
// message keeps its own). Browser-safe.
import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import type { MessageKey } from '../../i18n/index.ts';
import { tidyCellphone } from '../cellphone.ts';

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 20_000 } as const;

/** Fields in the order the form shows them; `website` is the honeypot people leave empty. */
export const CONTACT_FIELDS = ['name', 'email', 'cellphone', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

const trimmed = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? '');

// Issue messages are catalogue keys, translated where the form is drawn.
const key = (k: MessageKey) => k;

/** The message's length in characters as people count them (a Persian letter is one). */
const characters = (value: string) => [...value].length;

export const contactSchema = z.object({
  name: trimmed
    .refine((value) => value.length > 0, key('contact.form.error.nameRequired'))
    .refine((value) => characters(value) <= CONTACT_LIMITS.name, key('contact.form.error.nameTooLong')),
  email: trimmed
    .refine((value) => value.length > 0, key('contact.form.error.emailRequired'))
    .refine(
      (value) => value.length === 0 || (value.length <= CONTACT_LIMITS.email && z.email().safeParse(value).success),
      key('contact.form.error.emailInvalid'),
    ),
  cellphone: trimmed
    .transform((value) => (value ? tidyCellphone(value) : ''))
    .refine((value) => value === '' || /^09\d{9}$/.test(value), key('contact.form.error.cellphoneInvalid')),
  subject: trimmed
    .refine((value) => value.length > 0, key('contact.form.error.subjectRequired'))
    .refine((value) => characters(value) <= CONTACT_LIMITS.subject, key('contact.form.error.subjectTooLong')),
  message: z
    .string()
    .optional()
    .transform((value) => value ?? '')
    .refine((value) => value.trim().length > 0, key('contact.form.error.messageRequired'))
    .refine((value) => characters(value) <= CONTACT_LIMITS.message, key('contact.form.error.messageTooLong')),
  website: z
    .string()
    .optional()
    .transform((value) => value ?? ''),
});

export type ContactMessage = z.output<typeof contactSchema>;

export type ContactFieldErrors = Partial<Record<ContactField, MessageKey>>;

export type ContactReading =
  | { ok: true; value: ContactMessage }
  | { ok: false; errors: ContactFieldErrors; typed: Partial<Record<ContactField, string>> };

/** Reads a posted contact form: the message to send, or each field's first refusal. */
export function readContactForm(form: FormData): ContactReading {
  const submission = parseWithZod(form, { schema: contactSchema });
  if (submission.status === 'success') return { ok: true, value: submission.value };
  const errors: ContactFieldErrors = {};
  for (const field of CONTACT_FIELDS) {
    const first = submission.error?.[field]?.[0];
    if (first) errors[field] = first as MessageKey;
  }
  const typed: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const value = form.get(field);
    if (typeof value === 'string') typed[field] = value;
  }
  return { ok: false, errors, typed };
}
