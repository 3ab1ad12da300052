// suggestions/*: the items of the resume and employer forms' pickers. Public, no session.
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { RecruitmentAdapter } from '../client.ts';
import { listQuery, listResponse, searchQuery, searchResponse } from '../schemas.ts';

export function suggestionRoutes(recruitment: RecruitmentAdapter): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['get'],
      path: '/suggestions/list',
      summary: 'Every item of one or more suggestion categories',
      tag: 'suggestions',
      session: 'none',
      query: listQuery,
      responses: [{ status: 200, description: 'The items of each category asked for', body: listResponse }],
      errors: ['EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED', 'EXC_SUGGESTIONS_CATEGORY_IS_INVALID'],
      async handle({ query, meta }) {
        return { categories: await recruitment.listSuggestions((query.categories ?? '').split(','), meta) };
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/suggestions/search',
      summary: 'The best matches of a typed text in one suggestion category',
      tag: 'suggestions',
      session: 'none',
      query: searchQuery,
      responses: [{ status: 200, description: 'Matches, best first', body: searchResponse }],
      errors: [
        'EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED',
        'EXC_SUGGESTIONS_CATEGORY_IS_INVALID',
        'EXC_SUGGESTIONS_TEXT_IS_REQUIRED',
        'EXC_SUGGESTIONS_TEXT_IS_TOO_LONG',
        'EXC_SUGGESTIONS_TEXT_IS_INVALID',
      ],
      async handle({ query, meta }) {
        return { items: await recruitment.searchSuggestions(query.category ?? '', query.text ?? '', meta) };
      },
    }),
  ];
}
