// The question every employer-scoped call asks first: may this caller act for this employer?
// The employer service answers it (platform's createEmployerAccess); this port keeps the
// domain free of the client.
import type { EmployerAction } from '@darmankar/platform/employer-access';

export interface AccessCheck {
  /** Throws the employer service's code when the caller may not do `action` at the employer. */
  require(userId: string | undefined, employerId: string, action: EmployerAction): Promise<void>;
  check(userId: string, employerId: string, action: EmployerAction): Promise<{ hasAccess: boolean }>;
}
