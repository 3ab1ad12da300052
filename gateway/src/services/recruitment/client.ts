// The one adapter between the gateway and the recruitment service: REST-shaped calls in,
// gRPC calls out, protobuf messages turned into plain JSON-ready objects (./posting-json.ts).
import { createClient, createHealthChecker, type CallOptions, type ClientOptions } from '@darmankar/platform/grpc';
import { RecruitmentService, ResumePostingKind, type Suggestion } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import type { z } from 'zod';
import { pageMetaOf, type PageMetaAnswer } from '../../http/page-meta.ts';
import type { CallMeta } from '../../http/route.ts';
import {
  cardJson,
  pageInfoJson,
  postingInput,
  postingJson,
  postingQuery,
  savedFilterJson,
  statusOf,
  type PageInfoJson,
  type PostingCardJson,
  type PostingFieldsInput,
  type PostingJson,
  type SavedFilterJson,
} from './posting-json.ts';
import type {
  employerPostingsQuery,
  employerSummaryResponse,
  resumeCompletionResponse,
  resumePostingsQuery,
  resumeSummaryResponse,
  SearchQuery,
} from './posting-schemas.ts';

export interface SuggestionView {
  id: string;
  title: string;
  titleEn?: string;
  parent?: { id: string; title: string };
}

function suggestionView(item: Suggestion): SuggestionView {
  return {
    id: item.id,
    title: item.title,
    ...(item.titleEn ? { titleEn: item.titleEn } : {}),
    ...(item.parentId ? { parent: { id: item.parentId, title: item.parentTitle } } : {}),
  };
}

const options = (meta: CallMeta): CallOptions => ({
  requestId: meta.requestId,
  userId: meta.userId,
  clientAddress: meta.clientAddress,
});

export interface PageOfCards {
  items: PostingCardJson[];
  page: PageInfoJson;
}
export interface Page {
  page: number;
  pageSize: number;
}
/** Who reads a public posting: the visitor cookie's id, and whether it is a search-engine crawler. */
export interface Visitor {
  visitorId: string;
  crawler: boolean;
}
export interface PostingRead {
  posting: PostingJson;
  /** null: no quota (a logged-in caller, a crawler). */
  quotaRemaining: number | null;
}

export interface RecruitmentAdapter {
  /** Each category's items, keyed by category, in the order asked. */
  listSuggestions(categories: string[], meta: CallMeta): Promise<Record<string, SuggestionView[]>>;
  searchSuggestions(category: string, text: string, meta: CallMeta): Promise<SuggestionView[]>;

  createPosting(employerId: string, fields: PostingFieldsInput, publish: boolean, meta: CallMeta): Promise<PostingJson>;
  updatePosting(postingId: string, fields: PostingFieldsInput, publish: boolean, meta: CallMeta): Promise<PostingJson>;
  archivePosting(postingId: string, meta: CallMeta): Promise<PostingJson>;
  featurePosting(postingId: string, meta: CallMeta): Promise<PostingJson>;
  posting(postingId: string, meta: CallMeta): Promise<PostingJson>;
  employerPostings(
    employerId: string,
    query: z.output<typeof employerPostingsQuery>,
    meta: CallMeta,
  ): Promise<PageOfCards>;
  employerSummary(employerId: string, meta: CallMeta): Promise<z.input<typeof employerSummaryResponse>>;

  search(query: SearchQuery, meta: CallMeta): Promise<PageOfCards>;
  bySlug(slug: string, visitor: Visitor, meta: CallMeta): Promise<PostingRead>;
  bySlugWithSeo(slug: string, visitor: Visitor, meta: CallMeta): Promise<PostingRead & { seo: PageMetaAnswer }>;
  idBySlug(slug: string, meta: CallMeta): Promise<string>;
  publicQuota(visitorId: string, meta: CallMeta): Promise<{ limit: number; remaining: number }>;
  countByCategory(categories: string[], limit: number, meta: CallMeta): Promise<{ category: string; count: number }[]>;

  addBookmark(slug: string, meta: CallMeta): Promise<void>;
  removeBookmark(slug: string, meta: CallMeta): Promise<void>;
  bookmarks(page: Page, meta: CallMeta): Promise<PageOfCards>;
  saveFilter(name: string, queryString: string, meta: CallMeta): Promise<SavedFilterJson>;
  filters(meta: CallMeta): Promise<SavedFilterJson[]>;
  deleteFilter(filterId: string, meta: CallMeta): Promise<void>;
  resumePostings(resumeId: string, query: z.output<typeof resumePostingsQuery>, meta: CallMeta): Promise<PageOfCards>;
  resumeSummary(resumeId: string, meta: CallMeta): Promise<z.input<typeof resumeSummaryResponse>>;
  resumeCompletion(resumeId: string, meta: CallMeta): Promise<z.input<typeof resumeCompletionResponse>>;

  isServing(timeoutMs: number): Promise<boolean>;
  close(): void;
}

const RESUME_KINDS = {
  recommended: ResumePostingKind.RECOMMENDED,
  bookmarked: ResumePostingKind.BOOKMARKED,
} as const;

/** The contract's -1 (a caller or a crawler: no quota) as null. */
const quotaOrNull = (remaining: number): number | null => (remaining < 0 ? null : remaining);

function cards(answer: { items: Parameters<typeof cardJson>[0][]; page?: Parameters<typeof pageInfoJson>[0] }) {
  return { items: answer.items.map(cardJson), page: pageInfoJson(answer.page) };
}

export function createRecruitmentAdapter(address: string, defaults: ClientOptions): RecruitmentAdapter {
  const client = createClient(RecruitmentService, address, defaults);
  const health = createHealthChecker(address);
  return {
    async listSuggestions(categories, meta) {
      const { groups } = await client.listSuggestions({ categories }, options(meta));
      return Object.fromEntries(groups.map((group) => [group.category, group.items.map(suggestionView)]));
    },
    async searchSuggestions(category, text, meta) {
      const { items } = await client.searchSuggestions({ category, text }, options(meta));
      return items.map(suggestionView);
    },

    async createPosting(employerId, fields, publish, meta) {
      const { posting } = await client.createPosting(
        { employerId, fields: postingInput(fields), publish },
        options(meta),
      );
      return postingJson(posting!);
    },
    async updatePosting(postingId, fields, publish, meta) {
      const { posting } = await client.updatePosting(
        { postingId, fields: postingInput(fields), publish },
        options(meta),
      );
      return postingJson(posting!);
    },
    async archivePosting(postingId, meta) {
      return postingJson((await client.archivePosting({ postingId }, options(meta))).posting!);
    },
    async featurePosting(postingId, meta) {
      return postingJson((await client.featurePosting({ postingId }, options(meta))).posting!);
    },
    async posting(postingId, meta) {
      return postingJson((await client.getPosting({ postingId }, options(meta))).posting!);
    },
    async employerPostings(employerId, query, meta) {
      const answer = await client.listEmployerPostings(
        {
          employerId,
          page: { page: query.page, pageSize: query.pageSize },
          status: statusOf(query.status),
          text: query.q ?? '',
        },
        options(meta),
      );
      return cards(answer);
    },
    async employerSummary(employerId, meta) {
      const { draft, published, archived, closed, featured, total } = await client.getEmployerPostingSummary(
        { employerId },
        options(meta),
      );
      return { draft, published, archived, closed, featured, total };
    },

    async search(query, meta) {
      const answer = await client.searchPostings(
        {
          query: postingQuery(query),
          page: { page: query.page, pageSize: query.pageSize, order: query.order ?? '' },
        },
        options(meta),
      );
      return cards(answer);
    },
    async bySlug(slug, visitor, meta) {
      const answer = await client.getPostingBySlug({ slug, ...visitor }, options(meta));
      return { posting: postingJson(answer.posting!), quotaRemaining: quotaOrNull(answer.quotaRemaining) };
    },
    async bySlugWithSeo(slug, visitor, meta) {
      const answer = await client.getPostingBySlugWithSeo({ slug, ...visitor }, options(meta));
      return {
        posting: postingJson(answer.posting!),
        seo: pageMetaOf(answer.seo),
        quotaRemaining: quotaOrNull(answer.quotaRemaining),
      };
    },
    async idBySlug(slug, meta) {
      return (await client.getPostingIdBySlug({ slug }, options(meta))).id;
    },
    async publicQuota(visitorId, meta) {
      const { limit, remaining } = await client.getPublicQuota({ visitorId }, options(meta));
      return { limit, remaining };
    },
    async countByCategory(categories, limit, meta) {
      const { items } = await client.countPostingsByCategory({ categories, limit }, options(meta));
      return items.map(({ category, count }) => ({ category, count }));
    },

    async addBookmark(slug, meta) {
      await client.addBookmark({ slug }, options(meta));
    },
    async removeBookmark(slug, meta) {
      await client.removeBookmark({ slug }, options(meta));
    },
    async bookmarks(page, meta) {
      return cards(await client.listBookmarks({ page }, options(meta)));
    },
    async saveFilter(name, queryString, meta) {
      return savedFilterJson((await client.saveFilter({ name, queryString }, options(meta))).filter!);
    },
    async filters(meta) {
      return (await client.listFilters({}, options(meta))).filters.map(savedFilterJson);
    },
    async deleteFilter(filterId, meta) {
      await client.deleteFilter({ filterId }, options(meta));
    },
    async resumePostings(resumeId, query, meta) {
      const answer = await client.listResumePostings(
        { resumeId, kind: RESUME_KINDS[query.kind], page: { page: query.page, pageSize: query.pageSize } },
        options(meta),
      );
      return cards(answer);
    },
    async resumeSummary(resumeId, meta) {
      const { recommended, bookmarked } = await client.getResumePostingSummary({ resumeId }, options(meta));
      return { recommended, bookmarked };
    },
    async resumeCompletion(resumeId, meta) {
      const { percent, missing } = await client.getResumeCompletion({ resumeId }, options(meta));
      return { percent, missing: [...missing] };
    },

    isServing: (timeoutMs) => health.isServing(timeoutMs),
    close() {
      client.close();
      health.close();
    },
  };
}
