// Writes a notification and its deliveries, inside the transaction that handles the event. It
// never calls a provider: the delivery worker sends (./delivery.ts), so a failing or hanging
// provider cannot hold up the event stream. "Once per person and cause": the unique cause key.
import { randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import { AGENT_INVITE_CATEGORY, CONTACT_CATEGORY, type Category, type MessageChannel } from './categories.ts';
import type { Directory } from './directory.ts';
import type { Preferences } from './preferences.ts';
import type { Sql } from './sql.ts';
import { DIGEST_HOUR, nextTehranHour, outsideQuietHours, type QuietHours } from './tehran-time.ts';
import type { Locale, Params } from './templates/index.ts';

const HOUR_MS = 60 * 60 * 1000;

export interface NotifyUser {
  userId: string;
  category: Category;
  kind: string;
  causeKey: string;
  params: Params;
  link: string | null;
}

export class Notifier {
  constructor(
    private readonly directory: Directory,
    private readonly preferences: Preferences,
    private readonly clock: Clock,
    private readonly quiet: QuietHours,
  ) {}

  /** Answers whether a notification was written (false: this person was already told about this cause). */
  async notifyUser(sql: Sql, input: NotifyUser): Promise<boolean> {
    const now = this.clock();
    const channels = (await this.preferences.channels(sql, input.userId)).get(input.category)!;
    const id = await this.insert(sql, {
      userId: input.userId,
      category: input.category,
      kind: input.kind,
      causeKey: input.causeKey,
      params: input.params,
      link: input.link,
      inApp: channels.in_app === true,
      createdAt: now,
    });
    if (!id) return false;
    const contact = await this.directory.contact(sql, input.userId);
    let digest = false;
    if (input.category === 'job_alert')
      digest = (await this.preferences.settings(sql, input.userId)).jobAlertFrequency === 'daily';
    if (channels.sms && contact.cellphone)
      await this.deliver(sql, id, 'sms', contact.cellphone, now, digest ? 'digest' : 'pending');
    if (channels.email && contact.email)
      await this.deliver(sql, id, 'email', contact.email, now, digest ? 'digest' : 'pending');
    return true;
  }

  /**
   * New applications: one notification per recipient, posting and hour, whose count grows while
   * the hour lasts; its messages go at the hour's end, once.
   */
  async notifyBatched(
    sql: Sql,
    input: Omit<NotifyUser, 'causeKey'> & { batchKey: string; itemId: string },
  ): Promise<void> {
    const now = this.clock();
    const windowStart = Math.floor(now / HOUR_MS) * HOUR_MS;
    const causeKey = `${input.batchKey}:${new Date(windowStart).toISOString()}:${input.userId}`;
    const channels = (await this.preferences.channels(sql, input.userId)).get(input.category)!;
    // One statement, so two applications counted at once (replicas, partitions) both count: the
    // second waits for the first's row and grows it. Each item (an application) counts once,
    // however often its fact arrives.
    const { rows } = await sql.query<{ id: string; created: boolean }>(
      `INSERT INTO notifications (id, user_id, category, kind, cause_key, params, link, in_app, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (cause_key) DO UPDATE
         SET params = jsonb_set(jsonb_set(notifications.params, '{items}', (notifications.params->'items') || to_jsonb($10::text)),
                                '{count}', to_jsonb(jsonb_array_length(notifications.params->'items') + 1)),
             read_at = NULL
         WHERE NOT (notifications.params->'items' ? $10)
       RETURNING id, (xmax = 0) AS created`,
      [
        randomUUID(),
        input.userId,
        input.category,
        input.kind,
        causeKey,
        JSON.stringify({ ...input.params, count: 1, items: [input.itemId] }),
        input.link,
        channels.in_app === true,
        new Date(now),
        input.itemId,
      ],
    );
    // No row: the item was counted already; a grown row: its messages are waiting already.
    if (!rows[0]?.created) return;
    const id = rows[0].id;
    const contact = await this.directory.contact(sql, input.userId);
    const due = windowStart + HOUR_MS;
    if (channels.sms && contact.cellphone) await this.deliver(sql, id, 'sms', contact.cellphone, due, 'pending');
    if (channels.email && contact.email) await this.deliver(sql, id, 'email', contact.email, due, 'pending');
  }

  /** An agent invite: an SMS to the invited cellphone (not a preference); in the app too when it is a user's. */
  async notifyCellphone(
    sql: Sql,
    input: { cellphone: string; kind: string; causeKey: string; params: Params; link: string },
  ): Promise<boolean> {
    const now = this.clock();
    const userId = await this.directory.userByCellphone(sql, input.cellphone);
    const id = await this.insert(sql, {
      userId,
      category: AGENT_INVITE_CATEGORY,
      kind: input.kind,
      causeKey: input.causeKey,
      params: input.params,
      link: input.link,
      inApp: userId !== null,
      createdAt: now,
    });
    if (!id) return false;
    await this.deliver(sql, id, 'sms', input.cellphone, now, 'pending');
    return true;
  }

  /**
   * An email to an address that is no person's (the contact form's acknowledgement), in the
   * given language, sent at once: no preferences, no quiet hours, no digest, nothing in the app.
   */
  async notifyAddress(
    sql: Sql,
    input: { email: string; locale: Locale; kind: string; causeKey: string; params: Params },
  ): Promise<boolean> {
    const now = this.clock();
    const id = await this.insert(sql, {
      userId: null,
      category: CONTACT_CATEGORY,
      kind: input.kind,
      causeKey: input.causeKey,
      params: input.params,
      link: null,
      inApp: false,
      locale: input.locale,
      createdAt: now,
    });
    if (!id) return false;
    await this.deliver(sql, id, 'email', input.email, now, 'pending');
    return true;
  }

  private async insert(
    sql: Sql,
    row: {
      userId: string | null;
      category: string;
      kind: string;
      causeKey: string;
      params: Params;
      link: string | null;
      inApp: boolean;
      /** Only for a notification to no person: theirs follow their settings. */
      locale?: Locale;
      createdAt: number;
    },
  ): Promise<string | null> {
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO notifications (id, user_id, category, kind, cause_key, params, link, in_app, created_at, locale)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (cause_key) DO NOTHING RETURNING id`,
      [
        randomUUID(),
        row.userId,
        row.category,
        row.kind,
        row.causeKey,
        JSON.stringify(row.params),
        row.link,
        row.inApp,
        new Date(row.createdAt),
        row.locale ?? null,
      ],
    );
    return rows[0]?.id ?? null;
  }

  private async deliver(
    sql: Sql,
    notificationId: string,
    channel: MessageChannel,
    recipient: string,
    due: number,
    status: 'pending' | 'digest',
  ): Promise<void> {
    // SMS waits out the quiet hours; a digest waits for the next 08:00 (Asia/Tehran).
    const at =
      status === 'digest'
        ? nextTehranHour(due, DIGEST_HOUR)
        : channel === 'sms'
          ? outsideQuietHours(due, this.quiet)
          : due;
    await sql.query(
      `INSERT INTO deliveries (id, notification_id, channel, recipient, status, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (notification_id, channel) DO NOTHING`,
      [randomUUID(), notificationId, channel, recipient, status, new Date(at), new Date(this.clock())],
    );
  }
}
