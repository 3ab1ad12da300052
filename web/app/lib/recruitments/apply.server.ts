// The posting page's apply slot on the server: what the slot shows (loadApplySlot) and the
// "send resume" action (applyAction). The applicant has one resume (resumes/by-current-user),
// so the action takes it from the session, never from the form.
import { isApiError, orEmpty, type ApiClient } from '../api.ts';
import { currentResume, RESUME_MISSING } from '../resume/api.ts';
import { applyToPosting, myApplyForPosting } from './applies.ts';
import type { ApplyActionResult, MyApply } from './applies-types.ts';

/** The resume the confirmation names. */
export interface ApplyingResume {
  slug: string;
  name: string;
}

export interface ApplySlotData {
  /** The viewer's application to this posting, once made. */
  apply: MyApply | null;
  /** The viewer's resume; null for a visitor or someone without one. */
  resume: ApplyingResume | null;
  /** The hiring service could not say whether the viewer applied: the slot says so instead of offering a button. */
  unavailable: boolean;
}

const NOTHING: ApplySlotData = { apply: null, resume: null, unavailable: false };

/**
 * What the slot needs for someone logged in: their resume and their application to the posting.
 * Neither may break the posting page; a failure is logged and the slot says it cannot tell.
 */
export async function loadApplySlot(api: ApiClient, recruitmentId: string, loggedIn: boolean): Promise<ApplySlotData> {
  if (!loggedIn) return NOTHING;
  const [resume, apply] = await Promise.allSettled([
    currentResume(api),
    orEmpty(myApplyForPosting(api, recruitmentId)),
  ]);
  if (resume.status === 'rejected') console.error('apply slot: resume unavailable', resume.reason);
  if (apply.status === 'rejected') console.error('apply slot: application unavailable', apply.reason);
  const found = resume.status === 'fulfilled' ? resume.value : null;
  return {
    apply: apply.status === 'fulfilled' ? apply.value : null,
    resume: found
      ? { slug: found.slug, name: [found.firstName, found.lastName].filter(Boolean).join(' ') || found.slug }
      : null,
    unavailable: resume.status === 'rejected' || apply.status === 'rejected',
  };
}

/**
 * Sends the viewer's resume to the posting. Logged out: the login toast's code (its link comes
 * back to the posting); no resume: EXC_RESUME_ID_IS_INVALID, whose 'create resume' link does.
 */
export async function applyAction(api: ApiClient, form: FormData, loggedIn: boolean): Promise<ApplyActionResult> {
  const at = Date.now();
  const refused = (exc: string[]): ApplyActionResult => ({ ok: false, intent: 'apply', exc, at });
  if (!loggedIn) return refused(['EXC_AUTHENTICATION_REQUIRED']);
  const recruitmentId = String(form.get('recruitmentId') ?? '');
  if (!recruitmentId) return refused(['EXC_BAD_REQUEST']);
  try {
    const resume = await currentResume(api);
    if (!resume) return refused([RESUME_MISSING]);
    await applyToPosting(api, recruitmentId, resume.id);
    return { ok: true, intent: 'apply', at };
  } catch (error) {
    if (isApiError(error)) return refused(error.codes);
    throw error;
  }
}
