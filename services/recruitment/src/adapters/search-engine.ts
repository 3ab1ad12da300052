// Chooses the search engine from the configuration (docs/architecture.md, embedded defaults):
// Postgres full text over the service's own database unless SEARCH_ENGINE=meilisearch.
import type pg from 'pg';
import type { SearchIndex } from '../domain/search/search-index.ts';
import { createMeilisearchSearch } from './meilisearch-search.ts';
import { createPostgresSearch } from './postgres-search.ts';

export interface SearchEngineSettings {
  SEARCH_ENGINE: 'postgres' | 'meilisearch';
  MEILI_HOST?: string;
  MEILI_API_KEY?: string;
  MEILI_INDEX: string;
}

export function createSearchEngine(settings: SearchEngineSettings, pool: pg.Pool): Promise<SearchIndex> {
  if (settings.SEARCH_ENGINE === 'meilisearch')
    return createMeilisearchSearch({
      host: settings.MEILI_HOST!,
      apiKey: settings.MEILI_API_KEY,
      indexUid: settings.MEILI_INDEX,
    });
  return Promise.resolve(createPostgresSearch(pool));
}
