// The notification service's answers, as the gateway's contract (the generated API types) gives
// them: GET/PUT /notifications*.
import type { ApiAnswer, ApiRequestBody } from '@darmankar/api-types';

export type NotificationPage = ApiAnswer<'/notifications', 'get'>;

export type UserNotification = NotificationPage['items'][number];

export type NotificationPreferences = ApiAnswer<'/notifications/preferences', 'get'>;

export type CategoryPreference = NotificationPreferences['preferences'][number];

export type NotificationCategory = CategoryPreference['category'];

export type NotificationChannel = keyof CategoryPreference['channels'];

/** The columns of the preferences, in the order they are shown. */
export const NOTIFICATION_CHANNELS: readonly NotificationChannel[] = ['inApp', 'email', 'sms'];

export type JobAlertFrequency = NotificationPreferences['jobAlertFrequency'];

export type PreferencesUpdate = ApiRequestBody<'/notifications/preferences', 'put'>;
