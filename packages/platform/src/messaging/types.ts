// What every sender of SMS and email codes against: the messages, the two ports, and the one
// error a provider's failure becomes (retryable or not), whichever engine is configured.

export interface SmsMessage {
  /** The cellphone as stored: 09xxxxxxxxx (Latin digits). */
  to: string;
  /** The full text: what the development outbox keeps and a provider's plain send carries. */
  text: string;
  /**
   * An approved provider template (Kavenegar verify/lookup, sms.ir send/verify), when the
   * provider needs one for this kind of message; tokens in the template's order.
   */
  template?: { name: string; tokens: string[] };
  /** A one-time code the development outbox keeps readable. */
  code?: string;
}

export interface SmsSender {
  /** Resolves once the provider accepted the message; rejects with a DeliveryError otherwise. */
  send(message: SmsMessage, signal?: AbortSignal): Promise<void>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The code the mail carries, kept readable by the development outbox. */
  code?: string;
}

export interface Mailer {
  /** Resolves once the mail server accepted the mail; rejects with a DeliveryError otherwise. */
  send(mail: MailMessage, signal?: AbortSignal): Promise<void>;
  close(): void;
}

/**
 * A message the provider did not take. `retryable`: the same message may succeed later (the
 * provider was unreachable, slow or failing on its side); otherwise it refused this message
 * (a bad number, no credit, an unknown template, a wrong key) and sending it again changes
 * nothing. `providerStatus`: the provider's own status code, when it answered with one.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly providerStatus?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
