// Search answers kept for a few seconds: the listing's first pages and popular searches are the
// same for every visitor (query + page + order; the caller's bookmarks are marked afterwards), so
// one engine query serves them all until the time to live runs out. The price is staleness: a
// posting archived or closed may be shown for up to the time to live (docs/search.md).
import { LRUCache } from 'lru-cache';
import type { SearchIndex, SearchRequest, SearchResult } from './search-index.ts';

export interface SearchAnswerSettings {
  /** How long an answer is reused; 0 asks the engine every time. */
  ttlMs: number;
  /** At most this many answers held (the least recently used leave first). */
  maxEntries: number;
}

export type Search = (request: SearchRequest) => Promise<SearchResult>;

/** What makes two requests the same answer: everything but `now` (the answer's age is the TTL's). */
function keyOf({ query, page, pageSize, order }: SearchRequest): string {
  return JSON.stringify({ query, page, pageSize, order }, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}

/**
 * `index.search` with its answers reused for `ttlMs`. Identical requests arriving while the
 * engine is still answering share that one query (lru-cache's fetch), so a burst of visitors
 * on an expired page costs one query, not one each.
 */
export function searchWithAnswersKept(index: SearchIndex, settings: SearchAnswerSettings): Search {
  if (settings.ttlMs <= 0 || settings.maxEntries <= 0) return (request) => index.search(request);
  const answers = new LRUCache<string, SearchResult, SearchRequest>({
    max: settings.maxEntries,
    ttl: settings.ttlMs,
    fetchMethod: (_key, _stale, { context }) => index.search(context),
  });
  return async (request) => {
    const answer = await answers.fetch(keyOf(request), { context: request });
    // fetch answers undefined only when aborted, which nothing here does.
    return answer ?? index.search(request);
  };
}
