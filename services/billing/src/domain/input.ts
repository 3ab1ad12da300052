// Checks of what a call brings, before any rule runs: ids, the caller, paging.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid } from '@darmankar/platform/input';

/** An employer id that is not a UUID names no employer: the employer service would say the same. */
export function requireEmployerId(employerId: string): string {
  if (!isUuid(employerId)) throw new DomainError('EXC_EMPLOYERS_NOT_FOUND');
  return employerId;
}
