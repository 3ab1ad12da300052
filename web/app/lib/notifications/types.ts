// The notification service's answers as the gateway's contract gives them (issue 21 contract §2):
// GET/PUT /notifications*, typed here until the generated API types carry them.

export type NotificationCategory = 'security' | 'job_alert' | 'application_status' | 'new_application' | 'billing';

export const NOTIFICATION_CATEGORIES: readonly NotificationCategory[] = [
  'security',
  'job_alert',
  'application_status',
  'new_application',
  'billing',
];

export type NotificationChannel = 'sms' | 'email' | 'inApp';

export const NOTIFICATION_CHANNELS: readonly NotificationChannel[] = ['inApp', 'email', 'sms'];

export interface UserNotification {
  id: string;
  category: NotificationCategory;
  kind: string;
  /** Already in the reader's language. */
  title: string;
  body: string;
  /** The engagement URL path (`/api/v1/notifications/{id}/engagements?to=…`), or null. */
  link: string | null;
  read: boolean;
  /** ISO date-time. */
  createdAt: string;
}

export interface NotificationPage {
  items: UserNotification[];
  page: { page: number; pageSize: number; total: number };
  unread: number;
}

export interface CategoryPreference {
  category: NotificationCategory;
  /** null: the channel is not offered for the category. */
  channels: Record<NotificationChannel, boolean | null>;
  /** Cannot be turned off (security codes). */
  locked: boolean;
}

export type JobAlertFrequency = 'immediate' | 'daily';

export interface NotificationPreferences {
  preferences: CategoryPreference[];
  jobAlertFrequency: JobAlertFrequency;
  emailVerified: boolean;
}

export interface PreferencesUpdate {
  preferences: Array<{ category: NotificationCategory; channels: Partial<Record<NotificationChannel, boolean>> }>;
  jobAlertFrequency?: JobAlertFrequency;
}
