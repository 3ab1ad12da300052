// A person's notifications in the app: the list (rendered in the reader's language), the
// unread count, marking read; and, for anyone holding a notification's link, the click record
// and the payment receipt's page.
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid, parsePage, requireCaller } from '@darmankar/platform/input';
import type { Sql } from './sql.ts';
import { renderInApp, type Locale, type Params } from './templates/index.ts';

export interface NotificationView {
  id: string;
  category: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: Date;
}

/**
 * A path of this site and nothing else: starts with one "/", no "//" or "/\" (another host to a
 * browser), no backslash, no control character (browsers drop some, which could make "//").
 */
export function isSitePath(to: string): boolean {
  if (to.length === 0 || to.length > 2000 || !to.startsWith('/')) return false;
  if (to.startsWith('//') || to.includes('\\')) return false;
  for (const char of to) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

export class Inbox {
  constructor(
    private readonly db: Sql,
    private readonly clock: Clock,
  ) {}

  async list(
    userId: string | undefined,
    page: { page: number; pageSize: number },
    locale: Locale,
  ): Promise<{ items: NotificationView[]; page: { page: number; pageSize: number; total: number }; unread: number }> {
    const caller = requireCaller(userId);
    const { page: number, pageSize } = parsePage(page.page, page.pageSize);
    const [{ rows }, counts] = await Promise.all([
      this.db.query<{
        id: string;
        category: string;
        kind: string;
        params: Params;
        link: string | null;
        read_at: Date | null;
        created_at: Date;
      }>(
        `SELECT id, category, kind, params, link, read_at, created_at FROM notifications
          WHERE user_id = $1 AND in_app ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
        [caller, pageSize, (number - 1) * pageSize],
      ),
      this.db.query<{ total: number; unread: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread
           FROM notifications WHERE user_id = $1 AND in_app`,
        [caller],
      ),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        category: row.category,
        kind: row.kind,
        ...renderInApp(row.kind, row.params, locale),
        link: row.link,
        read: row.read_at !== null,
        createdAt: row.created_at,
      })),
      page: { page: number, pageSize, total: counts.rows[0]!.total },
      unread: counts.rows[0]!.unread,
    };
  }

  async unread(userId: string | undefined): Promise<number> {
    const caller = requireCaller(userId);
    const { rows } = await this.db.query<{ unread: number }>(
      `SELECT count(*)::int AS unread FROM notifications WHERE user_id = $1 AND in_app AND read_at IS NULL`,
      [caller],
    );
    return rows[0]!.unread;
  }

  async markRead(userId: string | undefined, id: string): Promise<void> {
    const caller = requireCaller(userId);
    if (!isUuid(id)) throw new DomainError('EXC_NOTIFICATIONS_NOT_FOUND');
    const { rowCount } = await this.db.query(
      `UPDATE notifications SET read_at = COALESCE(read_at, $3) WHERE id = $1 AND user_id = $2 AND in_app`,
      [id, caller, new Date(this.clock())],
    );
    if (!rowCount) throw new DomainError('EXC_NOTIFICATIONS_NOT_FOUND');
  }

  async markAllRead(userId: string | undefined): Promise<number> {
    const caller = requireCaller(userId);
    const { rowCount } = await this.db.query(
      `UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND in_app AND read_at IS NULL`,
      [caller, new Date(this.clock())],
    );
    return rowCount ?? 0;
  }

  /** Records a click; answers the site path to send the reader to. */
  async engage(id: string, to: string): Promise<string> {
    if (to !== '' && !isSitePath(to)) throw new DomainError('EXC_NOTIFICATIONS_LINK_IS_INVALID');
    if (!isUuid(id)) throw new DomainError('EXC_NOTIFICATIONS_NOT_FOUND');
    const now = new Date(this.clock());
    const { rows } = await this.db.query<{ link: string | null }>(
      `UPDATE notifications SET clicks = clicks + 1, clicked_at = $2, read_at = COALESCE(read_at, $2)
        WHERE id = $1 RETURNING link`,
      [id, now],
    );
    if (rows.length === 0) throw new DomainError('EXC_NOTIFICATIONS_NOT_FOUND');
    return to || rows[0]!.link || '/';
  }

  /** The web app's result page of a payment receipt or a top-up (the payment callback's query). */
  async receiptTarget(id: string): Promise<string> {
    if (!isUuid(id)) throw new DomainError('EXC_NOTIFICATIONS_NOT_FOUND');
    const { rows } = await this.db.query<{ kind: string; params: Params }>(
      `SELECT kind, params FROM notifications WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    if (row?.kind === 'order_paid' && row.params.orderId)
      return `/orders/successorder?orderId=${encodeURIComponent(String(row.params.orderId))}`;
    if (row?.kind === 'wallet_topped_up' && row.params.paymentNumber !== undefined)
      return `/orders/successwallet?paymentNumber=${encodeURIComponent(String(row.params.paymentNumber))}`;
    throw new DomainError('EXC_NOTIFICATIONS_NOT_FOUND');
  }
}
