// gRPC handlers: parse the request into domain values, call the domain, shape the answer.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { ServiceHandlers } from '@darmankar/platform/grpc';
import { requireCaller } from '@darmankar/platform/input';
import type { DevOutbox } from '@darmankar/platform/messaging';
import { normalizeCellphone } from '@darmankar/platform/persian';
import { CodePurpose, type AuthService } from '@darmankar/proto/auth/v1/auth_pb';
import type { Authentication } from '../domain/authentication.ts';
import { clientKey } from '../domain/client-address.ts';
import type { EmailVerification } from '../domain/email-verification.ts';
import { parseCellphone, parseCode, parseEmail, parseSlug, type Purpose } from '../domain/input.ts';
import type { Sessions } from '../domain/sessions.ts';
import type { AccessTokenSigner } from '../domain/signing-keys.ts';

/** The contract's purpose enum as the domain names it; anything else is not a next step we know. */
function parsePurpose(purpose: CodePurpose): Purpose {
  if (purpose === CodePurpose.LOGIN) return 'LOGIN';
  if (purpose === CodePurpose.CHANGE_CELLPHONE) return 'CHANGE_CELLPHONE';
  throw new DomainError('EXC_AUTHENTICATION_NEXT_IS_INVALID');
}

export interface AuthParts {
  authentication: Authentication;
  sessions: Sessions;
  emailVerification: EmailVerification;
  signer: AccessTokenSigner;
  devOutbox: DevOutbox;
  /** False in production: the development outbox is then never readable. */
  devOutboxReadable: boolean;
}

/** An anonymous caller is null; a present but malformed caller id is treated the same. */
function optionalCaller(userId: string | undefined): string | null {
  try {
    return requireCaller(userId);
  } catch {
    return null;
  }
}

export function authHandlers(parts: AuthParts): ServiceHandlers<typeof AuthService> {
  const { authentication, sessions, emailVerification, signer, devOutbox } = parts;
  return {
    async sendCellphoneCode(request, context) {
      const purpose = parsePurpose(request.purpose);
      if (purpose === 'CHANGE_CELLPHONE') requireCaller(context.userId);
      const cellphone = parseCellphone(request.cellphone);
      const issued = await authentication.sendCellphoneCode(
        cellphone,
        purpose,
        optionalCaller(context.userId),
        clientKey(context.clientAddress),
        context.signal,
      );
      return { cellphone, ...issued };
    },

    async verifyCellphoneCode(request, context) {
      const purpose = parsePurpose(request.purpose);
      if (purpose === 'CHANGE_CELLPHONE') requireCaller(context.userId);
      const cellphone = parseCellphone(request.cellphone);
      const code = parseCode(request.code);
      return authentication.verifyCellphoneCode(
        {
          cellphone,
          code,
          purpose,
          userAgent: request.userAgent,
          client: clientKey(context.clientAddress),
          currentSessionId: request.currentSessionId.trim() || undefined,
        },
        optionalCaller(context.userId),
      );
    },

    async refreshSession(request) {
      return { session: await sessions.refresh(request.refreshToken) };
    },

    async logout(request, context) {
      await sessions.logout(request.refreshToken, optionalCaller(context.userId) ?? undefined);
      return {};
    },

    async getCellphone(_request, context) {
      return { cellphone: await authentication.cellphoneOf(requireCaller(context.userId)) };
    },

    async getEmail(_request, context) {
      return authentication.emailOf(requireCaller(context.userId));
    },

    async sendEmailVerification(request, context) {
      const userId = requireCaller(context.userId);
      return emailVerification.send(userId, parseEmail(request.email), parseSlug(request.slug));
    },

    async verifyEmail(request) {
      const email = parseEmail(request.email);
      if (request.code.trim() === '') throw new DomainError('EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID');
      await emailVerification.verify(email, request.code.trim());
      return { email, slug: request.slug.trim() };
    },

    async getSigningKeys() {
      return { jwksJson: await signer.jwksJson() };
    },

    async listDevOutbox(request) {
      if (!parts.devOutboxReadable) throw new DomainError('EXC_API_NOT_FOUND');
      const to = request.to.trim();
      const recipient = normalizeCellphone(to) ?? (to.includes('@') ? to.toLowerCase() : null);
      if (!recipient) throw new DomainError('EXC_BAD_REQUEST');
      const messages = await devOutbox.list(recipient);
      return {
        messages: messages.map((m) => ({
          id: m.id,
          channel: m.channel,
          to: m.recipient,
          subject: m.subject ?? '',
          text: m.text,
          code: m.code ?? '',
          createdAtMs: BigInt(m.createdAt.getTime()),
        })),
      };
    },
  };
}
