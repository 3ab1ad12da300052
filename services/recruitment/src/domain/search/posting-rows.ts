// Reading postings rows for search, in raw SQL on the caller's transaction: the indexer and the
// job alerts read the CURRENT row (never an event's copy), under a per-posting lock so two
// deliveries of one posting's events apply one after the other.
import type { PostingRowForSearch } from './documents.ts';

/** What search needs of a Prisma client or transaction. */
export interface SqlSession {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

export const POSTING_ROW_COLUMNS = `id::text AS id, slug, employer_id::text AS "employerId", status, version, title,
  job_category AS "jobCategory", employment_type AS "employmentType", work_type AS "workType",
  min_salary AS "minSalary", max_salary AS "maxSalary", salary_visible AS "salaryVisible",
  experience_years AS "experienceYears", province, city, skills, shift_patterns AS "shiftPatterns",
  facility_type AS "facilityType", medical_specialty AS "medicalSpecialty", employer_slug AS "employerSlug",
  employer_brand AS "employerBrand", employer_logo AS "employerLogo", featured_until AS "featuredUntil",
  published_at AS "publishedAt", closes_at AS "closesAt"`;

/** Holds the posting's indexing lock until the transaction ends. */
export async function lockPosting(tx: SqlSession, postingId: string): Promise<void> {
  await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtextextended($1, 7315))`, postingId);
}

/** The same for several postings at once, in id order (no two lockers wait on each other in a circle). */
export async function lockPostings(tx: SqlSession, postingIds: string[]): Promise<void> {
  await tx.$executeRawUnsafe(
    `SELECT count(pg_advisory_xact_lock(hashtextextended(id::text, 7315)))
       FROM (SELECT id FROM unnest($1::uuid[]) AS id ORDER BY id) ids`,
    postingIds,
  );
}

export async function postingRow(tx: SqlSession, postingId: string): Promise<PostingRowForSearch | undefined> {
  const rows = await tx.$queryRawUnsafe<PostingRowForSearch[]>(
    `SELECT ${POSTING_ROW_COLUMNS} FROM postings WHERE id = $1::uuid`,
    postingId,
  );
  return rows[0];
}

/** Up to `limit` rows after `afterId`, in id order (a re-index walks the table with it). */
export function postingRowsAfter(tx: SqlSession, afterId: string, limit: number): Promise<PostingRowForSearch[]> {
  return tx.$queryRawUnsafe<PostingRowForSearch[]>(
    `SELECT ${POSTING_ROW_COLUMNS} FROM postings WHERE id > $1::uuid ORDER BY id LIMIT $2::int`,
    afterId,
    limit,
  );
}

export function postingRowsIn(tx: SqlSession, postingIds: string[]): Promise<PostingRowForSearch[]> {
  return tx.$queryRawUnsafe<PostingRowForSearch[]>(
    `SELECT ${POSTING_ROW_COLUMNS} FROM postings WHERE id = ANY($1::uuid[]) ORDER BY id`,
    postingIds,
  );
}
