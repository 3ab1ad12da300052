// The package entry (`@darmankar/recruitment`): how the test stacks, the gateway's tests and
// the chart check configure, migrate and start this service without importing its internals.
import type { ServicePackage } from '@darmankar/platform/service';
import { startRecruitmentService, type RunningRecruitmentService } from './app.ts';
import { recruitmentConfigSchema } from './config.ts';
import { RECRUITMENT_SERVICE_DIR } from './db/migrate.ts';

export const recruitmentService: ServicePackage<typeof recruitmentConfigSchema, RunningRecruitmentService> = {
  name: 'recruitment',
  dir: RECRUITMENT_SERVICE_DIR,
  configSchema: recruitmentConfigSchema,
  start: (config, options) => startRecruitmentService(config, options),
};

export { recruitmentConfig, recruitmentConfigSchema, type RecruitmentConfig } from './config.ts';
export type { RunningRecruitmentService } from './app.ts';

// For the search benchmark (bench/search.ts), which measures the generator's data through the
// engine's own parts without the service around them.
export { generateEmployers, generatePostings, type GeneratedPosting } from './demo/postings.ts';
export { createPostgresSearch } from './adapters/postgres-search.ts';
export { createDatabase } from './db/client.ts';
export { SearchIndexer } from './domain/search/indexer.ts';
export { searchPageOf, searchQueryOf } from './domain/search/search-query.ts';
