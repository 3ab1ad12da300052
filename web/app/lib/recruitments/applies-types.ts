// The applicant's applications as the gateway's hiring routes answer them, from the generated
// contract types (@darmankar/api-types): what the posting page's apply slot and my
// opportunities' applications tab read.
import type { ApiAnswer } from '@darmankar/api-types';
import { everyValueOf } from '../contract.ts';

/** `GET /resumes/{id}/recruitments/applies`: one page of the applicant's applications. */
export type MyApplyPage = ApiAnswer<'/resumes/{id}/recruitments/applies', 'get'>;
/** An application as its applicant sees it. */
export type MyApply = MyApplyPage['items'][number];
export type MyApplySummary = ApiAnswer<'/resumes/{id}/recruitments/applies/summary', 'get'>;
export type ApplyTimelineEntry = MyApply['timeline'][number];
export type HiringStep = MyApply['step'];
export type StepKind = HiringStep['kind'];
export type ApplyState = MyApply['state'];
export type ApplyChange = ApplyTimelineEntry['change'];

export const STEP_KINDS = everyValueOf<StepKind>()(['in_review', 'interview', 'offer', 'accepted', 'rejected']);
export const APPLY_STATES = everyValueOf<ApplyState>()(['in_progress', 'accepted', 'rejected', 'cancelled']);

/** What the posting page's and my opportunities' apply actions answer. */
export interface ApplyActionResult {
  ok: boolean;
  intent: 'apply' | 'cancelApply';
  exc?: string[];
  at: number;
}
