// The one adapter between the gateway and the notification service: REST-shaped calls in,
// gRPC calls out, the JSON of the REST contract back.
import { createClient, createHealthChecker, type CallOptions, type ClientOptions } from '@darmankar/platform/grpc';
import { NotificationService, type Preferences } from '@darmankar/proto/notification/v1/notification_pb';
import type { CallMeta } from '../../http/route.ts';
import type { DevOutboxMessage } from '../../routes/dev-outbox.ts';
import { CATEGORIES, type NotificationJson, type PreferencesInput, type PreferencesJson } from './schemas.ts';

const options = (meta: CallMeta): CallOptions => ({
  requestId: meta.requestId,
  userId: meta.userId,
  clientAddress: meta.clientAddress,
});

export interface NotificationAdapter {
  list(
    query: { page: number; pageSize: number; locale: 'fa' | 'en' },
    meta: CallMeta,
  ): Promise<{ items: NotificationJson[]; page: { page: number; pageSize: number; total: number }; unread: number }>;
  unread(meta: CallMeta): Promise<number>;
  markRead(id: string, meta: CallMeta): Promise<void>;
  markAllRead(meta: CallMeta): Promise<number>;
  preferences(meta: CallMeta): Promise<PreferencesJson>;
  updatePreferences(input: PreferencesInput, meta: CallMeta): Promise<PreferencesJson>;
  /** Records the click; answers the site path to redirect to. */
  engage(id: string, to: string, meta: CallMeta): Promise<string>;
  receiptTarget(id: string, meta: CallMeta): Promise<string>;
  devOutbox(to: string, meta: CallMeta): Promise<DevOutboxMessage[]>;
  isServing(timeoutMs: number): Promise<boolean>;
  close(): void;
}

/** The engagement path a notification's link goes through (it records the click, then redirects). */
export function engagementPath(id: string, link: string): string | null {
  return link ? `/api/v1/notifications/${encodeURIComponent(id)}/engagements?to=${encodeURIComponent(link)}` : null;
}

function preferencesJson(preferences: Preferences | undefined): PreferencesJson {
  const value = (setting: { offered: boolean; on: boolean } | undefined) => (setting?.offered ? setting.on : null);
  return {
    preferences: (preferences?.categories ?? [])
      .filter((c): c is typeof c & { category: (typeof CATEGORIES)[number] } =>
        (CATEGORIES as readonly string[]).includes(c.category),
      )
      .map((c) => ({
        category: c.category,
        channels: { sms: value(c.sms), email: value(c.email), inApp: value(c.inApp) },
        locked: c.locked,
      })),
    jobAlertFrequency: preferences?.jobAlertFrequency === 'immediate' ? 'immediate' : 'daily',
    emailVerified: preferences?.emailVerified ?? false,
  };
}

export function createNotificationAdapter(address: string, defaults: ClientOptions): NotificationAdapter {
  const client = createClient(NotificationService, address, defaults);
  const health = createHealthChecker(address);
  return {
    async list(query, meta) {
      const answer = await client.listNotifications(
        { page: { page: query.page, pageSize: query.pageSize, order: '' }, locale: query.locale },
        options(meta),
      );
      return {
        items: answer.items.map((n) => ({
          id: n.id,
          category: n.category,
          kind: n.kind,
          title: n.title,
          body: n.body,
          link: engagementPath(n.id, n.link),
          read: n.read,
          createdAt: new Date(Number(n.createdAtMs)).toISOString(),
        })),
        page: {
          page: answer.page?.page ?? query.page,
          pageSize: answer.page?.pageSize ?? query.pageSize,
          total: Number(answer.page?.total ?? 0n),
        },
        unread: answer.unread,
      };
    },
    async unread(meta) {
      return (await client.countUnread({}, options(meta))).unread;
    },
    async markRead(id, meta) {
      await client.markRead({ id }, options(meta));
    },
    async markAllRead(meta) {
      return (await client.markAllRead({}, options(meta))).updated;
    },
    async preferences(meta) {
      return preferencesJson((await client.getPreferences({}, options(meta))).preferences);
    },
    async updatePreferences(input, meta) {
      const answer = await client.updatePreferences(
        {
          changes: input.preferences.map((p) => ({
            category: p.category,
            sms: p.channels.sms,
            email: p.channels.email,
            inApp: p.channels.inApp,
          })),
          jobAlertFrequency: input.jobAlertFrequency ?? '',
        },
        options(meta),
      );
      return preferencesJson(answer.preferences);
    },
    async engage(id, to, meta) {
      return (await client.recordEngagement({ id, to }, options(meta))).path;
    },
    async receiptTarget(id, meta) {
      return (await client.getReceiptTarget({ id }, options(meta))).path;
    },
    async devOutbox(to, meta) {
      const { messages } = await client.listDevOutbox({ recipient: to, limit: 50 }, options(meta));
      return messages.map((m) => ({
        channel: m.channel,
        to: m.recipient,
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
