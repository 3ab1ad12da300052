// The notification routes of the gateway (/api/v1/notifications*), for loaders and actions on the
// server and for the header's bell in the browser (same client, same origin proxy).
import type { ApiClient } from '../api.ts';
import type { Locale } from '../locale.ts';
import type { NotificationPage, NotificationPreferences, PreferencesUpdate } from './types.ts';

/** How many notifications the list shows per page, and the bell's menu at most. */
export const LIST_PAGE_SIZE = 20;
export const BELL_SIZE = 5;

/** The service renders titles and bodies in the reader's language: the page's. */
const language = (locale: Locale) => ({ 'accept-language': locale });

export const notificationsApi = {
  list: (api: ApiClient, locale: Locale, page: number, pageSize = LIST_PAGE_SIZE) =>
    api.get<NotificationPage>('/notifications', { query: { page, pageSize }, headers: language(locale) }),
  unreadCount: (api: ApiClient) => api.get<{ unread: number }>('/notifications/unread-count'),
  markRead: (api: ApiClient, id: string) => api.put<void>(`/notifications/${encodeURIComponent(id)}/read`),
  markAllRead: (api: ApiClient) => api.put<{ updated: number }>('/notifications/read-all'),
  preferences: (api: ApiClient) => api.get<NotificationPreferences>('/notifications/preferences'),
  savePreferences: (api: ApiClient, body: PreferencesUpdate) =>
    api.put<NotificationPreferences>('/notifications/preferences', { body }),
};
