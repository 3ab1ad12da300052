// Email verification: a link carrying a random code is mailed to the address; opening it
// (from any device: the code identifies the user) marks the address verified.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Logger } from '@darmankar/platform/log';
import { escapeHtml, type Mailer } from '@darmankar/platform/messaging';
import type { Database } from '../db/client.ts';
import { userEvents } from '../events/user-events.ts';
import { DAY_MS, type Clock } from './clock.ts';
import { EMAIL_LIMIT } from './exc.ts';
import { hmac, randomToken } from './secrets.ts';

export interface EmailVerificationSettings {
  ttlSeconds: number;
  hashSecret: string;
  /** Where the web app is served; the link points at its /api/v1 proxy. */
  publicWebUrl: string;
  /** Mails per user, and per email address, in any 24 hours. */
  dailyLimitPerUser: number;
  dailyLimitPerAddress: number;
}

/** The link of the mail; with the applicant's resume slug, opening it returns to their settings. */
function verificationLink(publicWebUrl: string, email: string, code: string, slug: string): string {
  const base = publicWebUrl.replace(/\/+$/, '');
  const link = `${base}/api/v1/authentication/email/${encodeURIComponent(email)}/verify?code=${encodeURIComponent(code)}`;
  return slug === '' ? link : `${link}&slug=${encodeURIComponent(slug)}`;
}

export class EmailVerification {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly settings: EmailVerificationSettings,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /**
   * Mails a verification link, within the daily limits per user and per address: one account
   * cannot flood a stranger's mailbox, nor many accounts one address. `slug` (the applicant's
   * resume slug, or empty) rides in the link.
   */
  async send(userId: string, email: string, slug = ''): Promise<{ expiresInSeconds: number }> {
    const code = randomToken();
    const now = new Date(this.clock());
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const verification = await this.db.$transaction(async (tx) => {
      // Always the user's lock before the address's, so two sends never wait on each other in a circle.
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))', `email-verification:user:${userId}`);
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))', `email-verification:address:${email}`);
      const user = await tx.user.findUnique({ where: { id: userId } });
      if (!user) throw new DomainError('EXC_AUTHENTICATION_REQUIRED');
      const [byUser, byAddress] = await Promise.all([
        tx.emailVerification.count({ where: { userId, createdAt: { gt: dayAgo } } }),
        tx.emailVerification.count({ where: { email, createdAt: { gt: dayAgo } } }),
      ]);
      if (byUser >= this.settings.dailyLimitPerUser || byAddress >= this.settings.dailyLimitPerAddress)
        throw new DomainError(EMAIL_LIMIT);
      if (user.email !== email) await tx.user.update({ where: { id: userId }, data: { email, emailVerifiedAt: null } });
      // Links sent earlier for another address must not switch the account back to it.
      await tx.emailVerification.updateMany({
        where: { userId, usedAt: null, email: { not: email } },
        data: { usedAt: now },
      });
      return tx.emailVerification.create({
        data: {
          userId,
          email,
          codeHash: this.hash(code),
          expiresAt: new Date(now.getTime() + this.settings.ttlSeconds * 1000),
          createdAt: now,
        },
      });
    });
    const link = verificationLink(this.settings.publicWebUrl, email, code, slug);
    try {
      await this.mailer.send({
        to: email,
        subject: 'تأیید ایمیل در درمانکار',
        text: `برای تأیید ایمیل خود در درمانکار این پیوند را باز کنید:\n${link}\n\nاگر این درخواست از طرف شما نبوده است، این پیام را نادیده بگیرید.`,
        html: `<div dir="rtl" lang="fa"><p>برای تأیید ایمیل خود در درمانکار روی پیوند زیر بزنید:</p><p><a href="${escapeHtml(link)}">تأیید ایمیل</a></p><p>اگر این درخواست از طرف شما نبوده است، این پیام را نادیده بگیرید.</p></div>`,
        code,
      });
    } catch (error) {
      await this.db.emailVerification.delete({ where: { id: verification.id } });
      this.log.error({ err: error }, 'verification email was not sent');
      throw new DomainError('EXC_AUTHENTICATION_MESSAGE_NOT_SENT');
    }
    return { expiresInSeconds: this.settings.ttlSeconds };
  }

  async verify(email: string, code: string): Promise<void> {
    const now = new Date(this.clock());
    const verification = await this.db.emailVerification.findUnique({ where: { codeHash: this.hash(code) } });
    if (
      !verification ||
      verification.email !== email ||
      verification.usedAt ||
      verification.expiresAt.getTime() <= now.getTime()
    ) {
      throw new DomainError('EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID');
    }
    await this.db.$transaction(async (tx) => {
      const used = await tx.emailVerification.updateMany({
        where: { id: verification.id, usedAt: null },
        data: { usedAt: now },
      });
      if (used.count === 0) throw new DomainError('EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID');
      await tx.user.update({ where: { id: verification.userId }, data: { email, emailVerifiedAt: now } });
      await userEvents.emailVerified(tx, verification.userId, email);
    });
  }

  private hash(code: string): string {
    return hmac(this.settings.hashSecret, 'email-code', code);
  }
}
