import { isApiError, type ApiClient } from '../api.ts';
import { notificationsApi } from './api.ts';

/**
 * The header's unread count. Header data never breaks a page: a notification service that does
 * not answer leaves the bell out (null) rather than failing the page.
 */
export async function unreadNotifications(api: ApiClient): Promise<number | null> {
  try {
    return (await notificationsApi.unreadCount(api)).unread;
  } catch (error) {
    if (!isApiError(error)) console.error('notification count unavailable', error);
    return null;
  }
}
