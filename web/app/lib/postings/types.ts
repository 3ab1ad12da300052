// The posting contract's shapes as the gateway answers them (`/api/v1/recruitments…`), read from
// the contract's generated types so the screens cannot drift from it. Money is integer rials
// (`…Rials`), unstated numbers are null, closed-list fields hold ids.
import type { ApiAnswer, ApiRequest } from '@darmankar/api-types';

/** `GET /recruitments/{id}`: a posting in any status, for its employer's members. */
export type Posting = ApiAnswer<'/recruitments/{id}', 'get'>;
/** A posting as a list shows it. */
export type PostingCard = ApiAnswer<'/employers/{id}/recruitments', 'get'>['items'][number];
export type PostingSummary = ApiAnswer<'/employers/{id}/recruitments/summary', 'get'>;
export type PostingStatus = Posting['status'];
/** What an employer writes: `PUT /recruitments/{id}` without `publish`, every field stated. */
export type PostingFields = Required<Omit<ApiRequest<'/recruitments/{id}', 'put'>['body'], 'publish'>>;
export type WorkingHours = PostingFields['workingHours'][number];

export const POSTING_STATUSES = [
  'draft',
  'published',
  'archived',
  'closed',
] as const satisfies readonly PostingStatus[];
export const GENDERS = ['any', 'male', 'female'] as const;
export const LANGUAGE_LEVELS = ['beginner', 'intermediate', 'advanced', 'native'] as const;
export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const SHIFT_PATTERNS = ['morning', 'evening', 'night', 'on-call', 'rotating'] as const;
/** 0 Saturday … 6 Friday: the Iranian week. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** Spec §9: 'no work history' (0) and 1 to 29 years. */
export const EXPERIENCE_CHOICES = Array.from({ length: 30 }, (_, years) => years);

/** The public address of a posting: /applicants/recruitments/{jobCategory}/{slug}. */
export function publicPostingPath(jobCategory: string | undefined, slug: string | undefined): string | null {
  if (!jobCategory || !slug) return null;
  return `/applicants/recruitments/${encodeURIComponent(jobCategory)}/${encodeURIComponent(slug)}`;
}

/** An item of a suggestion list the form offers as a picker. */
export interface Choice {
  id: string;
  title: string;
  titleEn?: string;
}

/** The suggestion lists the posting form picks from. */
export interface PostingChoices {
  jobCategories: Choice[];
  benefits: Choice[];
  languages: Choice[];
  fieldsOfStudy: Choice[];
}
