// One-time codes sent by SMS: crypto-random, stored as an HMAC, short-lived, with a resend
// cooldown per cellphone and purpose, a daily cap per cellphone, and a cap on wrong guesses
// per code and client address. A client address that uses up a code's guesses is locked
// out of that cellphone for a while, longer on every repeat within a day. Guesses and
// lockouts are counted per client address, so a stranger guessing at someone's number
// spends only his own budget, never the owner's.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Logger } from '@darmankar/platform/log';
import type { Database, Transaction } from '../db/client.ts';
import { DAY_MS, type Clock } from './clock.ts';
import { CELLPHONE_LOCKED, CODE_DAILY_LIMIT } from './exc.ts';
import { CODE_LENGTH, type Purpose } from './input.ts';
import { hmac, randomDigits, sameSecret } from './secrets.ts';
import type { SecurityMessages } from './sms.ts';

export { CODE_LENGTH };

export interface CodeSettings {
  ttlSeconds: number;
  resendSeconds: number;
  maxAttempts: number;
  /** Codes per cellphone in any 24 hours. */
  dailyLimit: number;
  /** Lockout after the first, second, … exhausted code within 24 hours; the last step repeats. */
  lockoutSeconds: number[];
  hashSecret: string;
}

export interface IssuedCode {
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

/** The advisory lock that serialises sends to one cellphone (every purpose: the daily cap counts them all). */
export function sendLockKey(cellphone: string): string {
  return `cellphone-code:${cellphone}`;
}

type Reader = Pick<Transaction, 'cellphoneLockout'>;

export class CellphoneCodes {
  constructor(
    private readonly db: Database,
    private readonly sms: SecurityMessages,
    private readonly settings: CodeSettings,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /**
   * Creates and sends a code, unless the cooldown, the daily cap or a lockout forbids it.
   * When `signal` has aborted by the time the code is stored (the caller gave up, e.g. the
   * gateway already answered 504), no SMS is sent and the code is dropped again.
   */
  async issue(
    cellphone: string,
    purpose: Purpose,
    userId: string | null,
    client: string,
    signal?: AbortSignal,
  ): Promise<IssuedCode> {
    signal?.throwIfAborted();
    const code = randomDigits(CODE_LENGTH);
    const now = this.clock();
    const row = await this.db.$transaction(async (tx) => {
      // Serialises parallel sends to one cellphone, so neither the cooldown nor the cap can be raced.
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))', sendLockKey(cellphone));
      await this.assertNotLocked(tx, cellphone, client, now);
      const last = await tx.cellphoneCode.findFirst({ where: { cellphone, purpose }, orderBy: { createdAt: 'desc' } });
      if (last && now - last.createdAt.getTime() < this.settings.resendSeconds * 1000) {
        throw new DomainError('EXC_AUTHENTICATION_CODE_ALREADY_SENT');
      }
      const sentToday = await tx.cellphoneCode.count({
        where: { cellphone, createdAt: { gt: new Date(now - DAY_MS) } },
      });
      if (sentToday >= this.settings.dailyLimit) throw new DomainError(CODE_DAILY_LIMIT);
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
      // Nothing reached the person: drop the code so neither the cooldown nor the cap counts it.
      await this.db.cellphoneCode.delete({ where: { id: row.id } });
      if (error instanceof DomainError) throw error; // the SMS budget said no; it logged why
      this.log.error({ err: error, purpose }, 'one-time code SMS was not sent');
      throw new DomainError('EXC_AUTHENTICATION_MESSAGE_NOT_SENT');
    }
    return { expiresInSeconds: this.settings.ttlSeconds, resendAfterSeconds: this.settings.resendSeconds };
  }

  /**
   * Checks a code against the latest one sent to this cellphone for this purpose (and, for a
   * cellphone change, this user). Answers the code's id for `consume`. Every guess takes one
   * of this client's attempts first, atomically, so parallel guesses cannot exceed the cap.
   */
  async check(
    cellphone: string,
    code: string,
    purpose: Purpose,
    userId: string | null,
    client: string,
  ): Promise<string> {
    const now = this.clock();
    const sent = await this.db.cellphoneCode.findFirst({
      where: { cellphone, purpose, userId },
      orderBy: { createdAt: 'desc' },
    });
    if (!sent || sent.consumedAt) throw new DomainError('EXC_AUTHENTICATION_CODE_IS_INVALID');
    const spent = await this.db.cellphoneCodeAttempts.findUnique({
      where: { codeId_clientAddress: { codeId: sent.id, clientAddress: client } },
    });
    if (spent && spent.attempts >= this.settings.maxAttempts)
      throw new DomainError('EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED');
    await this.assertNotLocked(this.db, cellphone, client, now);
    if (sent.expiresAt.getTime() <= now) throw new DomainError('EXC_AUTHENTICATION_CODE_IS_EXPIRED');

    const [taken] = await this.db.$queryRaw<{ attempts: number }[]>`
      INSERT INTO cellphone_code_attempts (code_id, client_address, attempts) VALUES (${sent.id}::uuid, ${client}, 1)
      ON CONFLICT (code_id, client_address) DO UPDATE SET attempts = cellphone_code_attempts.attempts + 1
        WHERE cellphone_code_attempts.attempts < ${this.settings.maxAttempts}
      RETURNING attempts`;
    if (!taken) throw new DomainError('EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED');

    if (!sameSecret(sent.codeHash, this.hash(cellphone, purpose, code))) {
      if (taken.attempts < this.settings.maxAttempts) throw new DomainError('EXC_AUTHENTICATION_CODE_IS_INVALID');
      // Exactly one guess reaches the last attempt, so each exhausted code locks out once.
      await this.lockOut(cellphone, client, now);
      // The guess that uses up the last attempt already says so, so the person asks for a new code.
      throw new DomainError('EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED');
    }
    return sent.id;
  }

  /** Marks a checked code used, inside the transaction that acts on it; a code works once. */
  async consume(tx: Transaction, codeId: string): Promise<void> {
    const used = await tx.cellphoneCode.updateMany({
      where: { id: codeId, consumedAt: null },
      data: { consumedAt: new Date(this.clock()) },
    });
    if (used.count === 0) throw new DomainError('EXC_AUTHENTICATION_CODE_IS_INVALID');
  }

  private async lockOut(cellphone: string, client: string, now: number): Promise<void> {
    const earlier = await this.db.cellphoneLockout.count({
      where: { cellphone, clientAddress: client, createdAt: { gt: new Date(now - DAY_MS) } },
    });
    const steps = this.settings.lockoutSeconds;
    const seconds = steps[Math.min(earlier, steps.length - 1)]!;
    await this.db.cellphoneLockout.create({
      data: { cellphone, clientAddress: client, createdAt: new Date(now), lockedUntil: new Date(now + seconds * 1000) },
    });
    this.log.warn(
      { client, lockoutSeconds: seconds, earlierToday: earlier },
      'one-time code guesses used up: client locked out of the cellphone',
    );
  }

  private async assertNotLocked(db: Reader, cellphone: string, client: string, now: number): Promise<void> {
    const lock = await db.cellphoneLockout.findFirst({
      where: { cellphone, clientAddress: client, lockedUntil: { gt: new Date(now) } },
      select: { id: true },
    });
    if (lock) throw new DomainError(CELLPHONE_LOCKED);
  }

  private hash(cellphone: string, purpose: Purpose, code: string): string {
    return hmac(this.settings.hashSecret, 'cellphone-code', purpose, cellphone, code);
  }
}
