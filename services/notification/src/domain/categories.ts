// The preference categories, the channels each offers and their defaults (docs/notifications.md).

export const CATEGORIES = ['security', 'job_alert', 'application_status', 'new_application', 'billing'] as const;
export type Category = (typeof CATEGORIES)[number];
export const CHANNELS = ['sms', 'email', 'in_app'] as const;
export type Channel = (typeof CHANNELS)[number];
/** Channels that go out as messages (in-app is the list itself). */
export type MessageChannel = 'sms' | 'email';
export const JOB_ALERT_FREQUENCIES = ['immediate', 'daily'] as const;
export type JobAlertFrequency = (typeof JOB_ALERT_FREQUENCIES)[number];

export interface CategoryRule {
  /** Each offered channel with its default; a channel not listed is not offered. */
  defaults: Partial<Record<Channel, boolean>>;
  /** Shown but cannot be turned off. */
  locked: boolean;
}

export const CATEGORY_RULES: Record<Category, CategoryRule> = {
  // One-time codes and cellphone changes, sent by the auth service.
  security: { defaults: { sms: true }, locked: true },
  job_alert: { defaults: { sms: false, email: true, in_app: true }, locked: false },
  application_status: { defaults: { sms: true, email: true, in_app: true }, locked: false },
  new_application: { defaults: { email: true, in_app: true }, locked: false },
  billing: { defaults: { sms: true, email: true, in_app: true }, locked: false },
};

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** Agent invites go by SMS to a cellphone and are not a preference. */
export const AGENT_INVITE_CATEGORY = 'agent_invite';

/** Acknowledgements of the contact form go by email to the address it came from: not a preference. */
export const CONTACT_CATEGORY = 'contact';
