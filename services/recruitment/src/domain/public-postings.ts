// Postings, the public side: by slug (with the page's SEO), an id by slug. Only published
// postings are answered to the public; the employer's members may read their own drafts. A
// visitor without a session spends one view of the public quota per posting, unless the
// gateway says the request is a search-engine crawler.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid } from '@darmankar/platform/input';
import type { Database } from '../db/client.ts';
import { findPostingBySlug } from '../db/posting-store.ts';
import { parseSlug, type Bookmarks } from './bookmarks.ts';
import type { Postings } from './postings.ts';
import type { PostingRow } from './posting-view.ts';
import type { PublicQuota } from './public-quota.ts';

export interface Reader {
  userId: string | undefined;
  clientAddress: string | undefined;
  visitorId: string;
  crawler: boolean;
}

export interface PublicRead {
  row: PostingRow;
  member: boolean;
  bookmarked: boolean;
  /** -1 for a caller or a crawler (no quota). */
  quotaRemaining: number;
}

export class PublicPostings {
  constructor(
    private readonly db: Database,
    private readonly postings: Postings,
    private readonly bookmarks: Bookmarks,
    private readonly quota: PublicQuota,
  ) {}

  /** The posting when this reader may see it (published, or a member's own), else EXC_RECRUITMENTS_NOT_FOUND. */
  private async visible(userId: string | undefined, rawSlug: string): Promise<{ row: PostingRow; member: boolean }> {
    const slug = parseSlug(rawSlug);
    const row = slug ? await findPostingBySlug(this.db, slug) : null;
    if (!row) throw new DomainError('EXC_RECRUITMENTS_NOT_FOUND');
    const member = isUuid(userId) && (await this.postings.isMember(userId, row.employerId));
    if (row.status !== 'published' && !member) throw new DomainError('EXC_RECRUITMENTS_NOT_FOUND');
    return { row, member };
  }

  async bySlug(reader: Reader, slug: string): Promise<PublicRead> {
    const { row, member } = await this.visible(reader.userId, slug);
    const caller = isUuid(reader.userId) ? reader.userId : undefined;
    const quotaRemaining =
      caller || reader.crawler ? -1 : await this.quota.take(reader.visitorId, reader.clientAddress, row.id);
    const bookmarked = (await this.bookmarks.bookmarkedOf(caller, [row.id])).has(row.id);
    return { row, member, bookmarked, quotaRemaining };
  }

  async idBySlug(userId: string | undefined, slug: string): Promise<string> {
    return (await this.visible(userId, slug)).row.id;
  }
}
