// A person's bookmarks of postings, by slug: adding twice is fine, removing an absent one is
// fine; listed newest first, closed and archived ones kept with their status.
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid, parsePage, requireCaller } from '@darmankar/platform/input';
import type { Database } from '../db/client.ts';
import { findPostingBySlug, postingRow } from '../db/posting-store.ts';
import type { PostingRow } from './posting-view.ts';

const MAX_SLUG = 200;

export function parseSlug(slug: string): string | null {
  const trimmed = slug.trim();
  return trimmed === '' || trimmed.length > MAX_SLUG ? null : trimmed;
}

export class Bookmarks {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Which of `postingIds` the user bookmarked. */
  async bookmarkedOf(userId: string | undefined, postingIds: readonly string[]): Promise<Set<string>> {
    if (!isUuid(userId) || postingIds.length === 0) return new Set();
    const rows = await this.db.bookmark.findMany({
      where: { userId, postingId: { in: [...postingIds] } },
      select: { postingId: true },
    });
    return new Set(rows.map((row) => row.postingId));
  }

  /** Bookmarks an open posting (EXC_RECRUITMENTS_NOT_FOUND for drafts, archived and closed ones). */
  async add(userId: string | undefined, rawSlug: string): Promise<void> {
    const caller = requireCaller(userId);
    const slug = parseSlug(rawSlug);
    const posting = slug ? await findPostingBySlug(this.db, slug) : null;
    if (!posting || posting.status !== 'published') throw new DomainError('EXC_RECRUITMENTS_NOT_FOUND');
    await this.db.$executeRaw`
      INSERT INTO bookmarks (user_id, posting_id, created_at)
      VALUES (${caller}::uuid, ${posting.id}::uuid, ${new Date(this.clock())})
      ON CONFLICT DO NOTHING`;
  }

  async remove(userId: string | undefined, rawSlug: string): Promise<void> {
    const caller = requireCaller(userId);
    const slug = parseSlug(rawSlug);
    const posting = slug ? await findPostingBySlug(this.db, slug) : null;
    if (!posting) return;
    await this.db.bookmark.deleteMany({ where: { userId: caller, postingId: posting.id } });
  }

  async list(
    userId: string | undefined,
    rawPage: number | undefined,
    rawPageSize: number | undefined,
  ): Promise<{ rows: PostingRow[]; total: number; page: number; pageSize: number }> {
    const caller = requireCaller(userId);
    const page = parsePage(rawPage, rawPageSize);
    const [total, rows] = await Promise.all([
      this.db.bookmark.count({ where: { userId: caller } }),
      this.db.bookmark.findMany({
        where: { userId: caller },
        orderBy: [{ createdAt: 'desc' }, { postingId: 'asc' }],
        skip: (page.page - 1) * page.pageSize,
        take: page.pageSize,
        include: { posting: true },
      }),
    ]);
    return { rows: rows.map((row) => postingRow(row.posting)), total, ...page };
  }
}
