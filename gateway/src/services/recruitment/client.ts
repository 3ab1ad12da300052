// The one adapter between the gateway and the recruitment service: REST-shaped calls in,
// gRPC calls out, protobuf messages turned into plain JSON-ready objects.
import { createClient, createHealthChecker, type CallOptions, type ClientOptions } from '@darmankar/platform/grpc';
import { RecruitmentService, type Suggestion } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import type { CallMeta } from '../../http/route.ts';

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

export interface RecruitmentAdapter {
  /** Each category's items, keyed by category, in the order asked. */
  listSuggestions(categories: string[], meta: CallMeta): Promise<Record<string, SuggestionView[]>>;
  searchSuggestions(category: string, text: string, meta: CallMeta): Promise<SuggestionView[]>;
  isServing(timeoutMs: number): Promise<boolean>;
  close(): void;
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
    isServing: (timeoutMs) => health.isServing(timeoutMs),
    close() {
      client.close();
      health.close();
    },
  };
}
