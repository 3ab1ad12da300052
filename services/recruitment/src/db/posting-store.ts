// The postings table through Prisma: a stored row as the domain reads it (lists parsed from
// their JSON columns), and the columns a posting's fields write.
import { normalizeForSearch } from '@darmankar/platform/persian';
import type { PostingFields, WorkingHoursSpan } from '../domain/posting-rules.ts';
import type { PostingRow } from '../domain/posting-view.ts';
import type { Database } from './client.ts';

export type Transaction = Parameters<Parameters<Database['$transaction']>[0]>[0];
export type Db = Database | Transaction;

type PrismaPosting = NonNullable<Awaited<ReturnType<Database['posting']['findUnique']>>>;

export function postingRow(row: PrismaPosting): PostingRow {
  return {
    ...row,
    gender: row.gender as PostingFields['gender'],
    languages: row.languages as PostingFields['languages'],
    skills: row.skills as PostingFields['skills'],
    educations: row.educations as PostingFields['educations'],
    workingHours: row.workingHours as unknown as WorkingHoursSpan[],
  };
}

/** The columns the editable fields fill (on create and on every update). */
export function fieldColumns(fields: PostingFields) {
  return {
    ...fields,
    searchTitle: normalizeForSearch(fields.title),
    workingHours: fields.workingHours as unknown as object[],
  };
}

export async function findPosting(db: Db, id: string): Promise<PostingRow | null> {
  const row = await db.posting.findUnique({ where: { id } });
  return row ? postingRow(row) : null;
}

export async function findPostingBySlug(db: Db, slug: string): Promise<PostingRow | null> {
  const row = await db.posting.findUnique({ where: { slug } });
  return row ? postingRow(row) : null;
}

/** The row locked for the rest of the transaction, so concurrent writes of one posting take turns. */
export async function lockPosting(tx: Transaction, id: string): Promise<PostingRow | null> {
  await tx.$queryRaw`SELECT id FROM postings WHERE id = ${id}::uuid FOR UPDATE`;
  return findPosting(tx, id);
}
