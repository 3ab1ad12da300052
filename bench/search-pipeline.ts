// The search benchmark's work on the recruitment service's own code: feeding the postings
// table to the index, the statements the Postgres adapter runs (for their plans), and the lag
// of the index behind a stream of edits.
import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { systemClock } from '@darmankar/platform/clock';
import { toBusMessage } from '@darmankar/platform/events/bus';
import { enqueueEvent, pgExecutor } from '@darmankar/platform/events/outbox';
import { PostingChangedSchema } from '@darmankar/proto/recruitment/v1/events_pb';
import pg from 'pg';
import {
  createDatabase,
  createPostgresSearch,
  SearchIndexer,
  searchPageOf,
  searchQueryOf,
} from '@darmankar/recruitment';
import { percentile } from './processes.ts';

const POSTING_TOPIC = 'recruitment.posting.v1';

export interface IndexRun {
  rows: number;
  documents: number;
  vocabulary: number;
  seconds: number;
  how: string;
}

/**
 * A full re-index through the service's indexer (SearchIndexer.reindex: the postings table in
 * id order, 500 rows a transaction under their locks, each open row's document upserted into
 * the Postgres index and its version recorded in the ledger), as `search-index reindex` runs it.
 */
export async function indexPostings(databaseUrl: string): Promise<IndexRun> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const db = createDatabase(pool);
  const index = createPostgresSearch(pool);
  try {
    const result = await new SearchIndexer(index, systemClock).reindex(db);
    await pool.query('ANALYZE search_documents; ANALYZE search_vocabulary; ANALYZE search_index_state');
    const vocabulary = Number((await pool.query('SELECT count(*) AS n FROM search_vocabulary')).rows[0].n);
    return {
      rows: result.postings,
      documents: result.indexed,
      vocabulary,
      seconds: result.seconds,
      how: "the service's SearchIndexer.reindex into the Postgres adapter, 500 rows a transaction",
    };
  } finally {
    await db.$disconnect().catch(() => undefined);
    await pool.end().catch(() => undefined);
  }
}

/** The statements the adapter runs for a listing query, each with its EXPLAIN (ANALYZE, BUFFERS). */
export async function explainSearches(
  databaseUrl: string,
  params: { q: string; category: string; province: string; employmentType: string },
): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const seen: { text: string; values: unknown[] }[] = [];
  const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  (pool as unknown as { query: typeof query }).query = (text: string, values?: unknown[]) => {
    seen.push({ text, values: values ?? [] });
    return query(text, values);
  };
  try {
    const searchQuery = searchQueryOf({
      text: params.q,
      jobCategories: [params.category],
      provinces: [params.province],
      employmentTypes: [params.employmentType],
    });
    const page = searchPageOf({ page: 1, pageSize: 20 }, searchQuery);
    await createPostgresSearch(pool).search({ query: searchQuery, ...page, now: new Date() });
    const plans: string[] = [];
    for (const statement of seen) {
      if (!/^\s*(WITH|SELECT)/i.test(statement.text)) continue;
      const { rows } = await query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, statement.values);
      plans.push(
        `${statement.text.replace(/\s+/g, ' ').trim()}\n   params ${JSON.stringify(statement.values)}\n${rows.map((row) => `   ${row['QUERY PLAN']}`).join('\n')}`,
      );
    }
    return plans;
  } finally {
    await pool.end();
  }
}

/**
 * The adapter's own search in this process, `clients` at once on a pool of as many connections,
 * for `seconds`: no gateway, no service, no gRPC — the figure to set beside the raw-Postgres
 * anchor (../shared/notes/search-facts.md), measured the same way.
 */
export async function adapterThroughput(
  databaseUrl: string,
  params: { q: string; category: string; province: string; employmentType: string },
  clients: number,
  seconds: number,
): Promise<{ perSecond: number; latencies: number[] }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  const index = createPostgresSearch(pool);
  const query = searchQueryOf({
    text: params.q,
    jobCategories: [params.category],
    provinces: [params.province],
    employmentTypes: [params.employmentType],
  });
  const page = searchPageOf({ page: 1, pageSize: 20 }, query);
  const latencies: number[] = [];
  try {
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < end) {
          const startedAt = performance.now();
          await index.search({ query, ...page, now: new Date() });
          latencies.push(performance.now() - startedAt);
        }
      }),
    );
    return { perSecond: latencies.length / seconds, latencies };
  } finally {
    await pool.end();
  }
}

/**
 * Edits at `perSecond` for `seconds`: a published posting's title changed and its version
 * raised, with PostingChanged in the outbox in the same transaction (as the write path does);
 * then how long each edited version took to reach the index's ledger (search_index_state).
 */
export async function measureIndexLag(databaseUrl: string, perSecond: number, seconds: number): Promise<string> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    const ledger = await pool.query(`SELECT to_regclass('search_index_state') AS t`);
    if (!ledger.rows[0].t) return 'index lag: not measured (no search_index_state table)';
    const { rows: targets } = await pool.query(
      `SELECT id, employer_id FROM postings WHERE status = 'published' ORDER BY published_at DESC LIMIT $1`,
      [Math.max(1, perSecond * seconds)],
    );
    const edits: { id: string; version: bigint; at: number }[] = [];
    const startedAt = Date.now();
    for (let i = 0; i < targets.length; i++) {
      const due = startedAt + (i * 1000) / perSecond;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      const target = targets[i]!;
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query(
          `UPDATE postings SET title = title || ' ', version = version + 1, updated_at = now() WHERE id = $1 RETURNING version`,
          [target.id],
        );
        const version = BigInt(rows[0].version);
        const message = create(PostingChangedSchema, {
          postingId: target.id,
          employerId: target.employer_id,
          version,
          status: 'published',
          publishedNow: false,
          meta: { eventId: randomUUID(), occurredAtMs: BigInt(Date.now()) },
        });
        await enqueueEvent(
          pgExecutor(client),
          toBusMessage(PostingChangedSchema, message, { topic: POSTING_TOPIC, key: target.id }),
        );
        await client.query('COMMIT');
        edits.push({ id: target.id, version, at: Date.now() });
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    }
    const editSeconds = (Date.now() - startedAt) / 1000;
    // Wait (up to 60 s) for the ledger to hold every edited version.
    const deadline = Date.now() + 60_000;
    let applied = new Map<string, number>();
    while (Date.now() < deadline) {
      const { rows } = await pool.query(
        `SELECT posting_id, version, applied_at FROM search_index_state WHERE posting_id = ANY($1::uuid[])`,
        [edits.map((edit) => edit.id)],
      );
      applied = new Map(
        rows
          .filter((row) => BigInt(row.version) >= edits.find((edit) => edit.id === row.posting_id)!.version)
          .map((row) => [row.posting_id as string, new Date(row.applied_at).getTime()]),
      );
      if (applied.size === edits.length) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const lags = edits.filter((edit) => applied.has(edit.id)).map((edit) => applied.get(edit.id)! - edit.at);
    if (lags.length === 0)
      return `index lag: none of ${edits.length} edits reached the index within 60 s (is the service's indexer running?)`;
    return `index lag under ${edits.length} edits at ${(edits.length / editSeconds).toFixed(1)}/s: p50 ${percentile(lags, 50)} ms, p95 ${percentile(lags, 95)} ms, max ${Math.max(...lags)} ms; ${lags.length} of ${edits.length} indexed`;
  } finally {
    await pool.end();
  }
}
