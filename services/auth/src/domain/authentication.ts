// Login and cellphone change by one-time code, and the caller's own contact details.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Logger } from '@darmankar/platform/log';
import { isUniqueViolation, type Database, type Transaction } from '../db/client.ts';
import type { UserReads } from '../db/user-reads.ts';
import { userEvents } from '../events/user-events.ts';
import type { CellphoneCodes, IssuedCode } from './cellphone-codes.ts';
import type { Purpose } from './input.ts';
import type { Sessions, SessionTokens } from './sessions.ts';
import type { SecurityMessages } from './sms.ts';

export interface UserView {
  id: string;
  cellphone: string;
  email: string;
  emailVerified: boolean;
  isNew: boolean;
}

export interface Verified {
  user: UserView;
  /** For LOGIN only. */
  session?: SessionTokens;
  /** For CHANGE_CELLPHONE: the user's other sessions, ended by the change. */
  endedSessionIds?: string[];
  /** For CHANGE_CELLPHONE: until when access tokens of the ended sessions could still be valid. */
  accessTokensValidUntilMs?: bigint;
}

export interface VerifyInput {
  cellphone: string;
  code: string;
  purpose: Purpose;
  userAgent: string;
  /** The client address's budget key (clientKey). */
  client: string;
  /** The caller's own session (its access token's sid): a cellphone change keeps it. */
  currentSessionId?: string;
}

function view(
  user: { id: string; cellphone: string; email: string | null; emailVerifiedAt: Date | null },
  isNew: boolean,
): UserView {
  return {
    id: user.id,
    cellphone: user.cellphone,
    email: user.email ?? '',
    emailVerified: user.emailVerifiedAt !== null,
    isNew,
  };
}

export class Authentication {
  constructor(
    private readonly db: Database,
    private readonly codes: CellphoneCodes,
    private readonly sessions: Sessions,
    private readonly reads: UserReads,
    /** Tells an old cellphone that the account moved (the budgeted sender). */
    private readonly sms: SecurityMessages,
    private readonly log: Logger,
  ) {}

  /** `signal`: the caller gave up (cancelled, or its deadline passed); no SMS is sent after that. */
  async sendCellphoneCode(
    cellphone: string,
    purpose: Purpose,
    callerId: string | null,
    client: string,
    signal?: AbortSignal,
  ): Promise<IssuedCode> {
    if (purpose === 'CHANGE_CELLPHONE') await this.assertCanMoveTo(await this.caller(callerId), cellphone);
    return this.codes.issue(cellphone, purpose, purpose === 'CHANGE_CELLPHONE' ? callerId : null, client, signal);
  }

  async verifyCellphoneCode(input: VerifyInput, callerId: string | null): Promise<Verified> {
    if (input.purpose === 'LOGIN') {
      const codeId = await this.codes.check(input.cellphone, input.code, 'LOGIN', null, input.client);
      return this.db.$transaction(async (tx) => {
        await this.codes.consume(tx, codeId);
        const { user, isNew } = await this.findOrRegister(tx, input.cellphone);
        const session = await this.sessions.open(tx, user.id, input.userAgent);
        return { user: view(user, isNew), session };
      });
    }

    const current = await this.caller(callerId);
    await this.assertCanMoveTo(current, input.cellphone);
    const codeId = await this.codes.check(input.cellphone, input.code, 'CHANGE_CELLPHONE', current.id, input.client);
    let changed: Verified;
    try {
      changed = await this.db.$transaction(async (tx) => {
        await this.codes.consume(tx, codeId);
        const user = await tx.user.update({ where: { id: current.id }, data: { cellphone: input.cellphone } });
        await userEvents.cellphoneChanged(tx, user.id, current.cellphone, user.cellphone);
        // Whoever held the old number's sessions (a lost or sold SIM, a shared phone) is out.
        const endedSessionIds = await this.sessions.endOtherSessions(
          tx,
          user.id,
          input.currentSessionId,
          'cellphone-change',
        );
        return {
          user: view(user, false),
          endedSessionIds,
          accessTokensValidUntilMs: BigInt(this.sessions.accessTokensValidUntilMs()),
        };
      });
    } catch (error) {
      // Someone registered the number between the check and the change.
      if (isUniqueViolation(error)) throw new DomainError('EXC_AUTHENTICATION_CELLPHONE_IS_TAKEN');
      throw error;
    }
    await this.tellOldCellphone(current.cellphone, input.cellphone);
    return changed;
  }

  /**
   * The change is made whatever happens here; a notice that could not be sent is logged. It is
   * sent even when the caller gave up meanwhile: the change happened, and its owner must know.
   */
  private async tellOldCellphone(oldCellphone: string, newCellphone: string): Promise<void> {
    try {
      await this.sms.sendCellphoneChanged({ cellphone: oldCellphone, newCellphoneTail: newCellphone.slice(-4) });
    } catch (error) {
      this.log.error({ err: error }, 'the old cellphone was not told of the cellphone change');
    }
  }

  async cellphoneOf(callerId: string | null): Promise<string> {
    const cellphone = callerId ? await this.reads.cellphoneOf(callerId) : undefined;
    if (cellphone === undefined) throw new DomainError('EXC_AUTHENTICATION_REQUIRED');
    return cellphone;
  }

  async emailOf(callerId: string | null): Promise<{ email: string; verified: boolean }> {
    const user = await this.caller(callerId);
    return { email: user.email ?? '', verified: user.emailVerifiedAt !== null };
  }

  private async caller(callerId: string | null) {
    const user = callerId ? await this.db.user.findUnique({ where: { id: callerId } }) : null;
    if (!user) throw new DomainError('EXC_AUTHENTICATION_REQUIRED');
    return user;
  }

  private async assertCanMoveTo(user: { id: string; cellphone: string }, cellphone: string): Promise<void> {
    if (user.cellphone === cellphone) throw new DomainError('EXC_AUTHENTICATION_CELLPHONE_IS_SAME');
    const owner = await this.db.user.findUnique({ where: { cellphone }, select: { id: true } });
    if (owner) throw new DomainError('EXC_AUTHENTICATION_CELLPHONE_IS_TAKEN');
  }

  private async findOrRegister(tx: Transaction, cellphone: string) {
    const existing = await tx.user.findUnique({ where: { cellphone } });
    if (existing) return { user: existing, isNew: false };
    const user = await tx.user.create({ data: { cellphone } });
    await userEvents.registered(tx, user.id, cellphone);
    return { user, isNew: true };
  }
}
