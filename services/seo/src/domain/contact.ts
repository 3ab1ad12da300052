// The contact form. A message is checked (lengths, a valid email, an Iranian mobile if any),
// counted against its client address's hourly budget and stored exactly as typed: HTML, line
// breaks and all are data, never interpreted here. A real message is announced in the same
// transaction (the notification service acknowledges it by email); one with the honeypot
// filled is stored as spam, answered alike and never announced.
import { randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { normalizeCellphone } from '@darmankar/platform/persian';
import { z } from 'zod';
import type { InTransaction, Sql } from './sql.ts';

export interface ContactInput {
  name: string;
  email: string;
  cellphone: string;
  subject: string;
  message: string;
  honeypot: string;
  locale: string;
}

export interface ContactAnnouncement {
  messageId: string;
  name: string;
  email: string;
  subject: string;
  locale: 'fa' | 'en';
}

/** Writes the announcement to the outbox inside the caller's transaction. */
export type AnnounceContact = (sql: Sql, announcement: ContactAnnouncement) => Promise<void>;

const HOUR_MS = 60 * 60 * 1000;
const email = z.email();

/** Length in characters as a person counts them (code points), not UTF-16 units. */
const length = (text: string) => [...text].length;
const within = (text: string, min: number, max: number) =>
  text.trim() !== '' && length(text) >= min && length(text) <= max;

/** EXC_BAD_REQUEST when a field breaks its rule (the gateway checks the same before calling). */
export function checkContact(input: ContactInput): 'fa' | 'en' {
  const locale = input.locale === '' ? 'fa' : input.locale;
  const valid =
    within(input.name, 1, 100) &&
    length(input.email) <= 254 &&
    email.safeParse(input.email).success &&
    (input.cellphone.trim() === '' || normalizeCellphone(input.cellphone) !== null) &&
    within(input.subject, 1, 200) &&
    within(input.message, 1, 20_000) &&
    (locale === 'fa' || locale === 'en');
  if (!valid) throw new DomainError('EXC_BAD_REQUEST');
  return locale as 'fa' | 'en';
}

export class ContactMessages {
  constructor(
    private readonly transaction: InTransaction,
    private readonly announce: AnnounceContact,
    private readonly clock: Clock,
    private readonly perHour: number,
  ) {}

  /** Stores one message; EXC_SEO_CONTACT_TOO_MANY past the client address's hourly budget. */
  async submit(input: ContactInput, clientAddress: string): Promise<{ id: string; receivedAt: Date }> {
    const locale = checkContact(input);
    const now = new Date(this.clock());
    const id = randomUUID();
    const spam = input.honeypot !== '';
    await this.transaction(async (sql) => {
      // One address's messages are counted one at a time, so two at once cannot both slip under the budget.
      await sql.query(`SELECT pg_advisory_xact_lock(hashtext('seo.contact:' || $1))`, [clientAddress]);
      const { rows } = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM contact_messages WHERE client_address = $1 AND created_at > $2`,
        [clientAddress, new Date(now.getTime() - HOUR_MS)],
      );
      if (rows[0]!.n >= this.perHour) throw new DomainError('EXC_SEO_CONTACT_TOO_MANY');
      await sql.query(
        `INSERT INTO contact_messages (id, name, email, cellphone, subject, message, locale, client_address, is_spam, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          input.name,
          input.email,
          input.cellphone === '' ? null : input.cellphone,
          input.subject,
          input.message,
          locale,
          clientAddress,
          spam,
          now,
        ],
      );
      if (!spam)
        await this.announce(sql, {
          messageId: id,
          name: input.name,
          email: input.email,
          subject: input.subject,
          locale,
        });
    });
    return { id, receivedAt: now };
  }
}

export interface StoredContactMessage {
  id: string;
  name: string;
  email: string;
  cellphone: string | null;
  subject: string;
  message: string;
  locale: string;
  clientAddress: string;
  isSpam: boolean;
  createdAt: Date;
}

/** The newest messages (spam or not), for the operator's command. */
export async function recentContactMessages(
  sql: Sql,
  options: { spam: boolean; limit: number },
): Promise<StoredContactMessage[]> {
  const { rows } = await sql.query<{
    id: string;
    name: string;
    email: string;
    cellphone: string | null;
    subject: string;
    message: string;
    locale: string;
    client_address: string;
    is_spam: boolean;
    created_at: Date;
  }>(
    `SELECT id, name, email, cellphone, subject, message, locale, client_address, is_spam, created_at
       FROM contact_messages WHERE is_spam = $1 ORDER BY created_at DESC, id LIMIT $2`,
    [options.spam, options.limit],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    cellphone: r.cellphone,
    subject: r.subject,
    message: r.message,
    locale: r.locale,
    clientAddress: r.client_address,
    isSpam: r.is_spam,
    createdAt: r.created_at,
  }));
}
