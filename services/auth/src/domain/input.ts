// Turns what a person typed into the values the domain works with, or the EXC code saying why not.
import { z } from 'zod';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { normalizeCellphone, toLatinDigits } from '@darmankar/platform/persian';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '@darmankar/platform/slug';

export type Purpose = 'LOGIN' | 'CHANGE_CELLPHONE';

/** `09XXXXXXXXX` from any accepted spelling (+98, 0098, Persian digits). */
export function parseCellphone(input: string): string {
  if (input.trim() === '') throw new DomainError('EXC_AUTHENTICATION_CELLPHONE_IS_REQUIRED');
  const cellphone = normalizeCellphone(input);
  if (!cellphone) throw new DomainError('EXC_AUTHENTICATION_CELLPHONE_IS_INVALID');
  return cellphone;
}

/** Digits in a one-time code. */
export const CODE_LENGTH = 6;
const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/**
 * The code as Latin digits. Anything but CODE_LENGTH digits cannot be a code: it is refused
 * here, before it reaches the database or takes one of the guesses.
 */
export function parseCode(input: string): string {
  const code = toLatinDigits(input).trim();
  if (code === '') throw new DomainError('EXC_AUTHENTICATION_CODE_IS_REQUIRED');
  if (!CODE_PATTERN.test(code)) throw new DomainError('EXC_AUTHENTICATION_CODE_IS_INVALID');
  return code;
}

const emailSchema = z.email();

/** Trimmed and lower-cased, so one address is one address however it was typed. */
export function parseEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (email === '') throw new DomainError('EXC_AUTHENTICATION_EMAIL_IS_REQUIRED');
  if (email.length > 254 || !emailSchema.safeParse(email).success)
    throw new DomainError('EXC_AUTHENTICATION_EMAIL_IS_INVALID');
  return email;
}

/** An optional slug carried along (a resume's, in an email verification link): empty, or a well-formed slug. */
export function parseSlug(input: string): string {
  const slug = input.trim();
  if (slug === '') return '';
  if (slug.length > MAX_SLUG_LENGTH || !SLUG_PATTERN.test(slug)) throw new DomainError('EXC_BAD_REQUEST');
  return slug;
}
