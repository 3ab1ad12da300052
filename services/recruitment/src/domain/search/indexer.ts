// The indexing pipeline's rules (docs/search.md): a posting's change (recruitment.posting.v1)
// makes the indexer read the posting's current row and put it in the index when it is open
// (published, not past its closing time) or take it out otherwise. The ledger
// (search_index_state) records the newest version applied, so a redelivered or late event,
// whose row is no newer than what was applied, changes nothing: it can never bring back an
// archived posting. A full re-index walks the postings table in batches under the same rules.
import type { Clock } from '@darmankar/platform/clock';
import type { Logger } from '@darmankar/platform/log';
import { isSearchable, searchDocumentOf, type PostingRowForSearch } from './documents.ts';
import {
  lockPosting,
  lockPostings,
  postingRow,
  postingRowsAfter,
  postingRowsIn,
  type SqlSession,
} from './posting-rows.ts';
import type { SearchIndex } from './search-index.ts';

export type IndexOutcome = 'indexed' | 'removed' | 'unchanged';

/** The index's lag behind the postings table. */
export interface IndexLag {
  /** Changes not applied yet: open postings missing or stale in the index, closed ones still in it. */
  pendingChanges: number;
  /** Of those, open postings that are missing from the index or indexed at an older version. */
  openMissingOrStale: number;
  /** Seconds since the oldest change not applied yet was made (0 when none). */
  oldestPendingAgeSeconds: number;
  /** Documents the engine holds. */
  indexedDocuments: number;
}

interface LedgerRow {
  version: bigint;
  indexed: boolean;
}

export class SearchIndexer {
  constructor(
    private readonly index: SearchIndex,
    private readonly clock: Clock,
    private readonly log?: Logger,
  ) {}

  /**
   * Brings the index up to the posting's current row, inside the caller's transaction (the one
   * that records the event as handled). Answers what it did.
   */
  async apply(tx: SqlSession, postingId: string): Promise<IndexOutcome> {
    await lockPosting(tx, postingId);
    const row = await postingRow(tx, postingId);
    const [ledger] = await tx.$queryRawUnsafe<LedgerRow[]>(
      `SELECT version, indexed FROM search_index_state WHERE posting_id = $1::uuid`,
      postingId,
    );
    if (!row) {
      // Postings are archived, never deleted; a row gone all the same leaves the index too.
      if (!ledger?.indexed) return 'unchanged';
      await this.index.remove([postingId]);
      await tx.$executeRawUnsafe(
        `UPDATE search_index_state SET indexed = false WHERE posting_id = $1::uuid`,
        postingId,
      );
      return 'removed';
    }
    if (ledger && ledger.version >= row.version) return 'unchanged';
    const outcome = await this.#write([row]);
    await this.#record(tx, [row]);
    return outcome[0]!;
  }

  /**
   * Rebuilds the index from the postings table, `batchSize` rows a transaction (each row under
   * its lock, so a live event and the re-index never interleave on one posting). `fresh` empties
   * the index first (the vocabulary too); otherwise documents are replaced in place and search
   * keeps answering throughout.
   */
  async reindex(
    db: { $transaction<T>(work: (tx: SqlSession) => Promise<T>, options?: { timeout?: number }): Promise<T> },
    options: { batchSize?: number; fresh?: boolean; onBatch?: (done: number) => void } = {},
  ): Promise<{ postings: number; indexed: number; seconds: number }> {
    const startedAt = this.clock();
    const batchSize = options.batchSize ?? 500;
    if (options.fresh) await this.index.clear();
    let after = '00000000-0000-0000-0000-000000000000';
    let postings = 0;
    let indexed = 0;
    for (;;) {
      const batch = await db.$transaction(
        async (tx) => {
          const rows = await postingRowsAfter(tx, after, batchSize);
          if (rows.length === 0) return rows;
          const ids = rows.map((row) => row.id);
          await lockPostings(tx, ids);
          // Re-read under the locks: a row changed since the first read is written as it is now.
          const present = await postingRowsIn(tx, ids);
          const outcomes = await this.#write(present);
          await this.#record(tx, present);
          indexed += outcomes.filter((outcome) => outcome === 'indexed').length;
          return rows;
        },
        { timeout: 120_000 },
      );
      if (batch.length === 0) break;
      after = batch.at(-1)!.id;
      postings += batch.length;
      options.onBatch?.(postings);
    }
    const seconds = (this.clock() - startedAt) / 1000;
    this.log?.info({ postings, indexed, seconds }, 'search re-index finished');
    return { postings, indexed, seconds };
  }

  /** How far the index is behind the postings table (the status command, the log, a gauge). */
  async lag(tx: SqlSession): Promise<IndexLag> {
    const now = new Date(this.clock());
    const [row] = await tx.$queryRawUnsafe<Array<{ pending: bigint; open_stale: bigint; oldest: Date | null }>>(
      `WITH unapplied AS (
         SELECT p.status, p.published_at, p.closes_at, p.updated_at
           FROM postings p
           LEFT JOIN search_index_state s ON s.posting_id = p.id
          WHERE (s.posting_id IS NULL AND p.status = 'published') OR s.version < p.version
       )
       SELECT count(*) AS pending,
              count(*) FILTER (WHERE status = 'published' AND published_at IS NOT NULL
                                 AND (closes_at IS NULL OR closes_at > $1::timestamptz)) AS open_stale,
              min(updated_at) AS oldest
         FROM unapplied`,
      now,
    );
    const oldest = row?.oldest ?? null;
    return {
      pendingChanges: Number(row?.pending ?? 0),
      openMissingOrStale: Number(row?.open_stale ?? 0),
      oldestPendingAgeSeconds: oldest ? Math.max(0, Math.round((now.getTime() - oldest.getTime()) / 1000)) : 0,
      indexedDocuments: (await this.index.info()).documents,
    };
  }

  /** Puts open rows in the index and takes the others out; answers per row. */
  async #write(rows: PostingRowForSearch[]): Promise<IndexOutcome[]> {
    const now = new Date(this.clock());
    const open = rows.filter((row) => isSearchable(row, now));
    const closed = rows.filter((row) => !isSearchable(row, now));
    await this.index.upsert(open.map(searchDocumentOf));
    await this.index.remove(closed.map((row) => row.id));
    return rows.map((row) => (isSearchable(row, now) ? 'indexed' : 'removed'));
  }

  /** Records the versions applied; a newer version recorded meanwhile is kept. */
  async #record(tx: SqlSession, rows: PostingRowForSearch[]): Promise<void> {
    if (rows.length === 0) return;
    const now = new Date(this.clock());
    await tx.$executeRawUnsafe(
      `INSERT INTO search_index_state (posting_id, version, indexed, applied_at)
       SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::bool[]) AS r(posting_id, version, indexed), (SELECT $4::timestamptz) t
       ON CONFLICT (posting_id) DO UPDATE SET version = EXCLUDED.version, indexed = EXCLUDED.indexed,
         applied_at = EXCLUDED.applied_at
       WHERE search_index_state.version <= EXCLUDED.version`,
      rows.map((row) => row.id),
      rows.map((row) => row.version.toString()),
      rows.map((row) => isSearchable(row, now)),
      now,
    );
  }
}
