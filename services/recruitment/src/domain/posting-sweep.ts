// The closing sweep: published postings whose open days ran out are closed, featuring whose
// days ran out ends, and the public quota's old days are pruned. Each change bumps the
// posting's version and writes PostingChanged in its transaction, like any other change. Time
// comes from the injected clock, so tests move it instead of waiting.
import type { Clock } from '@darmankar/platform/clock';
import type { Database } from '../db/client.ts';
import type { Transaction } from '../db/posting-store.ts';
import type { PostingChangePublisher } from './posting-changes.ts';
import type { PublicQuota } from './public-quota.ts';

export interface SweepResult {
  closed: number;
  unfeatured: number;
  prunedViews: number;
}

interface Changed {
  id: string;
  employer_id: string;
  version: bigint;
  status: string;
  slug: string;
  job_category: string;
}

export class PostingSweep {
  constructor(
    private readonly db: Database,
    private readonly quota: PublicQuota,
    private readonly clock: Clock,
    private readonly postingChanged: PostingChangePublisher,
  ) {}

  async run(): Promise<SweepResult> {
    const now = this.clock();
    const at = new Date(now);
    const closed = await this.changeAll(
      now,
      (tx) => tx.$queryRaw<Changed[]>`UPDATE postings SET status = 'closed', version = version + 1, updated_at = ${at}
         WHERE status = 'published' AND closes_at <= ${at}
        RETURNING id, employer_id, version, status, slug, job_category`,
    );
    // Cleared, so the search index's featured flag follows (and the next featuring takes a unit).
    const unfeatured = await this.changeAll(
      now,
      (tx) => tx.$queryRaw<
        Changed[]
      >`UPDATE postings SET featured_until = NULL, featured_reference = NULL, version = version + 1, updated_at = ${at}
         WHERE featured_until IS NOT NULL AND featured_until <= ${at}
        RETURNING id, employer_id, version, status, slug, job_category`,
    );
    const prunedViews = await this.quota.prune();
    return { closed, unfeatured, prunedViews };
  }

  /** Runs one UPDATE … RETURNING of postings and announces each changed posting, in one transaction. */
  private changeAll(now: number, update: (tx: Transaction) => Promise<Changed[]>): Promise<number> {
    return this.db.$transaction(async (tx) => {
      const rows = await update(tx);
      for (const row of rows) {
        const change = {
          postingId: row.id,
          employerId: row.employer_id,
          version: row.version,
          status: row.status,
          slug: row.slug,
          jobCategory: row.job_category,
        };
        await this.postingChanged(tx, { ...change, publishedNow: false }, now);
      }
      return rows.length;
    });
  }
}
