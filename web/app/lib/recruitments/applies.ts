// Every hiring call of the applicant's screens (spec §7 "Hiring" and resumes/{id}/recruitments/
// applies*), in one place for the posting page's apply slot and my opportunities, each through
// the typed `call` of the gateway's contract.
import type { ApiClient } from '../api.ts';
import type { ApplyState, MyApply, MyApplyPage, MyApplySummary } from './applies-types.ts';

/** Sends the resume to a posting; an application cannot be edited afterwards. */
export async function applyToPosting(api: ApiClient, recruitmentId: string, resumeId: string): Promise<MyApply> {
  const answer = await api.call('post', '/hiring/{id}/applies', {
    params: { id: recruitmentId },
    query: { resumeId },
  });
  return answer.apply;
}

/** The caller's application to one posting, or null when they have not applied. */
export async function myApplyForPosting(api: ApiClient, recruitmentId: string): Promise<MyApply | null> {
  return (await api.call('get', '/hiring/{id}/applies/mine', { params: { id: recruitmentId } })).apply;
}

export function myApplies(
  api: ApiClient,
  resumeId: string,
  state: ApplyState | null,
  page: number,
  pageSize = 20,
): Promise<MyApplyPage> {
  return api.call('get', '/resumes/{id}/recruitments/applies', {
    params: { id: resumeId },
    query: { ...(state ? { state } : {}), page: String(page), pageSize: String(pageSize) },
  });
}

export function myApplySummary(api: ApiClient, resumeId: string): Promise<MyApplySummary> {
  return api.call('get', '/resumes/{id}/recruitments/applies/summary', { params: { id: resumeId } });
}

/** Withdraws an application; refused once it was decided (EXC_HIRING_APPLY_CANNOT_BE_CANCELLED). */
export async function cancelMyApply(api: ApiClient, resumeId: string, applyId: string): Promise<MyApply> {
  const answer = await api.call('put', '/resumes/{id}/recruitments/applies/{applyId}/cancel', {
    params: { id: resumeId, applyId },
  });
  return answer.apply;
}
