// Checks of what a call brings, before any rule runs: ids, the caller, paging.
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError } from '@darmankar/platform/errors/domain-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

/** The caller the gateway (or a service acting for a user) vouched for; anything else is no caller. */
export function requireCaller(userId: string | undefined): string {
  if (!isUuid(userId)) throw new DomainError('EXC_AUTHENTICATION_REQUIRED');
  return userId;
}

/** An employer id that is not a UUID names no employer: the employer service would say the same. */
export function requireEmployerId(employerId: string): string {
  if (!isUuid(employerId)) throw new DomainError('EXC_EMPLOYERS_NOT_FOUND');
  return employerId;
}

export interface Page {
  page: number;
  pageSize: number;
}

/** Page 1 and 20 a page unless asked; at most 50 a page. */
export function parsePage(page: number | undefined, pageSize: number | undefined): Page {
  const result = { page: page || 1, pageSize: pageSize || 20 };
  const errors: ExcCode[] = [];
  if (!Number.isInteger(result.page) || result.page < 1 || result.page > 10_000) errors.push('EXC_PAGINATION_PAGE_IS_INVALID');
  if (!Number.isInteger(result.pageSize) || result.pageSize < 1 || result.pageSize > 50) errors.push('EXC_PAGINATION_PAGE_SIZE_IS_INVALID');
  if (errors.length > 0) throw new DomainError(...(errors as [ExcCode, ...ExcCode[]]));
  return result;
}
