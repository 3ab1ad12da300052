// gRPC handlers: request in, domain call, contract message out. Nothing else.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ServiceHandlers } from '@darmankar/platform/grpc';
import type { RecruitmentService, SuggestionSchema } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import type { SuggestionItem, Suggestions } from '../domain/suggestions.ts';

function suggestion(item: SuggestionItem): MessageInitShape<typeof SuggestionSchema> {
  return {
    id: item.id,
    title: item.title,
    titleEn: item.titleEn,
    parentId: item.parent?.id,
    parentTitle: item.parent?.title,
  };
}

export function recruitmentHandlers(suggestions: Suggestions): ServiceHandlers<typeof RecruitmentService> {
  return {
    async listSuggestions(request) {
      const groups = await suggestions.list(request.categories);
      return { groups: groups.map((group) => ({ category: group.category, items: group.items.map(suggestion) })) };
    },
    async searchSuggestions(request) {
      return { items: (await suggestions.search(request.category, request.text)).map(suggestion) };
    },
  };
}
