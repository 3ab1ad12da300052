// The recruitment contract's shapes as the applicant's screens read them, from the gateway's
// generated types (@darmankar/api-types), so a payload change breaks the build, not a page.
import type { ApiAnswer } from '@darmankar/api-types';
import { everyValueOf } from '../contract.ts';

/** `GET /recruitments`: one page of cards. */
export type PostingPage = ApiAnswer<'/recruitments', 'get'>;
export type PostingCard = PostingPage['items'][number];
export type PostingEmployer = PostingCard['employer'];
export type PostingStatus = PostingCard['status'];
/** `GET /recruitments/limited`: the same page with the visitor's quota. */
export type PublicQuota = ApiAnswer<'/recruitments/limited', 'get'>['quota'];
/** `GET /recruitments/by-slug-with-seo/{slug}`: the posting, its metadata, the quota left (null: none applies). */
export type PostingWithSeo = ApiAnswer<'/recruitments/by-slug-with-seo/{slug}', 'get'>;
export type Posting = PostingWithSeo['posting'];
export type PostingSeo = PostingWithSeo['seo'];
export type WorkingHours = Posting['workingHours'][number];
export type SavedFilter = ApiAnswer<'/recruitments/filters', 'get'>['items'][number];
export type CategoryCount = ApiAnswer<'/recruitments/categories/most-recruitments', 'post'>['items'][number];
export type ResumePostingSummary = ApiAnswer<'/resumes/{id}/recruitments/summary', 'get'>;
export type ResumeCompletion = ApiAnswer<'/resumes/{id}/recruitments/completion', 'get'>;
export type Suggestion = ApiAnswer<'/suggestions/search', 'get'>['items'][number];

export type ResumePostingKind = 'recommended' | 'bookmarked';
export const RESUME_POSTING_KINDS = everyValueOf<ResumePostingKind>()(['recommended', 'bookmarked']);

/** What the listing's 'save this filter' action answers. */
export interface SaveFilterResult {
  ok: boolean;
  name?: string;
  exc?: string[];
  at: number;
}

/** What the detail's bookmark action answers. */
export interface BookmarkResult {
  ok: boolean;
  bookmarked?: boolean;
  exc?: string[];
  at: number;
}
