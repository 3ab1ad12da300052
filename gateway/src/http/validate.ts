// Validation of params, query and bodies with zod. A schema names the catalogue code of a
// broken rule as the issue's message; any other issue (wrong type, unknown shape) is
// EXC_BAD_REQUEST.
import { z } from 'zod';
import { isExcCode, type ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { toLatinDigits } from '@darmankar/platform/persian';

export function codesOf(error: z.ZodError): [ExcCode, ...ExcCode[]] {
  const codes = new Set<ExcCode>();
  for (const issue of error.issues) codes.add(isExcCode(issue.message) ? issue.message : 'EXC_BAD_REQUEST');
  return [...codes] as [ExcCode, ...ExcCode[]];
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new DomainError(...codesOf(result.error));
  return result.data;
}

/** C0 controls and DEL: no id, slug, cellphone, email or action of a path holds one. */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Path parameters: the schema's own codes first; then a control character (a NUL sent as `%00`,
 * which the databases behind the services cannot even store) is EXC_BAD_REQUEST.
 */
export function parseParamsOrThrow<S extends z.ZodType>(
  schema: S,
  params: Record<string, string | string[]>,
): z.output<S> {
  const parsed = parseOrThrow(schema, params);
  for (const value of Object.values(params))
    if ([value].flat().some((part) => CONTROL_CHARACTER.test(part))) throw new DomainError('EXC_BAD_REQUEST');
  return parsed;
}

/** A JSON body is required: a missing one (or one sent as another content type) is EXC_BAD_REQUEST. */
export function parseBodyOrThrow<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
    throw new DomainError('EXC_BAD_REQUEST');
  return parseOrThrow(schema, body);
}

/**
 * A page or page-size query value: digits (Persian, Arabic-Indic or Latin) from 1, else `code`.
 * Absent is 0, which leaves the choice to the service (the first page, its default size).
 */
export const pageNumberQuery = (code: 'EXC_PAGINATION_PAGE_IS_INVALID' | 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID') =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return 0;
      const digits = toLatinDigits(value).trim();
      if (!/^\d{1,6}$/.test(digits) || Number(digits) < 1) {
        ctx.addIssue({ code: 'custom', message: code });
        return z.NEVER;
      }
      return Number(digits);
    });
