// My opportunities (/applicants/resumes/{slug}/recruitments): the postings recommended for the
// applicant's resume and the bookmarked ones, the applications made with it, their counts, and how
// complete the resume is for matching.
import { data, redirect } from 'react-router';
import { orEmpty, type ApiClient } from '../api.ts';
import { toRouteError } from '../errors.ts';
import { localePath, stripLocale, type Locale } from '../locale.ts';
import { currentResume } from '../resume/api.ts';
import { EMPTY_PAGE, resumeCompletion, resumePostings, resumePostingSummary } from './api.ts';
import { loadAppliesTab, type AppliesTabData } from './my-applies.server.ts';
import type { PostingPage, ResumeCompletion, ResumePostingKind, ResumePostingSummary } from './types.ts';

export type MineTab = ResumePostingKind | 'applies';

export interface MineData {
  slug: string;
  tab: MineTab;
  /** The postings of the recommended or bookmarked tab (empty on the applications tab). */
  result: PostingPage;
  applies: AppliesTabData;
  summary: ResumePostingSummary;
  completion: ResumeCompletion | null;
  now: string;
}

export async function loadMine(
  api: ApiClient,
  request: Request,
  locale: Locale,
  slug: string,
  loggedIn: boolean,
): Promise<MineData> {
  const url = new URL(request.url);
  if (!loggedIn) {
    throw redirect(
      `${localePath(locale, '/login')}?backURL=${encodeURIComponent(`${stripLocale(url.pathname)}${url.search}`)}`,
    );
  }
  const asked = url.searchParams.get('tab');
  const tab: MineTab = asked === 'bookmarked' || asked === 'applies' ? asked : 'recommended';
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  try {
    const resume = await currentResume(api);
    // Only the applicant's own resume has opportunities here; anyone else's address is unknown.
    if (!resume || resume.slug !== slug) throw data({ exc: ['EXC_API_NOT_FOUND'] }, { status: 404 });
    const [result, summary, completion, applies] = await Promise.all([
      tab === 'applies' ? null : orEmpty(resumePostings(api, resume.id, tab, page)),
      orEmpty(resumePostingSummary(api, resume.id)),
      orEmpty(resumeCompletion(api, resume.id)),
      loadAppliesTab(api, resume.id, url, tab === 'applies'),
    ]);
    return {
      slug,
      tab,
      result: result ?? EMPTY_PAGE,
      applies,
      summary: summary ?? { recommended: 0, bookmarked: 0 },
      completion,
      now: new Date().toISOString(),
    };
  } catch (error) {
    throw toRouteError(error);
  }
}
