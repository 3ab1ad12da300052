// Development delivery: instead of reaching a provider, messages are written to the platform
// table `dev_outbox` (every service database has it, packages/platform/migrations) and a
// developer or a test reads them back, codes included. Production never uses these engines.
import type pg from 'pg';
import type { MailMessage, Mailer, SmsMessage, SmsSender } from './types.ts';

export interface DevOutboxEntry {
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  text: string;
  code?: string;
}

export type StoredDevOutboxEntry = DevOutboxEntry & { id: string; createdAt: Date };

interface Row {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  text: string;
  code: string | null;
  created_at: Date;
}

export class DevOutbox {
  constructor(private readonly db: Pick<pg.Pool, 'query'>) {}

  async store(entry: DevOutboxEntry): Promise<void> {
    await this.db.query(
      'INSERT INTO dev_outbox (channel, recipient, subject, text, code) VALUES ($1, $2, $3, $4, $5)',
      [entry.channel, entry.recipient, entry.subject ?? null, entry.text, entry.code ?? null],
    );
  }

  /** The messages to `recipient`, newest first. */
  async list(recipient: string, limit = 50): Promise<StoredDevOutboxEntry[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT id::text AS id, channel, recipient, subject, text, code, created_at
         FROM dev_outbox WHERE recipient = $1 ORDER BY dev_outbox.id DESC LIMIT $2`,
      [recipient, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      recipient: row.recipient,
      ...(row.subject === null ? {} : { subject: row.subject }),
      text: row.text,
      ...(row.code === null ? {} : { code: row.code }),
      createdAt: row.created_at,
    }));
  }
}

/** SMS into the development outbox: the full text, and the code when the message carries one. */
export class OutboxSms implements SmsSender {
  constructor(private readonly outbox: DevOutbox) {}

  async send(message: SmsMessage): Promise<void> {
    await this.outbox.store({ channel: 'sms', recipient: message.to, text: message.text, code: message.code });
  }
}

/** Mail into the development outbox (the text part; the HTML part is not kept). */
export class OutboxMailer implements Mailer {
  constructor(private readonly outbox: DevOutbox) {}

  async send(mail: MailMessage): Promise<void> {
    await this.outbox.store({
      channel: 'email',
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      code: mail.code,
    });
  }

  close(): void {}
}
