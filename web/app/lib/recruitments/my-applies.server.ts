// My opportunities' applications tab on the server: the counts by state (every tab shows the
// total), the chosen state's page of applications, and the cancel action.
import { isApiError, orEmpty, type ApiClient } from '../api.ts';
import { currentResume, RESUME_MISSING } from '../resume/api.ts';
import { cancelMyApply, myApplies, myApplySummary } from './applies.ts';
import {
  APPLY_STATES,
  type ApplyActionResult,
  type ApplyState,
  type MyApplyPage,
  type MyApplySummary,
} from './applies-types.ts';

export interface AppliesTabData {
  summary: MyApplySummary;
  /** The state the chips filter by; null for all. */
  state: ApplyState | null;
  /** The chosen page; null on the other tabs, or when the hiring service could not answer. */
  result: MyApplyPage | null;
  /** The hiring service could not answer: the tab says so instead of "no applications". */
  unavailable: boolean;
}

const NO_SUMMARY: MyApplySummary = { total: 0, inProgress: 0, accepted: 0, rejected: 0, cancelled: 0, read: 0 };

export function stateOf(url: URL): ApplyState | null {
  const asked = url.searchParams.get('state');
  return asked && (APPLY_STATES as readonly string[]).includes(asked) ? (asked as ApplyState) : null;
}

/**
 * `open`: the applications tab is the one shown, so its page is fetched too. Applications are
 * one part of the page: a hiring service that cannot answer leaves the other tabs working.
 */
export async function loadAppliesTab(
  api: ApiClient,
  resumeId: string,
  url: URL,
  open: boolean,
): Promise<AppliesTabData> {
  const state = stateOf(url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const [summary, result] = await Promise.allSettled([
    orEmpty(myApplySummary(api, resumeId)),
    open ? orEmpty(myApplies(api, resumeId, state, page)) : Promise.resolve(null),
  ]);
  for (const failed of [summary, result]) {
    if (failed.status === 'rejected') console.error('my applications unavailable', failed.reason);
  }
  return {
    summary: (summary.status === 'fulfilled' ? summary.value : null) ?? NO_SUMMARY,
    state,
    result: result.status === 'fulfilled' ? result.value : null,
    unavailable: summary.status === 'rejected' || result.status === 'rejected',
  };
}

/** Withdraws one of the viewer's applications (their own resume's, taken from the session). */
export async function cancelApplyAction(api: ApiClient, form: FormData): Promise<ApplyActionResult> {
  const at = Date.now();
  const refused = (exc: string[]): ApplyActionResult => ({ ok: false, intent: 'cancelApply', exc, at });
  const applyId = String(form.get('applyId') ?? '');
  if (!applyId) return refused(['EXC_BAD_REQUEST']);
  try {
    const resume = await currentResume(api);
    if (!resume) return refused([RESUME_MISSING]);
    await cancelMyApply(api, resume.id, applyId);
    return { ok: true, intent: 'cancelApply', at };
  } catch (error) {
    if (isApiError(error)) return refused(error.codes);
    throw error;
  }
}
