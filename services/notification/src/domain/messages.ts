// The ports the delivery worker sends through: the platform's messaging engines.
import { DeliveryError, type Mailer, type SmsSender } from '@darmankar/platform/messaging';

export interface Senders {
  sms: Pick<SmsSender, 'send'>;
  mail: Pick<Mailer, 'send'>;
}

/** A provider's refusal that no retry can change. */
export function isPermanent(error: unknown): boolean {
  return error instanceof DeliveryError && !error.retryable;
}
