// Featuring ends with the plan that paid for it: billing's PlanExpired names the references its
// `featured` units were taken by, and those of the employer's postings still featured by one of
// them stop being featured now. Like the closing sweep, each change bumps the posting's version
// and writes PostingChanged in its transaction, so the search document follows.
import type { Clock } from '@darmankar/platform/clock';
import { isUuid } from '@darmankar/platform/input';
import type { Transaction } from '../db/posting-store.ts';
import type { PostingChangePublisher } from './posting-changes.ts';

/** A featuring round's reference, as Postings.feature takes the unit: `<posting id>:featured:<version>`. */
const ROUND = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):featured:\d+$/i;

interface Matching {
  /** Rounds named exactly: only the round a posting is featured by now is ended. */
  rounds: string[];
  /** The postings of those rounds, for featuring begun before postings kept their round. */
  roundPostings: string[];
  /** Bare posting ids: the posting's featuring, whatever its round. */
  postings: string[];
}

export function matchingOf(referenceIds: readonly string[]): Matching {
  const matching: Matching = { rounds: [], roundPostings: [], postings: [] };
  for (const reference of referenceIds) {
    const round = ROUND.exec(reference);
    if (round) {
      matching.rounds.push(reference);
      matching.roundPostings.push(round[1]!.toLowerCase());
    } else if (isUuid(reference)) matching.postings.push(reference.toLowerCase());
  }
  return matching;
}

interface Unfeatured {
  id: string;
  employer_id: string;
  version: bigint;
  status: string;
  slug: string;
  job_category: string;
}

export class PlanFeaturing {
  constructor(
    private readonly clock: Clock,
    private readonly postingChanged: PostingChangePublisher,
  ) {}

  /**
   * Ends, in `tx`, the featuring of the employer's postings that `referenceIds` (an ended
   * plan's featured units) paid for and that has not run out yet; answers how many ended. A
   * posting featured since by another round is left alone, and so is any other employer's.
   */
  async planEnded(tx: Transaction, employerId: string, referenceIds: readonly string[]): Promise<number> {
    if (!isUuid(employerId)) return 0;
    const { rounds, roundPostings, postings } = matchingOf(referenceIds);
    if (rounds.length === 0 && postings.length === 0) return 0;
    const now = this.clock();
    const at = new Date(now);
    const rows = await tx.$queryRaw<Unfeatured[]>`
      UPDATE postings SET featured_until = NULL, featured_reference = NULL, version = version + 1, updated_at = ${at}
       WHERE employer_id = ${employerId}::uuid AND featured_until > ${at}
         AND (featured_reference = ANY(${rounds}::text[])
              OR (featured_reference IS NULL AND id = ANY(${roundPostings}::uuid[]))
              OR id = ANY(${postings}::uuid[]))
      RETURNING id, employer_id, version, status, slug, job_category`;
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
  }
}
