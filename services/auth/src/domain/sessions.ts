// Session families: an access token (short-lived JWT) and a refresh token (opaque, stored
// as a hash) that is rotated on every refresh. Presenting a token that was already rotated
// means it was copied: the whole family is revoked, unless it happens within a short grace
// window, because a browser legitimately fires parallel refreshes with the same cookie.
// Inside that window the replay gets the successor the first refresh produced, so a family
// never has two live branches.
//
// A refresh token reads `<sessionId>.<secret>`: the family's id in clear, so the gateway
// can revoke the family's access tokens (their `sid`) on logout or reuse whichever token
// was presented. Tokens issued before the prefix existed are still found by their hash.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid } from '@darmankar/platform/input';
import type { Database, Transaction } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { AccessTokenSigner } from './signing-keys.ts';
import { deriveKey, randomToken, seal, sha256, unseal } from './secrets.ts';

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

export type RevokedReason = 'logout' | 'reuse' | 'cellphone-change';

const SUCCESSOR_PURPOSE = 'darmankar refresh successor v1';
/** Successors followed for one replay; a chain longer than this within the grace window is not a browser. */
const MAX_SUCCESSOR_HOPS = 20;

interface PresentedToken {
  /** The family named by the token's prefix; undefined for a token from before prefixes. */
  sessionId: string | undefined;
  tokenHash: string;
}

/** The parts of a presented refresh token, or null when it cannot be one of ours. */
function parseRefreshToken(token: string): PresentedToken | null {
  if (token === '') return null;
  const dot = token.indexOf('.');
  if (dot === -1) return { sessionId: undefined, tokenHash: sha256(token) };
  const sessionId = token.slice(0, dot);
  if (!isUuid(sessionId) || dot === token.length - 1) return null;
  return { sessionId: sessionId.toLowerCase(), tokenHash: sha256(token) };
}

function isSessionId(value: string): boolean {
  return isUuid(value);
}

export class Sessions {
  constructor(
    private readonly db: Database,
    private readonly signer: AccessTokenSigner,
    private readonly settings: SessionSettings,
    private readonly clock: Clock,
  ) {}

  /** Opens a new family for a user who just proved who they are. */
  async open(tx: Transaction, userId: string, userAgent: string): Promise<SessionTokens> {
    const now = this.clock();
    const session = await tx.session.create({
      data: { userId, userAgent: userAgent.slice(0, 500), createdAt: new Date(now) },
    });
    return (await this.issue(tx, userId, session.id, now)).tokens;
  }

  async refresh(refreshToken: string): Promise<SessionTokens> {
    const presented = parseRefreshToken(refreshToken);
    if (!presented) throw new DomainError('EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    const now = this.clock();
    try {
      return await this.db.$transaction(async (tx) => {
        // The row lock makes parallel refreshes of one token wait for the first to finish;
        // the later ones then find it rotated and get its successor.
        const locked = await tx.$queryRaw<
          { id: string }[]
        >`SELECT id FROM refresh_tokens WHERE token_hash = ${presented.tokenHash} FOR UPDATE`;
        const token =
          locked.length === 0
            ? null
            : await tx.refreshToken.findUnique({ where: { id: locked[0]!.id }, include: { session: true } });
        if (
          !token ||
          (presented.sessionId !== undefined && token.sessionId !== presented.sessionId) ||
          token.session.revokedAt ||
          token.expiresAt.getTime() <= now
        ) {
          throw new DomainError('EXC_SESSIONS_REFRESH_TOKEN_INVALID');
        }
        const { userId } = token.session;
        if (token.rotatedAt === null) {
          const next = await this.issue(tx, userId, token.sessionId, now);
          await tx.refreshToken.update({
            where: { id: token.id },
            data: {
              rotatedAt: new Date(now),
              successorId: next.id,
              successorSealed: seal(successorKey(refreshToken), next.tokens.refreshToken, token.id),
            },
          });
          return next.tokens;
        }
        if (now - token.rotatedAt.getTime() > this.settings.reuseGraceSeconds * 1000)
          throw new ReusedToken(token.sessionId);
        const successor = await this.liveSuccessor(tx, token, refreshToken);
        if (!successor) throw new DomainError('EXC_SESSIONS_REFRESH_TOKEN_INVALID');
        const access = await this.signer.sign(userId, token.sessionId);
        return {
          accessToken: access.token,
          accessExpiresAtMs: BigInt(access.expiresAt.getTime()),
          refreshToken: successor.token,
          refreshExpiresAtMs: BigInt(successor.expiresAt.getTime()),
        };
      });
    } catch (error) {
      if (!(error instanceof ReusedToken)) throw error;
      // Outside the rolled-back transaction, so the revocation stays.
      await this.revokeFamily(error.sessionId, 'reuse');
      throw new DomainError('EXC_SESSIONS_REFRESH_TOKEN_REUSED');
    }
  }

  /** Ends the family the token belongs to and answers its id. Logging out twice is not an error. */
  async logout(refreshToken: string, callerId: string | undefined): Promise<string> {
    const presented = parseRefreshToken(refreshToken);
    if (!presented) throw new DomainError('EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    const token = await this.db.refreshToken.findUnique({
      where: { tokenHash: presented.tokenHash },
      include: { session: true },
    });
    if (
      !token ||
      (presented.sessionId !== undefined && token.sessionId !== presented.sessionId) ||
      (callerId !== undefined && token.session.userId !== callerId)
    ) {
      throw new DomainError('EXC_SESSIONS_REFRESH_TOKEN_INVALID');
    }
    await this.revokeFamily(token.sessionId, 'logout');
    return token.sessionId;
  }

  /** Revokes every live family of the user but `keep`; answers the ids of those it ended. */
  async endOtherSessions(
    tx: Transaction,
    userId: string,
    keep: string | undefined,
    reason: RevokedReason,
  ): Promise<string[]> {
    const keepId = keep && isSessionId(keep) ? keep.toLowerCase() : undefined;
    const live = await tx.session.findMany({
      where: { userId, revokedAt: null, ...(keepId ? { id: { not: keepId } } : {}) },
      select: { id: true },
    });
    const ids = live.map((session) => session.id);
    if (ids.length > 0)
      await tx.session.updateMany({
        where: { id: { in: ids } },
        data: { revokedAt: new Date(this.clock()), revokedReason: reason },
      });
    return ids;
  }

  /** Until when an access token signed up to now can be valid: how long the gateway must refuse an ended session's tokens. */
  accessTokensValidUntilMs(): number {
    return this.clock() + this.signer.ttlSeconds * 1000;
  }

  /**
   * The live token at the end of `token`'s chain of successors. Each successor is sealed with
   * a key derived from its predecessor, so the chain opens only from a token presented in clear.
   */
  private async liveSuccessor(
    tx: Transaction,
    token: { id: string; successorId: string | null; successorSealed: string | null },
    presented: string,
  ) {
    let row = token;
    let secret = presented;
    for (let hop = 0; hop < MAX_SUCCESSOR_HOPS; hop++) {
      if (!row.successorId || !row.successorSealed) return null;
      const successor = unseal(successorKey(secret), row.successorSealed, row.id);
      const next = await tx.refreshToken.findUnique({ where: { id: row.successorId } });
      if (!next) return null;
      if (next.rotatedAt === null) return { token: successor, expiresAt: next.expiresAt };
      row = next;
      secret = successor;
    }
    return null;
  }

  private async revokeFamily(sessionId: string, reason: RevokedReason): Promise<void> {
    await this.db.session.updateMany({
      where: { id: sessionId, revokedAt: null },
      data: { revokedAt: new Date(this.clock()), revokedReason: reason },
    });
  }

  private async issue(
    tx: Transaction,
    userId: string,
    sessionId: string,
    now: number,
  ): Promise<{ id: string; tokens: SessionTokens }> {
    const refreshToken = `${sessionId}.${randomToken()}`;
    const refreshExpiresAt = new Date(now + this.settings.refreshTokenTtlSeconds * 1000);
    const row = await tx.refreshToken.create({
      data: { sessionId, tokenHash: sha256(refreshToken), expiresAt: refreshExpiresAt, createdAt: new Date(now) },
    });
    const access = await this.signer.sign(userId, sessionId);
    return {
      id: row.id,
      tokens: {
        accessToken: access.token,
        accessExpiresAtMs: BigInt(access.expiresAt.getTime()),
        refreshToken,
        refreshExpiresAtMs: BigInt(refreshExpiresAt.getTime()),
      },
    };
  }
}

function successorKey(refreshToken: string): Buffer {
  return deriveKey(refreshToken, SUCCESSOR_PURPOSE);
}

/** Thrown inside the rotation transaction so it rolls back before the family is revoked. */
class ReusedToken extends Error {
  constructor(readonly sessionId: string) {
    super('refresh token reused');
  }
}
