// The one adapter between the gateway and the auth service: REST-shaped calls in,
// gRPC calls out, protobuf messages turned into plain JSON-ready objects.
import {
  createClient,
  createHealthChecker,
  type CallOptions,
  type ClientOptions,
  type ServiceClient,
} from '@darmankar/platform/grpc';
import { AuthService, CodePurpose, type Session, type User } from '@darmankar/proto/auth/v1/auth_pb';
import type { SessionTokens } from '../../http/cookies.ts';
import type { CallMeta } from '../../http/route.ts';
import type { DevOutboxMessage } from '../../routes/dev-outbox.ts';

export type AuthClient = ServiceClient<typeof AuthService>;

export type CodePurposeName = 'login' | 'changeCellphone';

export interface UserView {
  id: string;
  cellphone: string;
  email: string;
  emailVerified: boolean;
  isNew: boolean;
}

const PURPOSES: Record<CodePurposeName, CodePurpose> = {
  login: CodePurpose.LOGIN,
  changeCellphone: CodePurpose.CHANGE_CELLPHONE,
};

/**
 * The session a refresh token belongs to: its readable `<session id>.` prefix. Only a claim:
 * act on it after the auth service has accepted the token (logout) or named it (reuse).
 */
export function sessionIdOfRefreshToken(refreshToken: string): string | undefined {
  const dot = refreshToken.indexOf('.');
  return dot > 0 ? refreshToken.slice(0, dot) : undefined;
}

function sessionView(session: Session): SessionTokens {
  return {
    accessToken: session.accessToken,
    accessExpiresAtMs: Number(session.accessExpiresAtMs),
    refreshToken: session.refreshToken,
    refreshExpiresAtMs: Number(session.refreshExpiresAtMs),
  };
}

function userView(user: User | undefined): UserView {
  return {
    id: user?.id ?? '',
    cellphone: user?.cellphone ?? '',
    email: user?.email ?? '',
    emailVerified: user?.emailVerified ?? false,
    isNew: user?.isNew ?? false,
  };
}

const options = (meta: CallMeta): CallOptions => ({
  requestId: meta.requestId,
  userId: meta.userId,
  clientAddress: meta.clientAddress,
});

export interface AuthAdapter {
  sendCellphoneCode(
    cellphone: string,
    purpose: CodePurposeName,
    meta: CallMeta,
  ): Promise<{ cellphone: string; expiresInSeconds: number; resendAfterSeconds: number }>;
  /** `currentSessionId`: for a cellphone change, the caller's session, which stays open. */
  verifyCellphoneCode(
    input: { cellphone: string; code: string; purpose: CodePurposeName; userAgent: string; currentSessionId?: string },
    meta: CallMeta,
  ): Promise<{
    user: UserView;
    session?: SessionTokens;
    endedSessions: { ids: string[]; accessTokensValidUntilMs: number };
  }>;
  refreshSession(refreshToken: string, meta: CallMeta): Promise<SessionTokens>;
  logout(refreshToken: string, meta: CallMeta): Promise<void>;
  getCellphone(meta: CallMeta): Promise<{ cellphone: string }>;
  getEmail(meta: CallMeta): Promise<{ email: string; verified: boolean }>;
  /** `slug`: the applicant's resume slug for the link, or empty. */
  sendEmailVerification(email: string, slug: string, meta: CallMeta): Promise<{ expiresInSeconds: number }>;
  verifyEmail(
    input: { email: string; code: string; slug: string },
    meta: CallMeta,
  ): Promise<{ email: string; slug: string }>;
  /** The JWKS JSON that verifies access tokens. */
  signingKeys(meta: CallMeta): Promise<string>;
  devOutbox(to: string, meta: CallMeta): Promise<DevOutboxMessage[]>;
  /** Readiness: the service's standard gRPC health check answers SERVING within the deadline. */
  isServing(timeoutMs: number): Promise<boolean>;
  close(): void;
}

export function createAuthAdapter(address: string, defaults: ClientOptions): AuthAdapter {
  const client: AuthClient = createClient(AuthService, address, defaults);
  const health = createHealthChecker(address);

  return {
    async sendCellphoneCode(cellphone, purpose, meta) {
      const sent = await client.sendCellphoneCode({ cellphone, purpose: PURPOSES[purpose] }, options(meta));
      return {
        cellphone: sent.cellphone,
        expiresInSeconds: sent.expiresInSeconds,
        resendAfterSeconds: sent.resendAfterSeconds,
      };
    },
    async verifyCellphoneCode({ cellphone, code, purpose, userAgent, currentSessionId }, meta) {
      const verified = await client.verifyCellphoneCode(
        { cellphone, code, purpose: PURPOSES[purpose], userAgent, currentSessionId: currentSessionId ?? '' },
        options(meta),
      );
      return {
        user: userView(verified.user),
        session: verified.session ? sessionView(verified.session) : undefined,
        // Present with ended sessions (CHANGE_CELLPHONE); without them there is nothing to refuse until then.
        endedSessions: {
          ids: verified.endedSessionIds,
          accessTokensValidUntilMs: Number(verified.accessTokensValidUntilMs ?? 0n),
        },
      };
    },
    async refreshSession(refreshToken, meta) {
      const refreshed = await client.refreshSession({ refreshToken }, options(meta));
      if (!refreshed.session) throw new Error('RefreshSession answered without a session');
      return sessionView(refreshed.session);
    },
    async logout(refreshToken, meta) {
      await client.logout({ refreshToken }, options(meta));
    },
    async getCellphone(meta) {
      const { cellphone } = await client.getCellphone({}, options(meta));
      return { cellphone };
    },
    async getEmail(meta) {
      const { email, verified } = await client.getEmail({}, options(meta));
      return { email, verified };
    },
    async sendEmailVerification(email, slug, meta) {
      const { expiresInSeconds } = await client.sendEmailVerification({ email, slug }, options(meta));
      return { expiresInSeconds };
    },
    async verifyEmail(input, meta) {
      const verified = await client.verifyEmail(input, options(meta));
      return { email: verified.email, slug: verified.slug };
    },
    async signingKeys(meta) {
      return (await client.getSigningKeys({}, options(meta))).jwksJson;
    },
    async devOutbox(to, meta) {
      const { messages } = await client.listDevOutbox({ to }, options(meta));
      return messages.map((m) => ({
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        text: m.text,
        code: m.code,
        createdAt: new Date(Number(m.createdAtMs)).toISOString(),
      }));
    },
    isServing: (timeoutMs) => health.isServing(timeoutMs),
    close() {
      client.close();
      health.close();
    },
  };
}
