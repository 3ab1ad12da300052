// gRPC handlers: parse the request into domain values, call the domain, shape the answer.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { ServiceHandlers } from '@darmankar/platform/grpc';
import { requireCaller } from '@darmankar/platform/input';
import { normalizeCellphone } from '@darmankar/platform/persian';
import type { NotificationService, PreferencesSchema } from '@darmankar/proto/notification/v1/notification_pb';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Inbox } from '../domain/inbox.ts';
import type { Preferences, PreferencesView } from '../domain/preferences.ts';
import { toLocale } from '../domain/templates/index.ts';

/** The development outbox of this service's messages, when it may be read (never in production). */
export interface DevOutboxReader {
  list(
    recipient: string,
    limit?: number,
  ): Promise<
    Array<{
      id: string;
      channel: 'sms' | 'email';
      recipient: string;
      subject?: string;
      text: string;
      code?: string;
      createdAt: Date;
    }>
  >;
}

export interface NotificationDomain {
  inbox: Inbox;
  preferences: Preferences;
  devOutbox: DevOutboxReader | null;
}

const channel = (value: boolean | null) => ({ offered: value !== null, on: value === true });

function preferencesMessage(view: PreferencesView): MessageInitShape<typeof PreferencesSchema> {
  return {
    categories: view.preferences.map((p) => ({
      category: p.category,
      sms: channel(p.channels.sms),
      email: channel(p.channels.email),
      inApp: channel(p.channels.in_app),
      locked: p.locked,
    })),
    jobAlertFrequency: view.jobAlertFrequency,
    emailVerified: view.emailVerified,
  };
}

export function notificationHandlers(domain: NotificationDomain): ServiceHandlers<typeof NotificationService> {
  const { inbox, preferences } = domain;
  return {
    async listNotifications(request, context) {
      const result = await inbox.list(
        context.userId,
        { page: request.page?.page ?? 0, pageSize: request.page?.pageSize ?? 0 },
        toLocale(request.locale),
      );
      return {
        items: result.items.map((n) => ({
          id: n.id,
          category: n.category,
          kind: n.kind,
          title: n.title,
          body: n.body,
          link: n.link ?? '',
          read: n.read,
          createdAtMs: BigInt(n.createdAt.getTime()),
        })),
        page: { page: result.page.page, pageSize: result.page.pageSize, total: BigInt(result.page.total) },
        unread: result.unread,
      };
    },
    async countUnread(_request, context) {
      return { unread: await inbox.unread(context.userId) };
    },
    async markRead(request, context) {
      await inbox.markRead(context.userId, request.id);
      return {};
    },
    async markAllRead(_request, context) {
      return { updated: await inbox.markAllRead(context.userId) };
    },
    async getPreferences(_request, context) {
      return { preferences: preferencesMessage(await preferences.view(requireCaller(context.userId))) };
    },
    async updatePreferences(request, context) {
      const caller = requireCaller(context.userId);
      const view = await preferences.update(
        caller,
        request.changes.map((c) => ({
          category: c.category,
          channels: { sms: c.sms, email: c.email, in_app: c.inApp },
        })),
        request.jobAlertFrequency || undefined,
      );
      return { preferences: preferencesMessage(view) };
    },
    async recordEngagement(request) {
      return { path: await inbox.engage(request.id, request.to) };
    },
    async getReceiptTarget(request) {
      return { path: await inbox.receiptTarget(request.id) };
    },
    async listDevOutbox(request) {
      if (!domain.devOutbox) throw new DomainError('EXC_API_NOT_FOUND');
      const to = request.recipient.trim();
      const recipient = normalizeCellphone(to) ?? (to.includes('@') ? to.toLowerCase() : null);
      if (!recipient) throw new DomainError('EXC_BAD_REQUEST');
      const messages = await domain.devOutbox.list(recipient, request.limit || undefined);
      return {
        messages: messages.map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject ?? '',
          text: m.text,
          code: m.code ?? '',
          createdAtMs: BigInt(m.createdAt.getTime()),
        })),
      };
    },
  };
}
