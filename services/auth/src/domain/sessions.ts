// Session families: an access token (short-lived JWT) and a refresh token (opaque, stored
// as a hash) that is rotated on every refresh. Presenting a token that was already rotated
// means it was copied: the whole family is revoked, unless it happens within a short grace
// window, because a browser legitimately fires parallel refreshes with the same cookie.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Database, Transaction } from '../db/client.ts';
import type { AccessTokenSigner } from './signing-keys.ts';
import { randomToken, sha256 } from './secrets.ts';

export interface SessionTokens {
  accessToken: string;
  accessExpiresAtMs: bigint;
  refreshToken: string;
  refreshExpiresAtMs: bigint;
}

export interface SessionSettings {
  refreshTokenTtlSeconds: number;
  reuseGraceSeconds: number;
}

export class Sessions {
  constructor(
    private readonly db: Database,
    private readonly signer: AccessTokenSigner,
    private readonly settings: SessionSettings,
  ) {}

  /** Opens a new family for a user who just proved who they are. */
  async open(tx: Transaction, userId: string, userAgent: string): Promise<SessionTokens> {
    const session = await tx.session.create({ data: { userId, userAgent: userAgent.slice(0, 500) } });
    return this.issue(tx, userId, session.id);
  }

  async refresh(refreshToken: string): Promise<SessionTokens> {
    const presented = await this.findLive(refreshToken);
    const { session } = presented;
    return this.db.$transaction(async (tx) => {
      // Only one of several parallel refreshes rotates the token; the others see it rotated.
      const rotated = await tx.refreshToken.updateMany({ where: { id: presented.id, rotatedAt: null }, data: { rotatedAt: new Date() } });
      if (rotated.count === 0) {
        const { rotatedAt } = await tx.refreshToken.findUniqueOrThrow({ where: { id: presented.id } });
        if (!this.withinGrace(rotatedAt!)) throw new ReusedToken(session.id);
      }
      return this.issue(tx, session.userId, session.id);
    }).catch(async (error: unknown) => {
      if (!(error instanceof ReusedToken)) throw error;
      await this.revokeFamily(error.sessionId, 'reuse');
      throw new DomainError('EXC_SESSIONS_REFRESH_TOKEN_REUSED');
    });
  }

  /** Ends the family the token belongs to. Logging out twice is not an error. */
  async logout(refreshToken: string, callerId: string | undefined): Promise<void> {
    if (refreshToken === '') throw new DomainError('EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    const token = await this.db.refreshToken.findUnique({ where: { tokenHash: sha256(refreshToken) }, include: { session: true } });
    if (!token || (callerId !== undefined && token.session.userId !== callerId)) throw new DomainError('EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    await this.revokeFamily(token.sessionId, 'logout');
  }

  private async findLive(refreshToken: string) {
    if (refreshToken === '') throw new DomainError('EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    const token = await this.db.refreshToken.findUnique({ where: { tokenHash: sha256(refreshToken) }, include: { session: true } });
    if (!token || token.session.revokedAt || token.expiresAt.getTime() <= Date.now()) {
      throw new DomainError('EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    }
    if (token.rotatedAt && !this.withinGrace(token.rotatedAt)) {
      await this.revokeFamily(token.sessionId, 'reuse');
      throw new DomainError('EXC_SESSIONS_REFRESH_TOKEN_REUSED');
    }
    return token;
  }

  private withinGrace(rotatedAt: Date): boolean {
    return Date.now() - rotatedAt.getTime() <= this.settings.reuseGraceSeconds * 1000;
  }

  private async revokeFamily(sessionId: string, reason: 'logout' | 'reuse'): Promise<void> {
    await this.db.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: reason } });
  }

  private async issue(tx: Transaction, userId: string, sessionId: string): Promise<SessionTokens> {
    const refreshToken = randomToken();
    const refreshExpiresAt = new Date(Date.now() + this.settings.refreshTokenTtlSeconds * 1000);
    await tx.refreshToken.create({ data: { sessionId, tokenHash: sha256(refreshToken), expiresAt: refreshExpiresAt } });
    const access = await this.signer.sign(userId, sessionId);
    return {
      accessToken: access.token,
      accessExpiresAtMs: BigInt(access.expiresAt.getTime()),
      refreshToken,
      refreshExpiresAtMs: BigInt(refreshExpiresAt.getTime()),
    };
  }
}

/** Thrown inside the rotation transaction so it rolls back before the family is revoked. */
class ReusedToken extends Error {
  constructor(readonly sessionId: string) {
    super('refresh token reused');
  }
}
