// One-time codes sent by SMS: crypto-random, stored as an HMAC, short-lived, with a
// resend cooldown per cellphone and purpose and a cap on wrong guesses.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Logger } from '@darmankar/platform/log';
import type { Database, Transaction } from '../db/client.ts';
import type { Purpose } from './input.ts';
import { hmac, randomDigits, sameSecret } from './secrets.ts';
import type { SmsSender } from './sms.ts';

export const CODE_LENGTH = 5;

export interface CodeSettings {
  ttlSeconds: number;
  resendSeconds: number;
  maxAttempts: number;
  hashSecret: string;
}

export interface IssuedCode {
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

export class CellphoneCodes {
  constructor(
    private readonly db: Database,
    private readonly sms: SmsSender,
    private readonly settings: CodeSettings,
    private readonly log: Logger,
  ) {}

  /**
   * Creates and sends a code, unless one went to this cellphone for this purpose within the
   * cooldown. When `signal` has aborted by the time the code is stored (the caller gave up, e.g.
   * the gateway already answered 504), no SMS is sent and the code is dropped again.
   */
  async issue(cellphone: string, purpose: Purpose, userId: string | null, signal?: AbortSignal): Promise<IssuedCode> {
    const code = randomDigits(CODE_LENGTH);
    const now = Date.now();
    const row = await this.db.$transaction(async (tx) => {
      // Serialises parallel sends to one cellphone, so the cooldown cannot be raced.
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))', `${purpose}:${cellphone}`);
      const last = await tx.cellphoneCode.findFirst({ where: { cellphone, purpose }, orderBy: { createdAt: 'desc' } });
      if (last && now - last.createdAt.getTime() < this.settings.resendSeconds * 1000) {
        throw new DomainError('EXC_AUTHENTICATION_CODE_ALREADY_SENT');
      }
      return tx.cellphoneCode.create({
        data: {
          cellphone,
          purpose,
          userId,
          codeHash: this.hash(cellphone, purpose, code),
          expiresAt: new Date(now + this.settings.ttlSeconds * 1000),
          createdAt: new Date(now),
        },
      });
    });
    if (signal?.aborted) {
      // Nobody is waiting for this code: a message now would arrive for an answer that said
      // "try again", and its cooldown would block the retry.
      await this.db.cellphoneCode.delete({ where: { id: row.id } });
      signal.throwIfAborted();
    }
    try {
      await this.sms.sendCode({ cellphone, code, purpose });
    } catch (error) {
      // Nothing reached the person: drop the code so the cooldown does not block a retry.
      await this.db.cellphoneCode.delete({ where: { id: row.id } });
      this.log.error({ err: error, purpose }, 'one-time code SMS was not sent');
      throw new DomainError('EXC_AUTHENTICATION_MESSAGE_NOT_SENT');
    }
    return { expiresInSeconds: this.settings.ttlSeconds, resendAfterSeconds: this.settings.resendSeconds };
  }

  /**
   * Checks a code against the latest one sent to this cellphone for this purpose (and, for
   * a cellphone change, this user). Answers the code's id for `consume`. Every guess takes
   * one attempt first, atomically, so parallel guesses cannot exceed the cap.
   */
  async check(cellphone: string, code: string, purpose: Purpose, userId: string | null): Promise<string> {
    const sent = await this.db.cellphoneCode.findFirst({ where: { cellphone, purpose, userId }, orderBy: { createdAt: 'desc' } });
    if (!sent || sent.consumedAt) throw new DomainError('EXC_AUTHENTICATION_CODE_IS_INVALID');
    if (sent.attempts >= this.settings.maxAttempts) throw new DomainError('EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED');
    if (sent.expiresAt.getTime() <= Date.now()) throw new DomainError('EXC_AUTHENTICATION_CODE_IS_EXPIRED');

    const taken = await this.db.cellphoneCode.updateMany({
      where: { id: sent.id, consumedAt: null, attempts: { lt: this.settings.maxAttempts } },
      data: { attempts: { increment: 1 } },
    });
    if (taken.count === 0) throw new DomainError('EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED');

    if (!sameSecret(sent.codeHash, this.hash(cellphone, purpose, code))) {
      const attemptsNow = sent.attempts + 1;
      // The guess that uses up the last attempt already says so, so the person asks for a new code.
      throw new DomainError(attemptsNow >= this.settings.maxAttempts ? 'EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED' : 'EXC_AUTHENTICATION_CODE_IS_INVALID');
    }
    return sent.id;
  }

  /** Marks a checked code used, inside the transaction that acts on it; a code works once. */
  async consume(tx: Transaction, codeId: string): Promise<void> {
    const used = await tx.cellphoneCode.updateMany({ where: { id: codeId, consumedAt: null }, data: { consumedAt: new Date() } });
    if (used.count === 0) throw new DomainError('EXC_AUTHENTICATION_CODE_IS_INVALID');
  }

  private hash(cellphone: string, purpose: Purpose, code: string): string {
    return hmac(this.settings.hashSecret, 'cellphone-code', purpose, cellphone, code);
  }
}
