// The finished answers of identical anonymous searches, kept for a few seconds. A visitor's
// search depends only on its query (no bookmarks, no quota), and the listing's first pages are
// asked for over and over; answering them here spares the service call, its protobuf and its
// mapping. The recruitment service keeps its own answers for as long (SEARCH_CACHE_TTL_MS), so a
// new posting reaches the listing within the same seconds either way. A logged-in caller's
// search is never kept: its cards say what the caller bookmarked.
import { LRUCache } from 'lru-cache';
import type { SearchQuery } from './posting-schemas.ts';
import type { PageOfCards } from './client.ts';

/** How long an answer is kept: 15 s in production, not at all elsewhere (tests see every write at once). */
export const searchAnswerTtlMs = (nodeEnv: string) => (nodeEnv === 'production' ? 15_000 : 0);

export interface SearchAnswers {
  /** The kept answer for this query, or `load()`'s, which is kept (and shared with identical searches meanwhile). */
  get(query: SearchQuery, load: () => Promise<PageOfCards>): Promise<PageOfCards>;
}

export function createSearchAnswers(ttlMs: number, options: { max?: number; now?: () => number } = {}): SearchAnswers {
  if (ttlMs <= 0) return { get: (_query, load) => load() };
  const answers = new LRUCache<string, Promise<PageOfCards>>({
    max: options.max ?? 1_000,
    ttl: ttlMs,
    // A clock of the caller's (tests) is read on every look-up, not once a millisecond.
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });
  return {
    get(query, load) {
      const key = JSON.stringify(query);
      const kept = answers.get(key);
      if (kept) return kept;
      const answer = load();
      answers.set(key, answer);
      // A failed search is not kept: the next one asks again.
      answer.catch(() => answers.delete(key));
      return answer;
    },
  };
}
