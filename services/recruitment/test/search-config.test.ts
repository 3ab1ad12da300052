// The search settings of the service's configuration: Postgres unless asked, Meilisearch only
// with its address, and the resume service's address for a resume's postings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError } from '@darmankar/platform/config';
import { recruitmentConfig, searchCacheTtlMs } from '../src/config.ts';

const base = { NODE_ENV: 'test', DATABASE_URL: 'postgres://127.0.0.1/x' };

test('Postgres is the default engine; the lag is logged every five minutes', () => {
  const config = recruitmentConfig(base);
  assert.equal(config.SEARCH_ENGINE, 'postgres');
  assert.equal(config.MEILI_INDEX, 'postings');
  assert.equal(config.SEARCH_LAG_LOG_INTERVAL_MS, 300_000);
  assert.equal(config.RESUME_GRPC_URL, '127.0.0.1:50053');
});

test('Meilisearch needs MEILI_HOST', () => {
  assert.throws(
    () => recruitmentConfig({ ...base, SEARCH_ENGINE: 'meilisearch' }),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /MEILI_HOST/);
      return true;
    },
  );
  const config = recruitmentConfig({ ...base, SEARCH_ENGINE: 'meilisearch', MEILI_HOST: 'http://127.0.0.1:7700' });
  assert.equal(config.MEILI_HOST, 'http://127.0.0.1:7700');
});

test('an unknown engine or an index name with other characters is refused', () => {
  assert.throws(() => recruitmentConfig({ ...base, SEARCH_ENGINE: 'elastic' }), ConfigError);
  assert.throws(() => recruitmentConfig({ ...base, MEILI_INDEX: 'postings/../x' }), ConfigError);
});

test('search answers are kept 15 s in production, not at all elsewhere, unless SEARCH_CACHE_TTL_MS says', () => {
  assert.equal(searchCacheTtlMs({ NODE_ENV: 'production', SEARCH_CACHE_TTL_MS: undefined }), 15_000);
  assert.equal(searchCacheTtlMs(recruitmentConfig(base)), 0);
  assert.equal(searchCacheTtlMs(recruitmentConfig({ ...base, SEARCH_CACHE_TTL_MS: '5000' })), 5_000);
  assert.equal(searchCacheTtlMs({ ...recruitmentConfig(base), NODE_ENV: 'production', SEARCH_CACHE_TTL_MS: 0 }), 0);
  assert.equal(recruitmentConfig(base).SEARCH_CACHE_MAX_ENTRIES, 500);
  assert.throws(() => recruitmentConfig({ ...base, SEARCH_CACHE_TTL_MS: '-1' }), ConfigError);
  assert.throws(() => recruitmentConfig({ ...base, SEARCH_CACHE_MAX_ENTRIES: '0' }), ConfigError);
});
