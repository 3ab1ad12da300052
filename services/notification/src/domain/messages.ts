// The ports the delivery worker sends through (the platform's messaging engines implement them).
export interface SmsPort {
  send(message: { to: string; text: string }, signal?: AbortSignal): Promise<void>;
}

export interface MailPort {
  send(mail: { to: string; subject: string; text: string; html?: string }, signal?: AbortSignal): Promise<void>;
}

export interface Senders {
  sms: SmsPort;
  mail: MailPort;
}

/** A provider's refusal that no retry can change (retryable false on the platform's DeliveryError). */
export function isPermanent(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { retryable?: unknown }).retryable === false;
}
