// Turns what a person typed into the values the domain works with, or the EXC code saying why not.
import { z } from 'zod';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { normalizeCellphone, toLatinDigits } from '@darmankar/platform/persian';
import { CodePurpose } from '@darmankar/proto/auth/v1/auth_pb';

export type Purpose = 'LOGIN' | 'CHANGE_CELLPHONE';

export function parsePurpose(purpose: CodePurpose): Purpose {
  if (purpose === CodePurpose.LOGIN) return 'LOGIN';
  if (purpose === CodePurpose.CHANGE_CELLPHONE) return 'CHANGE_CELLPHONE';
  throw new DomainError('EXC_AUTHENTICATION_NEXT_IS_INVALID');
}

/** `09XXXXXXXXX` from any accepted spelling (+98, 0098, Persian digits). */
export function parseCellphone(input: string): string {
  if (input.trim() === '') throw new DomainError('EXC_AUTHENTICATION_CELLPHONE_IS_REQUIRED');
  const cellphone = normalizeCellphone(input);
  if (!cellphone) throw new DomainError('EXC_AUTHENTICATION_CELLPHONE_IS_INVALID');
  return cellphone;
}

/** The code as Latin digits; its correctness is the verifier's business. */
export function parseCode(input: string): string {
  const code = toLatinDigits(input).trim();
  if (code === '') throw new DomainError('EXC_AUTHENTICATION_CODE_IS_REQUIRED');
  return code;
}

const emailSchema = z.email();

/** Trimmed and lower-cased, so one address is one address however it was typed. */
export function parseEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (email === '') throw new DomainError('EXC_AUTHENTICATION_EMAIL_IS_REQUIRED');
  if (email.length > 254 || !emailSchema.safeParse(email).success) throw new DomainError('EXC_AUTHENTICATION_EMAIL_IS_INVALID');
  return email;
}

const uuidSchema = z.uuid();

/** The caller the gateway vouched for; anything else is no caller at all. */
export function requireCaller(userId: string | undefined): string {
  if (!userId || !uuidSchema.safeParse(userId).success) throw new DomainError('EXC_AUTHENTICATION_REQUIRED');
  return userId;
}
