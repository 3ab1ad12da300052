// Job alerts: when a posting is published for the first time, every saved filter is matched
// against it in the index (the listing's own matching: text, typos, filters) and each match is
// announced once, ever: a job_alerts_sent row per (filter, posting) and the JobAlert event are
// written in one transaction with the outbox row, so a redelivered event announces nothing twice.
// Every owner of a matching filter is told, members of the posting's employer included: telling
// them apart would need the employer service on the indexing path for a case that harms no one.
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Logger } from '@darmankar/platform/log';
import { parseListingQuery } from '../posting-query.ts';
import type { SqlSession } from './posting-rows.ts';
import type { SearchIndex } from './search-index.ts';
import { searchQueryOf } from './search-query.ts';

/** One announcement: the filter's owner, the filter, the posting. */
export interface JobAlert {
  userId: string;
  filterId: string;
  filterName: string;
  postingId: string;
  postingSlug: string;
  postingTitle: string;
  jobCategory: string;
}

/** Writes a JobAlert event to the outbox in the caller's transaction (src/events/job-alert-events.ts). */
export type JobAlertPublisher = (tx: SqlSession, alert: JobAlert) => Promise<void>;

/** Saved filters read and matched per round. */
const FILTERS_PER_ROUND = 500;

interface FilterRow {
  id: string;
  user_id: string;
  name: string;
  query_string: string;
}

export class JobAlerts {
  constructor(
    private readonly index: SearchIndex,
    private readonly publish: JobAlertPublisher,
    private readonly clock: Clock,
    private readonly log?: Logger,
  ) {}

  /** Matches every saved filter against a newly published posting; answers the alerts written. */
  async announce(tx: SqlSession, postingId: string): Promise<number> {
    const [posting] = await tx.$queryRawUnsafe<
      Array<{ id: string; slug: string; title: string; job_category: string; status: string }>
    >(`SELECT id::text AS id, slug, title, job_category, status FROM postings WHERE id = $1::uuid`, postingId);
    if (!posting || posting.status !== 'published') return 0;
    const now = new Date(this.clock());
    let sent = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const filters = await tx.$queryRawUnsafe<FilterRow[]>(
        `SELECT id::text AS id, user_id::text AS user_id, name, query_string FROM saved_filters
          WHERE id > $1::uuid ORDER BY id LIMIT $2::int`,
        after,
        FILTERS_PER_ROUND,
      );
      if (filters.length === 0) break;
      after = filters.at(-1)!.id;
      for (const filter of filters) {
        const query = this.#queryOf(filter);
        if (!query || !(await this.index.matches(query, postingId, now))) continue;
        const inserted = await tx.$executeRawUnsafe(
          `INSERT INTO job_alerts_sent (filter_id, posting_id, sent_at) VALUES ($1::uuid, $2::uuid, $3::timestamptz)
           ON CONFLICT DO NOTHING`,
          filter.id,
          postingId,
          now,
        );
        if (inserted === 0) continue;
        await this.publish(tx, {
          userId: filter.user_id,
          filterId: filter.id,
          filterName: filter.name,
          postingId,
          postingSlug: posting.slug,
          postingTitle: posting.title,
          jobCategory: posting.job_category,
        });
        sent++;
      }
    }
    if (sent > 0) this.log?.info({ postingId, alerts: sent }, 'job alerts announced');
    return sent;
  }

  /** The filter's query, or none when it no longer reads as a valid one (a list item retired since). */
  #queryOf(filter: FilterRow) {
    const listing = parseListingQuery(filter.query_string);
    if (listing.problems.length > 0) return undefined;
    try {
      return searchQueryOf(listing.query);
    } catch (error) {
      if (error instanceof DomainError) return undefined;
      throw error;
    }
  }
}
