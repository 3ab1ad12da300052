// The delivery worker: claims due messages (FOR UPDATE SKIP LOCKED, so several replicas share
// the queue), renders each in its reader's language, sends it through the providers with a
// timeout, and on failure retries with a doubling wait until the attempts run out: the message
// is then dead, a dead letter an operator lists and replays (src/cli/dead-letters.ts).
import type { Clock } from '@darmankar/platform/clock';
import type { Logger } from '@darmankar/platform/log';
import { isPermanent, type Senders } from './messages.ts';
import type { Sql } from './sql.ts';
import { outsideQuietHours, type QuietHours } from './tehran-time.ts';
import { renderEmail, renderSms, toLocale, type Params } from './templates/index.ts';

const BATCH = 50;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** A claimed message is hidden this long; a worker that died mid-send lets it come back after. */
const LEASE_MS = 5 * 60 * 1000;

export interface DeliverySettings {
  retryBaseMs: number;
  maxAttempts: number;
  timeoutMs: number;
  quiet: QuietHours;
  publicWebUrl: string;
}

interface Claimed extends Record<string, unknown> {
  id: string;
  notification_id: string;
  channel: 'sms' | 'email';
  recipient: string;
  attempts: number;
  kind: string;
  params: Params;
  link: string | null;
  locale: string | null;
}

export interface DeliveryRun {
  sent: number;
  failed: number;
  dead: number;
  deferred: number;
}

/** The full URL a message links to: the engagement route, which records the click and redirects. */
export function engagementUrl(publicWebUrl: string, notificationId: string, link: string | null): string | null {
  if (!link) return null;
  return `${publicWebUrl.replace(/\/+$/, '')}/api/v1/notifications/${notificationId}/engagements?to=${encodeURIComponent(link)}`;
}

export class DeliveryWorker {
  constructor(
    private readonly db: Sql,
    private readonly senders: Senders,
    private readonly clock: Clock,
    private readonly settings: DeliverySettings,
    private readonly log: Logger,
  ) {}

  backoffMs(attempts: number): number {
    return Math.min(this.settings.retryBaseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
  }

  /** Sends what is due now; answers what happened. */
  async run(): Promise<DeliveryRun> {
    const result: DeliveryRun = { sent: 0, failed: 0, dead: 0, deferred: 0 };
    for (;;) {
      const claimed = await this.claim();
      for (const row of claimed) await this.deliver(row, result);
      if (claimed.length < BATCH) return result;
    }
  }

  private async claim(): Promise<Claimed[]> {
    const now = this.clock();
    const { rows } = await this.db.query<Claimed>(
      `WITH due AS (
         SELECT id FROM deliveries
          WHERE status = 'pending' AND next_attempt_at <= $1
          ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
       UPDATE deliveries d SET next_attempt_at = $2 FROM due, notifications n
        WHERE d.id = due.id AND n.id = d.notification_id
       RETURNING d.id, d.notification_id, d.channel, d.recipient, d.attempts, n.kind, n.params, n.link,
                 COALESCE(n.locale, (SELECT locale FROM settings s WHERE s.user_id = n.user_id)) AS locale`,
      [new Date(now), new Date(now + LEASE_MS)],
    );
    return rows;
  }

  private async deliver(row: Claimed, result: DeliveryRun): Promise<void> {
    const now = this.clock();
    if (row.channel === 'sms') {
      const allowed = outsideQuietHours(now, this.settings.quiet);
      if (allowed > now) {
        await this.db.query(`UPDATE deliveries SET next_attempt_at = $2 WHERE id = $1`, [row.id, new Date(allowed)]);
        result.deferred++;
        return;
      }
    }
    const locale = toLocale(row.locale);
    const url = engagementUrl(this.settings.publicWebUrl, row.notification_id, row.link);
    try {
      const signal = AbortSignal.timeout(this.settings.timeoutMs);
      if (row.channel === 'sms') {
        await this.senders.sms.send({ to: row.recipient, text: renderSms(row.kind, row.params, locale, url) }, signal);
      } else {
        const email = renderEmail(row.kind, row.params, locale, url);
        await this.senders.mail.send({ to: row.recipient, ...email }, signal);
      }
      await this.db.query(
        `UPDATE deliveries SET status = 'sent', sent_at = $2, attempts = attempts + 1, last_error = NULL WHERE id = $1`,
        [row.id, new Date(this.clock())],
      );
      result.sent++;
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const dead = attempts >= this.settings.maxAttempts || isPermanent(error);
      await this.db.query(
        `UPDATE deliveries SET attempts = $2, last_error = $3, status = $4, next_attempt_at = $5 WHERE id = $1`,
        [
          row.id,
          attempts,
          message.slice(0, 1000),
          dead ? 'dead' : 'pending',
          new Date(this.clock() + this.backoffMs(attempts)),
        ],
      );
      if (dead) {
        result.dead++;
        this.log.warn({ deliveryId: row.id, channel: row.channel, attempts, err: error }, 'delivery is dead');
      } else {
        result.failed++;
        this.log.info(
          { deliveryId: row.id, channel: row.channel, attempts, err: error },
          'delivery failed; will retry',
        );
      }
    }
  }
}

export interface DeadLetter {
  id: string;
  notificationId: string;
  channel: string;
  recipient: string;
  kind: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/** The dead-letter list and its replay: a replayed message is pending again, attempts 0, due now. */
export class DeadLetters {
  constructor(
    private readonly db: Sql,
    private readonly clock: Clock,
  ) {}

  async list(limit = 100): Promise<DeadLetter[]> {
    const { rows } = await this.db.query<{
      id: string;
      notification_id: string;
      channel: string;
      recipient: string;
      kind: string;
      attempts: number;
      last_error: string | null;
      created_at: Date;
    }>(
      `SELECT d.id, d.notification_id, d.channel, d.recipient, n.kind, d.attempts, d.last_error, d.created_at
         FROM deliveries d JOIN notifications n ON n.id = d.notification_id
        WHERE d.status = 'dead' ORDER BY d.created_at LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({
      id: r.id,
      notificationId: r.notification_id,
      channel: r.channel,
      recipient: r.recipient,
      kind: r.kind,
      attempts: r.attempts,
      lastError: r.last_error,
      createdAt: r.created_at,
    }));
  }

  /** Replays the dead letters named (or every one when `ids` is 'all'); answers how many. */
  async replay(ids: string[] | 'all'): Promise<number> {
    const now = new Date(this.clock());
    const result =
      ids === 'all'
        ? await this.db.query(
            `UPDATE deliveries SET status = 'pending', attempts = 0, next_attempt_at = $1 WHERE status = 'dead'`,
            [now],
          )
        : await this.db.query(
            `UPDATE deliveries SET status = 'pending', attempts = 0, next_attempt_at = $1
              WHERE status = 'dead' AND id = ANY($2::uuid[])`,
            [now, ids],
          );
    return result.rowCount ?? 0;
  }
}
