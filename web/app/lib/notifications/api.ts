// The notification routes of the gateway (/api/v1/notifications*), for the loaders and actions
// of the notification screens and the header's count.
import type { ApiClient } from '../api.ts';
import type { Locale } from '../locale.ts';
import type { PreferencesUpdate } from './types.ts';

/** How many notifications the list shows per page, and the bell's menu at most. */
export const LIST_PAGE_SIZE = 20;
export const BELL_SIZE = 5;

export const notificationsApi = {
  /** Titles and bodies come in the page's language. */
  list: (api: ApiClient, locale: Locale, page: number, pageSize = LIST_PAGE_SIZE) =>
    api.call('get', '/notifications', { query: { page: String(page), pageSize: String(pageSize), locale } }),
  unreadCount: (api: ApiClient) => api.call('get', '/notifications/unread-count'),
  markRead: (api: ApiClient, id: string) => api.call('put', '/notifications/{id}/read', { params: { id } }),
  markAllRead: (api: ApiClient) => api.call('put', '/notifications/read-all'),
  preferences: (api: ApiClient) => api.call('get', '/notifications/preferences'),
  savePreferences: (api: ApiClient, body: PreferencesUpdate) => api.call('put', '/notifications/preferences', { body }),
};
