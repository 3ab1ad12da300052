// The operator's search index commands (docs/search.md):
//   npm run search-index -w services/recruitment -- status
//   npm run search-index -w services/recruitment -- reindex [--fresh] [--batch=500]
// `status` prints how many changes the index has not applied (open postings missing or stale
// in it, closed ones still in it) and the age of the oldest; `reindex` rebuilds the index from
// the postings table in batches (`--fresh` empties it first, vocabulary included). The engine
// and database come from the service's own configuration (DATABASE_URL, SEARCH_ENGINE, MEILI_*).
import { systemClock, type Clock } from '@darmankar/platform/clock';
import { createLogger } from '@darmankar/platform/log';
import { isEntryPoint } from '@darmankar/platform/migrate';
import { createSearchEngine } from '../adapters/search-engine.ts';
import { recruitmentConfig, type RecruitmentConfig } from '../config.ts';
import { createDatabase, createPool } from '../db/client.ts';
import { SearchIndexer, type IndexLag } from '../domain/search/indexer.ts';

type Command = { name: 'status' } | { name: 'reindex'; fresh: boolean; batchSize: number };

async function withIndexer<T>(
  config: RecruitmentConfig,
  clock: Clock,
  work: (indexer: SearchIndexer, db: ReturnType<typeof createDatabase>) => Promise<T>,
): Promise<T> {
  const pool = createPool(config.DATABASE_URL, { max: 2 });
  const db = createDatabase(pool);
  try {
    const index = await createSearchEngine(config, pool);
    return await work(new SearchIndexer(index, clock, createLogger('search-index', config.LOG_LEVEL)), db);
  } finally {
    await db.$disconnect();
  }
}

export function describeLag(engine: string, lag: IndexLag): string {
  return [
    `engine: ${engine}`,
    `indexed documents: ${lag.indexedDocuments}`,
    `changes not applied: ${lag.pendingChanges}`,
    `open postings missing or stale: ${lag.openMissingOrStale}`,
    `oldest change not applied: ${lag.pendingChanges === 0 ? 'none' : `${lag.oldestPendingAgeSeconds} s ago`}`,
  ].join('\n');
}

export async function runSearchIndexCommand(
  config: RecruitmentConfig,
  command: Command,
  clock: Clock = systemClock,
): Promise<string> {
  return withIndexer(config, clock, async (indexer, db) => {
    if (command.name === 'reindex') {
      const run = await indexer.reindex(db, {
        fresh: command.fresh,
        batchSize: command.batchSize,
        onBatch: (done) => process.stderr.write(`\r${done} postings`),
      });
      process.stderr.write('\n');
      const lag = await indexer.lag(db);
      return `re-indexed ${run.postings} postings (${run.indexed} open) in ${run.seconds.toFixed(1)} s\n${describeLag(config.SEARCH_ENGINE, lag)}`;
    }
    return describeLag(config.SEARCH_ENGINE, await indexer.lag(db));
  });
}

export function parseSearchIndexArguments(args: string[]): Command | undefined {
  const [name, ...flags] = args;
  if (name === 'status' && flags.length === 0) return { name };
  if (name !== 'reindex') return undefined;
  let fresh = false;
  let batchSize = 500;
  for (const flag of flags) {
    if (flag === '--fresh') fresh = true;
    else if (/^--batch=\d{1,5}$/.test(flag) && Number(flag.slice(8)) > 0) batchSize = Number(flag.slice(8));
    else return undefined;
  }
  return { name, fresh, batchSize };
}

if (isEntryPoint(import.meta.url)) {
  const command = parseSearchIndexArguments(process.argv.slice(2));
  if (!command) {
    console.error('usage: npm run search-index -w services/recruitment -- status | reindex [--fresh] [--batch=500]');
    process.exit(2);
  }
  try {
    console.log(await runSearchIndexCommand(recruitmentConfig(process.env), command));
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
