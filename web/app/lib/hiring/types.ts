// The hiring contract's shapes as the gateway answers them (`/api/v1/hiring…`), read from the
// contract's generated types so the screens cannot drift from it: the employer's flow of a
// posting, its applications as cards, one application with the resume as applied, and the
// analytics. Times are ISO 8601, dates YYYY-MM-DD (Tehran days), ids uuids.
import type { ApiAnswer } from '@darmankar/api-types';
import { everyValueOf } from '../contract.ts';

/** `GET /hiring/{id}/flow`: the template's steps with how many applications stand on each. */
export type Flow = ApiAnswer<'/hiring/{id}/flow', 'get'>;
/** `GET /hiring/{id}/applies`: one page of a step's applications. */
export type ApplyPage = ApiAnswer<'/hiring/{id}/applies', 'get'>;
/** An application as the employer's lists show it. */
export type ApplyCard = ApplyPage['items'][number];
export type Step = ApplyCard['step'];
export type StepKind = Step['kind'];
/** `GET /hiring/{id}/applies/{applyId}`: one application with the resume as it was applied. */
export type ApplyDetail = ApiAnswer<'/hiring/{id}/applies/{applyId}', 'get'>;
export type TimelineEntry = ApplyDetail['timeline'][number];
export type TimelineChange = TimelineEntry['change'];
export type Neighbours = ApiAnswer<'/hiring/{id}/applies/{applyId}/prev-next', 'put'>;
export type FileLink = ApiAnswer<'/hiring/{id}/applies/{applyId}/custom-resume', 'get'>;
/** `GET /hiring/{id}/analytics`: the posting's figures and those of every posting on its template. */
export type AnalyticsAnswer = ApiAnswer<'/hiring/{id}/analytics', 'get'>;
export type Analytics = AnalyticsAnswer['recruitment'];

export const STEP_KINDS = everyValueOf<StepKind>()(['in_review', 'interview', 'offer', 'accepted', 'rejected']);
export const TIMELINE_CHANGES = everyValueOf<TimelineChange>()([
  'applied',
  'read',
  'unread',
  'moved',
  'rejected',
  'cancelled',
]);
