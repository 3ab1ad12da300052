// Checks of what a call brings before any rule runs, shared by every service: ids, the caller,
// paging. Each answers the catalogue code a person gets for it.
import type { ExcCode } from './errors/catalogue.ts';
import { DomainError } from './errors/domain-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in its usual spelling (any case). Anything else names no row: check before a query. */
export const isUuid = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

/** The caller the gateway (or a service acting for a user) vouched for; anything else is no caller at all. */
export function requireCaller(userId: string | undefined): string {
  if (!isUuid(userId)) throw new DomainError('EXC_AUTHENTICATION_REQUIRED');
  return userId;
}

export interface Page {
  page: number;
  pageSize: number;
}

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 50;
const MAX_PAGE = 10_000;

/** What was asked, with page 1 and 20 a page where nothing (0 or absent) was. */
export function pageOrDefaults(page: number | undefined, pageSize: number | undefined): Page {
  return { page: page || 1, pageSize: pageSize || DEFAULT_PAGE_SIZE };
}

/** The codes a page breaks: pages from 1 to 10,000, 1 to 50 a page. */
export function pageErrors({ page, pageSize }: Page): ExcCode[] {
  const errors: ExcCode[] = [];
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) errors.push('EXC_PAGINATION_PAGE_IS_INVALID');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    errors.push('EXC_PAGINATION_PAGE_SIZE_IS_INVALID');
  return errors;
}

/** Page 1 and 20 a page unless asked; at most 50 a page; otherwise the codes broken. */
export function parsePage(page: number | undefined, pageSize: number | undefined): Page {
  const result = pageOrDefaults(page, pageSize);
  const errors = pageErrors(result);
  if (errors.length > 0) throw new DomainError(...(errors as [ExcCode, ...ExcCode[]]));
  return result;
}
