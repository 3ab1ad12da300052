// The codes the hiring routes share. The hiring service decides every rule and access (the
// employer service's refusals travel through it unchanged); these lists are what each call can
// answer, for the route layer's check and the OpenAPI document.
import type { ExcCode } from '@darmankar/platform/errors/catalogue';

export const PAGINATION: ExcCode[] = [
  'EXC_PAGINATION_PAGE_IS_INVALID',
  'EXC_PAGINATION_PAGE_SIZE_IS_INVALID',
  'EXC_PAGINATION_ORDER_IS_INVALID',
];

/**
 * An employer-side call: the posting must exist, and the caller be its employer's owner or an
 * agent with ApplyManage.
 */
export const POSTING_ACCESS: ExcCode[] = [
  'EXC_RECRUITMENTS_NOT_FOUND',
  'EXC_EMPLOYERS_NOT_FOUND',
  'EXC_AUTHORIZATION_FORBIDDEN',
  'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED',
];

/** One application of the posting, named by id: another posting's is not found. */
export const APPLY_ACCESS: ExcCode[] = [...POSTING_ACCESS, 'EXC_HIRING_APPLY_NOT_FOUND'];

/** The list's filters, which also choose an application's neighbours. */
export const FILTERS: ExcCode[] = [
  'EXC_HIRING_STEP_IS_INVALID',
  'EXC_HIRING_FILTER_IS_INVALID',
  'EXC_PAGINATION_ORDER_IS_INVALID',
];

/** Moving onto a step: one of the posting's template, which must still exist. */
export const MOVE: ExcCode[] = [
  'EXC_HIRING_STEP_IS_INVALID',
  'EXC_HIRING_TEMPLATE_NOT_FOUND',
  'EXC_HIRING_APPLY_VERSION_CONFLICT',
];

/** A rejection's reason and description, judged by the service, and the template's rejected step. */
export const REJECTION: ExcCode[] = [
  'EXC_HIRING_REJECTION_REASON_IS_REQUIRED',
  'EXC_HIRING_REJECTION_REASON_IS_INVALID',
  'EXC_HIRING_REJECTION_DESCRIPTION_IS_REQUIRED',
  'EXC_HIRING_REJECTION_DESCRIPTION_IS_TOO_LONG',
  'EXC_HIRING_STEP_IS_INVALID',
  'EXC_HIRING_TEMPLATE_NOT_FOUND',
  'EXC_HIRING_APPLY_VERSION_CONFLICT',
];

/** The applicant's calls act on one of the caller's resumes only. */
export const OWN_RESUME: ExcCode[] = ['EXC_RESUME_ID_IS_INVALID'];

/**
 * A bulk call names 1–100 applications of the posting, none cancelled; one that is not refuses
 * the whole call (EXC_HIRING_APPLY_NOT_FOUND when one goes while the call runs).
 */
export const BULK: ExcCode[] = ['EXC_HIRING_APPLY_IDS_ARE_INVALID', 'EXC_HIRING_APPLY_NOT_FOUND'];
