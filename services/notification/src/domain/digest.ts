// The daily digest of job alerts: a person who chose `daily` gets, per channel, one message at
// 08:00 Asia/Tehran with how many postings matched, up to five of their titles and a link to
// the saved searches. The alerts' deliveries wait with status `digest` until then; the digest
// itself is a notification (not shown in the app) whose delivery the worker sends like any other.
import { randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import type { InTransaction } from './sql.ts';

const TITLES = 5;
export const SAVED_SEARCHES_PATH = '/applicants/recruitments/saved';

export class DigestJob {
  constructor(
    private readonly transaction: InTransaction,
    private readonly clock: Clock,
  ) {}

  /** Collects every digest due now; answers how many digests were written. */
  async run(): Promise<number> {
    return this.transaction(async (sql) => {
      const now = new Date(this.clock());
      const { rows } = await sql.query<{
        id: string;
        channel: 'sms' | 'email';
        recipient: string;
        user_id: string;
        title: string;
      }>(
        `SELECT d.id, d.channel, d.recipient, n.user_id, n.params->>'postingTitle' AS title
           FROM deliveries d JOIN notifications n ON n.id = d.notification_id
          WHERE d.status = 'digest' AND d.next_attempt_at <= $1 AND n.user_id IS NOT NULL
          ORDER BY d.created_at
            FOR UPDATE OF d SKIP LOCKED`,
        [now],
      );
      const groups = new Map<string, typeof rows>();
      for (const row of rows) {
        const key = `${row.user_id}:${row.channel}`;
        const group = groups.get(key);
        if (group) group.push(row);
        else groups.set(key, [row]);
      }
      for (const group of groups.values()) {
        const first = group[0]!;
        const notificationId = randomUUID();
        await sql.query(
          `INSERT INTO notifications (id, user_id, category, kind, cause_key, params, link, in_app, created_at)
           VALUES ($1, $2, 'job_alert', 'job_alert_digest', $3, $4, $5, false, $6)`,
          [
            notificationId,
            first.user_id,
            `job-alert-digest:${first.channel}:${first.user_id}:${first.id}`,
            JSON.stringify({ count: group.length, titles: group.slice(0, TITLES).map((r) => r.title) }),
            SAVED_SEARCHES_PATH,
            now,
          ],
        );
        await sql.query(
          `INSERT INTO deliveries (id, notification_id, channel, recipient, status, next_attempt_at, created_at)
           VALUES ($1, $2, $3, $4, 'pending', $5, $5)`,
          [randomUUID(), notificationId, first.channel, group.at(-1)!.recipient, now],
        );
        await sql.query(`UPDATE deliveries SET status = 'sent', sent_at = $2 WHERE id = ANY($1::uuid[])`, [
          group.map((r) => r.id),
          now,
        ]);
      }
      return groups.size;
    });
  }
}
