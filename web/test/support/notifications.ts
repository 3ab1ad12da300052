// Notification service answers in the contract's shapes, for route tests in front of a stand-in gateway.
import type {
  CategoryPreference,
  NotificationPage,
  NotificationPreferences,
  UserNotification,
} from '../../app/lib/notifications/types.ts';

export function notification(overrides: Partial<UserNotification> = {}): UserNotification {
  return {
    id: 'n1',
    category: 'job_alert',
    kind: 'JobAlert',
    title: 'آگهی تازه: پرستار اورژانس',
    body: 'درمانگاه مهر یک آگهی تازه منتشر کرد که با فیلتر «پرستار تهران» جور است.',
    link: `/api/v1/notifications/n1/engagements?to=${encodeURIComponent('/applicants/recruitments/nurse/er-nurse')}`,
    read: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

export function notificationPage(items: UserNotification[], total = items.length, unread?: number): NotificationPage {
  return {
    items,
    page: { page: 1, pageSize: 20, total },
    unread: unread ?? items.filter((item) => !item.read).length,
  };
}

/** The defaults of the contract: security locked on SMS, job alerts in-app and email, and so on. */
export function defaultPreferences(emailVerified: boolean): NotificationPreferences {
  const row = (
    category: CategoryPreference['category'],
    sms: boolean | null,
    email: boolean | null,
    inApp: boolean | null,
    locked = false,
  ): CategoryPreference => ({ category, channels: { sms, email, inApp }, locked });
  return {
    preferences: [
      row('security', true, null, null, true),
      row('job_alert', false, true, true),
      row('application_status', true, true, true),
      row('new_application', null, true, true),
      row('billing', true, true, true),
    ],
    jobAlertFrequency: 'daily',
    emailVerified,
  };
}
