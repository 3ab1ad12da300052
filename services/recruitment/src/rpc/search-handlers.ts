// gRPC handlers of job search: request in, domain call, contract message out. Nothing else.
// Composed with the postings' handlers in app.ts: { ...recruitmentHandlers(...), ...searchHandlers(...) }.
import type { ServiceHandlers } from '@darmankar/platform/grpc';
import type { Clock } from '@darmankar/platform/clock';
import { ResumePostingKind, type RecruitmentService } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import { postingCard } from '../domain/posting-view.ts';
import type { FoundPostings, PostingSearch } from '../domain/search/posting-search.ts';
import type { ResumePostingKind as Kind, ResumePostings } from '../domain/search/recommendations.ts';
import type { SearchDocument } from '../domain/search/search-index.ts';
import { postingCardMessage } from './posting-messages.ts';
import type { SearchMethodName } from './recruitment-handlers.ts';

export type SearchHandlers = Pick<ServiceHandlers<typeof RecruitmentService>, SearchMethodName>;

const KINDS: Partial<Record<ResumePostingKind, Kind>> = {
  [ResumePostingKind.RECOMMENDED]: 'recommended',
  [ResumePostingKind.BOOKMARKED]: 'bookmarked',
};

/** A search document as the card's source: the index keeps only visible salaries and open postings. */
function cardSource(document: SearchDocument) {
  return {
    id: document.id,
    slug: document.slug,
    title: document.title,
    employerId: document.employer.id,
    employerSlug: document.employer.slug,
    employerBrand: document.employer.brand,
    employerLogo: document.employer.logo,
    jobCategory: document.jobCategory,
    employmentType: document.employmentType,
    workType: document.workType,
    province: document.province,
    city: document.city,
    minSalary: document.minSalary,
    maxSalary: document.maxSalary,
    shiftPatterns: document.shiftPatterns,
    facilityType: document.facilityType,
    medicalSpecialty: document.medicalSpecialty,
    experienceYears: document.experienceYears,
    featuredUntil: document.featuredUntil,
    publishedAt: document.publishedAt,
  };
}

export function searchHandlers(search: PostingSearch, resumePostings: ResumePostings, clock: Clock): SearchHandlers {
  const page = (found: FoundPostings) => {
    const nowMs = clock();
    return {
      items: found.items.map((document) =>
        postingCardMessage(
          postingCard(cardSource(document), { member: false, bookmarked: found.bookmarked.has(document.id), nowMs }),
        ),
      ),
      page: { page: found.page, pageSize: found.pageSize, total: BigInt(found.total) },
    };
  };
  return {
    async searchPostings(request, context) {
      return page(await search.search(request.query ?? {}, request.page, context.userId));
    },
    async countPostingsByCategory(request) {
      return { items: await search.countByCategory(request.categories, request.limit) };
    },
    async listResumePostings(request, context) {
      return page(await resumePostings.list(context.userId, request.resumeId, KINDS[request.kind], request.page));
    },
    async getResumePostingSummary(request, context) {
      return resumePostings.summary(context.userId, request.resumeId);
    },
    async getResumeCompletion(request, context) {
      return resumePostings.completion(context.userId, request.resumeId);
    },
  };
}
