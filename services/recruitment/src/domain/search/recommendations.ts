// "My opportunities": postings for one of the caller's resumes. Recommended ones match any of
// the resume's job titles (its headline and its jobs), skills or specialty (the field of study
// of its educations) in the province of its city, through the same index and matching as the
// listing; bookmarked ones are the caller's bookmarks that are still open. The resume is read
// from the resume service acting for the caller; a resume that is not the caller's is
// EXC_RESUME_ID_IS_INVALID, as the resume service answers for none at all.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid, parsePage, requireCaller } from '@darmankar/platform/input';
import type { FoundPostings, PostingSearch } from './posting-search.ts';
import type { SearchQuery, SearchText } from './search-index.ts';
import { everyPosting } from './search-query.ts';
import { searchTextOf } from './text.ts';
import type { SqlSession } from './posting-rows.ts';

/** What matching reads of a resume. */
export interface ResumeForMatching {
  id: string;
  /** The headline's job title and each job's, as typed. */
  jobTitles: string[];
  skills: string[];
  province: string | null;
  city: string | null;
  /** Fields of study of the educations. */
  specialties: string[];
  educations: number;
  languages: number;
}

/** The caller's resume, read acting for them (src/adapters/resume-reader.ts). */
export interface ResumeReader {
  /** The caller's resume; EXC_RESUME_ID_IS_INVALID when they have none. */
  resumeOf(userId: string): Promise<ResumeForMatching>;
}

export type ResumePostingKind = 'recommended' | 'bookmarked';

/** What completion reports missing, in this order. */
const MATCHING_PARTS = ['job_titles', 'skills', 'city', 'specialty', 'educations', 'languages'] as const;
/** Texts a recommendation tries (each one's words together); more only widen it further. */
const MAX_TEXTS = 12;

export class ResumePostings {
  constructor(
    private readonly resumes: ResumeReader,
    private readonly search: PostingSearch,
    private readonly db: SqlSession,
  ) {}

  async list(
    userId: string | undefined,
    resumeId: string,
    kind: ResumePostingKind | undefined,
    page: { page?: number; pageSize?: number } | undefined,
  ): Promise<FoundPostings> {
    const caller = requireCaller(userId);
    const checkedPage = parsePage(page?.page, page?.pageSize);
    if (!kind) throw new DomainError('EXC_RECRUITMENTS_RESUME_POSTING_KIND_IS_INVALID');
    const query =
      kind === 'recommended'
        ? recommendedQuery(await this.#resume(caller, resumeId))
        : await this.#bookmarked(caller, resumeId);
    return this.search.find(query, { ...checkedPage, order: 'newest' }, caller);
  }

  async summary(userId: string | undefined, resumeId: string): Promise<{ recommended: number; bookmarked: number }> {
    const caller = requireCaller(userId);
    const resume = await this.#resume(caller, resumeId);
    const page = { page: 1, pageSize: 1, order: 'newest' as const };
    const [recommended, bookmarked] = await Promise.all([
      this.search.find(recommendedQuery(resume), page, caller),
      this.search.find(await this.#bookmarkedQuery(caller), page, caller),
    ]);
    return { recommended: recommended.total, bookmarked: bookmarked.total };
  }

  async completion(userId: string | undefined, resumeId: string): Promise<{ percent: number; missing: string[] }> {
    const resume = await this.#resume(requireCaller(userId), resumeId);
    const present: Record<(typeof MATCHING_PARTS)[number], boolean> = {
      job_titles: resume.jobTitles.length > 0,
      skills: resume.skills.length > 0,
      city: resume.city !== null,
      specialty: resume.specialties.length > 0,
      educations: resume.educations > 0,
      languages: resume.languages > 0,
    };
    const missing = MATCHING_PARTS.filter((part) => !present[part]);
    return { percent: Math.round((100 * (MATCHING_PARTS.length - missing.length)) / MATCHING_PARTS.length), missing };
  }

  async #resume(caller: string, resumeId: string): Promise<ResumeForMatching> {
    if (!isUuid(resumeId)) throw new DomainError('EXC_RESUME_ID_IS_INVALID');
    const resume = await this.resumes.resumeOf(caller);
    if (resume.id.toLowerCase() !== resumeId.toLowerCase()) throw new DomainError('EXC_RESUME_ID_IS_INVALID');
    return resume;
  }

  async #bookmarked(caller: string, resumeId: string): Promise<SearchQuery> {
    await this.#resume(caller, resumeId);
    return this.#bookmarkedQuery(caller);
  }

  async #bookmarkedQuery(caller: string): Promise<SearchQuery> {
    const rows = await this.db.$queryRawUnsafe<Array<{ posting_id: string }>>(
      `SELECT posting_id::text AS posting_id FROM bookmarks WHERE user_id = $1::uuid`,
      caller,
    );
    const query = everyPosting();
    return { ...query, filters: { ...query.filters, postingIds: rows.map((row) => row.posting_id) } };
  }
}

/** Open postings matching any of the resume's titles, skills or specialties, in its province. */
export function recommendedQuery(resume: ResumeForMatching): SearchQuery {
  const texts: SearchText[] = [];
  const seen = new Set<string>();
  for (const raw of [...resume.jobTitles, ...resume.specialties, ...resume.skills]) {
    // Finished words: a resume's title is whole, not typed so far.
    const text = searchTextOf(`${raw} `);
    if (text.words.length === 0 || seen.has(text.normalized)) continue;
    seen.add(text.normalized);
    texts.push(text);
    if (texts.length === MAX_TEXTS) break;
  }
  const query = everyPosting();
  return {
    ...query,
    anyText: texts,
    filters: { ...query.filters, provinces: resume.province ? [resume.province] : [] },
  };
}
