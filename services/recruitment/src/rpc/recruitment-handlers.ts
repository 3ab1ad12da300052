// gRPC handlers: request in, domain call, contract message out. Nothing else. Search, category
// counts and a resume's postings are served by searchHandlers (src/rpc/search-handlers.ts);
// app.ts binds both: bindService(RecruitmentService, { ...recruitmentHandlers(…), ...searchHandlers(…) }).
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Clock } from '@darmankar/platform/clock';
import type { ServiceHandlers } from '@darmankar/platform/grpc';
import {
  PostingStatus,
  type RecruitmentService,
  type SavedFilterSchema,
  type SuggestionSchema,
} from '@darmankar/proto/recruitment/v1/recruitment_pb';
import type { ApplicationCounts } from '../domain/application-counts.ts';
import type { Bookmarks } from '../domain/bookmarks.ts';
import { postingSeo } from '../domain/posting-seo.ts';
import { postingCard, postingView, type PostingRow, type ReaderView } from '../domain/posting-view.ts';
import type { Postings } from '../domain/postings.ts';
import type { PublicPostings } from '../domain/public-postings.ts';
import type { PublicQuota } from '../domain/public-quota.ts';
import type { SavedFilters, SavedFilterView } from '../domain/saved-filters.ts';
import type { SuggestionItem, Suggestions } from '../domain/suggestions.ts';
import { postingCardMessage, postingFormOf, postingMessage, statusWord } from './posting-messages.ts';

/** The methods another module serves (search, category counts, a resume's postings). */
export type SearchMethodName =
  | 'searchPostings'
  | 'countPostingsByCategory'
  | 'listResumePostings'
  | 'getResumePostingSummary'
  | 'getResumeCompletion';

export type RecruitmentHandlers = Omit<ServiceHandlers<typeof RecruitmentService>, SearchMethodName>;

export interface RecruitmentDomain {
  suggestions: Suggestions;
  postings: Postings;
  publicPostings: PublicPostings;
  bookmarks: Bookmarks;
  applicationCounts: ApplicationCounts;
  filters: SavedFilters;
  quota: PublicQuota;
  clock: Clock;
  publicWebUrl: string;
}

function suggestion(item: SuggestionItem): MessageInitShape<typeof SuggestionSchema> {
  return {
    id: item.id,
    title: item.title,
    titleEn: item.titleEn,
    parentId: item.parent?.id,
    parentTitle: item.parent?.title,
  };
}

function savedFilter(filter: SavedFilterView): MessageInitShape<typeof SavedFilterSchema> {
  return {
    id: filter.id,
    name: filter.name,
    queryString: filter.queryString,
    createdAt: filter.createdAt.toISOString(),
  };
}

export function recruitmentHandlers(domain: RecruitmentDomain): RecruitmentHandlers {
  const { suggestions, postings, publicPostings, bookmarks, applicationCounts, filters, quota, clock } = domain;
  /** A posting as its employer's member sees it (every write answers this). */
  const posting = (row: PostingRow, reader: Omit<ReaderView, 'nowMs'>) =>
    postingMessage(postingView(row, { ...reader, nowMs: clock() }));
  const own = (row: PostingRow) => ({ posting: posting(row, { member: true, bookmarked: false }) });
  const cards = async (userId: string | undefined, rows: PostingRow[], member: boolean) => {
    const marked = await bookmarks.bookmarkedOf(
      userId,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      postingCardMessage(postingCard(row, { member, bookmarked: marked.has(row.id), nowMs: clock() })),
    );
  };

  return {
    async listSuggestions(request) {
      const groups = await suggestions.list(request.categories);
      return { groups: groups.map((group) => ({ category: group.category, items: group.items.map(suggestion) })) };
    },
    async searchSuggestions(request) {
      return { items: (await suggestions.search(request.category, request.text)).map(suggestion) };
    },

    async createPosting(request, context) {
      return own(
        await postings.create(context.userId, request.employerId, postingFormOf(request.fields), request.publish),
      );
    },
    async updatePosting(request, context) {
      return own(
        await postings.update(context.userId, request.postingId, postingFormOf(request.fields), request.publish),
      );
    },
    async archivePosting(request, context) {
      return own(await postings.archive(context.userId, request.postingId));
    },
    async featurePosting(request, context) {
      return own(await postings.feature(context.userId, request.postingId));
    },
    async getPosting(request, context) {
      const { row, member } = await postings.get(context.userId, request.postingId);
      const marked = await bookmarks.bookmarkedOf(context.userId, [row.id]);
      return { posting: posting(row, { member, bookmarked: marked.has(row.id) }) };
    },
    async listEmployerPostings(request, context) {
      const status = request.status === PostingStatus.UNSPECIFIED ? undefined : statusWord(request.status);
      const listed = await postings.listForEmployer(context.userId, request.employerId, {
        page: request.page?.page,
        pageSize: request.page?.pageSize,
        order: request.page?.order,
        status,
        text: request.text,
      });
      const items = await cards(context.userId, listed.rows, listed.member);
      // Members see how many applied and how many are unread; anyone else sees neither.
      const counts = listed.member ? await applicationCounts.of(listed.rows.map((row) => row.id)) : undefined;
      return {
        items: counts ? items.map((item) => ({ ...item, ...counts.get(item.id!) })) : items,
        page: { page: listed.page, pageSize: listed.pageSize, total: BigInt(listed.total) },
      };
    },
    async getEmployerPostingSummary(request, context) {
      return postings.summary(context.userId, request.employerId);
    },

    async getPostingBySlug(request, context) {
      const read = await publicPostings.bySlug(
        {
          userId: context.userId,
          clientAddress: context.clientAddress,
          visitorId: request.visitorId,
          crawler: request.crawler,
        },
        request.slug,
      );
      return {
        posting: posting(read.row, { member: read.member, bookmarked: read.bookmarked }),
        quotaRemaining: read.quotaRemaining,
      };
    },
    async getPostingBySlugWithSeo(request, context) {
      const read = await publicPostings.bySlug(
        {
          userId: context.userId,
          clientAddress: context.clientAddress,
          visitorId: request.visitorId,
          crawler: request.crawler,
        },
        request.slug,
      );
      return {
        posting: posting(read.row, { member: read.member, bookmarked: read.bookmarked }),
        seo: postingSeo(read.row, domain.publicWebUrl),
        quotaRemaining: read.quotaRemaining,
      };
    },
    async getPostingIdBySlug(request, context) {
      return { id: await publicPostings.idBySlug(context.userId, request.slug) };
    },
    async getPublicQuota(request, context) {
      return { limit: quota.limit, remaining: await quota.remaining(request.visitorId, context.clientAddress) };
    },

    async addBookmark(request, context) {
      await bookmarks.add(context.userId, request.slug);
      return {};
    },
    async removeBookmark(request, context) {
      await bookmarks.remove(context.userId, request.slug);
      return {};
    },
    async listBookmarks(request, context) {
      const listed = await bookmarks.list(context.userId, request.page?.page, request.page?.pageSize);
      return {
        items: listed.rows.map((row) =>
          postingCardMessage(postingCard(row, { member: false, bookmarked: true, nowMs: clock() })),
        ),
        page: { page: listed.page, pageSize: listed.pageSize, total: BigInt(listed.total) },
      };
    },
    async saveFilter(request, context) {
      return { filter: savedFilter(await filters.save(context.userId, request.name, request.queryString)) };
    },
    async listFilters(_request, context) {
      return { filters: (await filters.list(context.userId)).map(savedFilter) };
    },
    async deleteFilter(request, context) {
      await filters.remove(context.userId, request.filterId);
      return {};
    },
  };
}
