// The employer's hot reads over applications, in SQL: a step's filtered and ordered list, its
// length, an application's neighbours in it, the flow's counts and the duplicate hints. Every
// value is a bound parameter; only the order's direction is spliced in, from a closed set.
import type { ApplicationFilter, ListOrder } from '../domain/application-rules.ts';
import type { Database } from './client.ts';

interface Where {
  sql: string;
  params: unknown[];
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A step's applications of one posting (cancelled ones left out), with the filters. */
function whereOf(postingId: string, filter: ApplicationFilter): Where {
  const params: unknown[] = [postingId, filter.stepId];
  const conditions = ['posting_id = $1::uuid', 'step_id = $2::uuid', "state <> 'cancelled'"];
  if (filter.read !== null) {
    params.push(filter.read);
    conditions.push(`read = $${params.length}`);
  }
  for (const word of filter.words) {
    params.push(`%${escapeLike(word)}%`);
    conditions.push(`search_text LIKE $${params.length}`);
  }
  if (filter.from) {
    params.push(filter.from);
    conditions.push(`(applied_at AT TIME ZONE 'Asia/Tehran')::date >= $${params.length}::date`);
  }
  if (filter.to) {
    params.push(filter.to);
    conditions.push(`(applied_at AT TIME ZONE 'Asia/Tehran')::date <= $${params.length}::date`);
  }
  return { sql: conditions.join(' AND '), params };
}

const orderOf = (order: ListOrder) => (order === 'asc' ? 'applied_at ASC, id ASC' : 'applied_at DESC, id DESC');

/** One page of a step's list: the ids in order, and the list's length. */
export async function listApplicationIds(
  db: Database,
  postingId: string,
  filter: ApplicationFilter,
  order: ListOrder,
  page: { page: number; pageSize: number },
): Promise<{ ids: string[]; total: number }> {
  const where = whereOf(postingId, filter);
  const limit = where.params.length + 1;
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id::text AS id FROM applications WHERE ${where.sql} ORDER BY ${orderOf(order)} LIMIT $${limit} OFFSET $${limit + 1}`,
    ...where.params,
    page.pageSize,
    (page.page - 1) * page.pageSize,
  );
  const counted = await db.$queryRawUnsafe<{ total: number }[]>(
    `SELECT count(*)::int AS total FROM applications WHERE ${where.sql}`,
    ...where.params,
  );
  return { ids: rows.map((row) => row.id), total: counted[0]?.total ?? 0 };
}

/** Where `applicationId` stands in the step's list (position 0 when the filters leave it out). */
export async function neighboursOf(
  db: Database,
  postingId: string,
  applicationId: string,
  filter: ApplicationFilter,
  order: ListOrder,
): Promise<{ previousId: string | null; nextId: string | null; position: number; total: number }> {
  const where = whereOf(postingId, filter);
  const target = where.params.length + 1;
  const rows = await db.$queryRawUnsafe<
    { total: number; position: number | null; previous_id: string | null; next_id: string | null }[]
  >(
    `WITH ordered AS (
       SELECT id, row_number() OVER (ORDER BY ${orderOf(order)})::int AS position,
              lag(id) OVER (ORDER BY ${orderOf(order)}) AS previous_id,
              lead(id) OVER (ORDER BY ${orderOf(order)}) AS next_id
       FROM applications WHERE ${where.sql}
     )
     SELECT (SELECT count(*)::int FROM ordered) AS total, o.position, o.previous_id::text AS previous_id, o.next_id::text AS next_id
     FROM (SELECT 1) AS one LEFT JOIN ordered o ON o.id = $${target}::uuid`,
    ...where.params,
    applicationId,
  );
  const row = rows[0];
  return {
    previousId: row?.previous_id ?? null,
    nextId: row?.next_id ?? null,
    position: row?.position ?? 0,
    total: row?.total ?? 0,
  };
}

/** Applications (cancelled ones left out) and unread ones per step of one posting. */
export async function countsByStep(
  db: Database,
  postingId: string,
): Promise<Map<string, { total: number; unread: number }>> {
  const rows = await db.$queryRaw<{ step_id: string; total: number; unread: number }[]>`
    SELECT step_id::text AS step_id, count(*)::int AS total, count(*) FILTER (WHERE NOT read)::int AS unread
    FROM applications WHERE posting_id = ${postingId}::uuid AND state <> 'cancelled' GROUP BY step_id`;
  return new Map(rows.map((row) => [row.step_id, { total: row.total, unread: row.unread }]));
}

/** Of `ids`, those sharing a phone or email with another (not cancelled) application of the same posting. */
export async function duplicatesAmong(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT a.id::text AS id FROM applications a
    WHERE a.id = ANY(${ids}::uuid[]) AND (
      (a.phone_key IS NOT NULL AND EXISTS (
        SELECT 1 FROM applications b
        WHERE b.posting_id = a.posting_id AND b.phone_key = a.phone_key AND b.id <> a.id AND b.state <> 'cancelled'))
      OR (a.email_key IS NOT NULL AND EXISTS (
        SELECT 1 FROM applications b
        WHERE b.posting_id = a.posting_id AND b.email_key = a.email_key AND b.id <> a.id AND b.state <> 'cancelled')))`;
  return new Set(rows.map((row) => row.id));
}

export interface StepStay {
  stepId: string;
  left: number;
  averageHours: number;
  medianHours: number;
}

/**
 * Time spent on each step by the applications matched (`posting` or the employer's `template`):
 * a stay starts with the change that put the application on the step (applied, moved, rejected)
 * and ends with the next such change or its cancellation; stays not ended yet are not counted.
 */
export async function stepStays(
  db: Database,
  scope: { postingId: string } | { employerId: string; templateId: string },
): Promise<StepStay[]> {
  const [match, params] =
    'postingId' in scope
      ? ['a.posting_id = $1::uuid', [scope.postingId]]
      : ['a.employer_id = $1::uuid AND a.template_id = $2::uuid', [scope.employerId, scope.templateId]];
  const rows = await db.$queryRawUnsafe<
    { step_id: string; left_count: number; average_hours: number | null; median_hours: number | null }[]
  >(
    `WITH entries AS (
       SELECT h.change, h.step_id, h.at,
              lead(h.at) OVER (PARTITION BY h.application_id ORDER BY h.at, h.id) AS left_at
       FROM application_history h JOIN applications a ON a.id = h.application_id
       WHERE ${match} AND h.change IN ('applied', 'moved', 'rejected', 'cancelled')
     ), stays AS (
       SELECT step_id, extract(epoch FROM left_at - at) / 3600.0 AS hours
       FROM entries WHERE change <> 'cancelled' AND left_at IS NOT NULL
     )
     SELECT step_id::text AS step_id, count(*)::int AS left_count, avg(hours)::float8 AS average_hours,
            (percentile_cont(0.5) WITHIN GROUP (ORDER BY hours))::float8 AS median_hours
     FROM stays GROUP BY step_id`,
    ...params,
  );
  return rows.map((row) => ({
    stepId: row.step_id,
    left: row.left_count,
    averageHours: row.average_hours ?? 0,
    medianHours: row.median_hours ?? 0,
  }));
}

/** Applications standing on each step now (cancelled ones left out). */
export async function currentByStep(
  db: Database,
  scope: { postingId: string } | { employerId: string; templateId: string },
): Promise<Map<string, number>> {
  const rows =
    'postingId' in scope
      ? await db.$queryRaw<{ step_id: string; current: number }[]>`
          SELECT step_id::text AS step_id, count(*)::int AS current FROM applications
          WHERE posting_id = ${scope.postingId}::uuid AND state <> 'cancelled' GROUP BY step_id`
      : await db.$queryRaw<{ step_id: string; current: number }[]>`
          SELECT step_id::text AS step_id, count(*)::int AS current FROM applications
          WHERE employer_id = ${scope.employerId}::uuid AND template_id = ${scope.templateId}::uuid
            AND state <> 'cancelled' GROUP BY step_id`;
  return new Map(rows.map((row) => [row.step_id, row.current]));
}

/** Applications per Tehran day from `fromDate` on (YYYY-MM-DD), and all of them. */
export async function perDay(
  db: Database,
  scope: { postingId: string } | { employerId: string; templateId: string },
  fromDate: string,
): Promise<{ days: Map<string, number>; total: number }> {
  const [match, params] =
    'postingId' in scope
      ? ['posting_id = $1::uuid', [scope.postingId]]
      : ['employer_id = $1::uuid AND template_id = $2::uuid', [scope.employerId, scope.templateId]];
  const rows = await db.$queryRawUnsafe<{ day: string; count: number }[]>(
    `SELECT to_char((applied_at AT TIME ZONE 'Asia/Tehran')::date, 'YYYY-MM-DD') AS day, count(*)::int AS count
     FROM applications WHERE ${match} AND (applied_at AT TIME ZONE 'Asia/Tehran')::date >= $${params.length + 1}::date
     GROUP BY 1`,
    ...params,
    fromDate,
  );
  const totals = await db.$queryRawUnsafe<{ total: number }[]>(
    `SELECT count(*)::int AS total FROM applications WHERE ${match}`,
    ...params,
  );
  return { days: new Map(rows.map((row) => [row.day, row.count])), total: totals[0]?.total ?? 0 };
}
