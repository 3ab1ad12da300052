// Development delivery: messages are written to the `dev_outbox` table instead of being
// sent, and a developer (or a test) reads them back, codes included.
import type { Database } from '../db/client.ts';

export interface OutboxEntry {
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  text: string;
  code?: string;
}

export class DevOutbox {
  constructor(private readonly db: Database) {}

  async store(entry: OutboxEntry): Promise<void> {
    await this.db.devOutboxMessage.create({
      data: {
        channel: entry.channel,
        recipient: entry.recipient,
        subject: entry.subject ?? '',
        text: entry.text,
        code: entry.code ?? null,
      },
    });
  }

  /** Newest first. */
  list(recipient: string, limit = 50) {
    return this.db.devOutboxMessage.findMany({ where: { recipient }, orderBy: { createdAt: 'desc' }, take: limit });
  }
}
