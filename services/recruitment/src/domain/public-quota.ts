// The public quota (spec §6): a visitor without a session may open PUBLIC_VIEW_LIMIT distinct
// postings per Tehran day, counted per visitor id (the gateway's visitor cookie) AND per client
// address, so clearing the cookie does not reset it and a shared address is bounded too.
// Re-opening a posting already counted today costs nothing. Two requests at once cannot both
// take the last view: each subject's count is taken under its own advisory lock.
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Database } from '../db/client.ts';

type SubjectKind = 'visitor' | 'address';
interface Subject {
  kind: SubjectKind;
  value: string;
}

const TEHRAN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Tehran at `nowMs`, as YYYY-MM-DD. */
export function tehranDay(nowMs: number): string {
  return TEHRAN_DAY.format(new Date(nowMs));
}

// A visitor id is the gateway's cookie value; anything else is ignored rather than stored.
const VISITOR_ID = /^[A-Za-z0-9_-]{8,100}$/;

function subjectsOf(visitorId: string | undefined, address: string | undefined): Subject[] {
  const subjects: Subject[] = [];
  if (visitorId && VISITOR_ID.test(visitorId)) subjects.push({ kind: 'visitor', value: visitorId });
  const trimmed = address?.trim();
  if (trimmed && trimmed.length <= 100) subjects.push({ kind: 'address', value: trimmed });
  return subjects;
}

export class PublicQuota {
  constructor(
    private readonly db: Database,
    readonly limit: number,
    private readonly clock: Clock,
  ) {}

  /** Views left today: the limit less the larger of the two counts. */
  async remaining(visitorId: string | undefined, address: string | undefined): Promise<number> {
    const day = new Date(`${tehranDay(this.clock())}T00:00:00Z`);
    let used = 0;
    for (const subject of subjectsOf(visitorId, address)) {
      const count = await this.db.publicView.count({
        where: { day, subjectKind: subject.kind, subject: subject.value },
      });
      used = Math.max(used, count);
    }
    return Math.max(this.limit - used, 0);
  }

  /**
   * Counts one view of `postingId`, and answers the views left today; past the limit (by visitor
   * or by address) EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED and nothing is counted.
   * A call with neither a visitor id nor an address has nothing to count by: it is not counted.
   */
  async take(visitorId: string | undefined, address: string | undefined, postingId: string): Promise<number> {
    const subjects = subjectsOf(visitorId, address);
    if (subjects.length === 0) return this.limit;
    const dayText = tehranDay(this.clock());
    return this.db.$transaction(async (tx) => {
      // Locks in one order (visitor, then address), so two calls never wait on each other crosswise.
      for (const subject of subjects)
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`public-views:${dayText}:${subject.kind}:${subject.value}`}, 0))`;
      let usedAfter = 0;
      for (const subject of subjects) {
        const rows = await tx.$queryRaw<{ count: bigint; seen: boolean }[]>`
          SELECT count(*) AS count, coalesce(bool_or(posting_id = ${postingId}::uuid), false) AS seen
            FROM public_views WHERE day = ${dayText}::date AND subject_kind = ${subject.kind} AND subject = ${subject.value}`;
        const count = Number(rows[0]!.count);
        const seen = rows[0]!.seen;
        if (!seen && count >= this.limit)
          throw new DomainError('EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED');
        usedAfter = Math.max(usedAfter, seen ? count : count + 1);
      }
      const createdAt = new Date(this.clock());
      for (const subject of subjects)
        await tx.$executeRaw`
          INSERT INTO public_views (day, subject_kind, subject, posting_id, created_at)
          VALUES (${dayText}::date, ${subject.kind}, ${subject.value}, ${postingId}::uuid, ${createdAt})
          ON CONFLICT DO NOTHING`;
      return Math.max(this.limit - usedAfter, 0);
    });
  }

  /** Drops the counts of days before yesterday (Tehran): nothing reads them. */
  async prune(): Promise<number> {
    const yesterday = new Date(`${tehranDay(this.clock() - 24 * 60 * 60 * 1000)}T00:00:00Z`);
    return this.db.publicView.deleteMany({ where: { day: { lt: yesterday } } }).then((result) => result.count);
  }
}
