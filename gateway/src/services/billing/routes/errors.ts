// The codes billing's routes share. Every call that names an employer (or an order of one) is
// let through only for the owner or an agent with the Billing permission; the employer
// service's refusals travel through billing unchanged (docs/billing.md, "Who may buy").
import type { ExcCode } from '@darmankar/platform/errors/catalogue';

export const EMPLOYER_ACCESS: ExcCode[] = [
  'EXC_EMPLOYERS_NOT_FOUND',
  'EXC_AUTHORIZATION_FORBIDDEN',
  'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED',
];
/** Calls naming an order by id: it must exist before whose it is can be asked. */
export const ORDER_ACCESS: ExcCode[] = ['EXC_ORDERS_NOT_FOUND', ...EMPLOYER_ACCESS];
export const PAGINATION: ExcCode[] = ['EXC_PAGINATION_PAGE_IS_INVALID', 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID'];
