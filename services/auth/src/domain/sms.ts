// Sending one-time codes by SMS, behind one interface: Kavenegar in production, the
// development outbox elsewhere.
import type { DevOutbox } from './dev-outbox.ts';
import type { Purpose } from './input.ts';

export interface CodeMessage {
  cellphone: string;
  code: string;
  purpose: Purpose;
}

export interface SmsSender {
  /** Resolves once the provider accepted the message; rejects with SmsDeliveryError otherwise. */
  sendCode(message: CodeMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(message: string, readonly providerStatus?: number) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

/** The Persian text of a code message (Kavenegar uses its own approved template instead). */
export function codeMessageText({ code, purpose }: CodeMessage): string {
  return purpose === 'LOGIN' ? `کد ورود شما به درمانکار: ${code}` : `کد تأیید شمارهٔ موبایل جدید شما در درمانکار: ${code}`;
}

export class OutboxSms implements SmsSender {
  constructor(private readonly outbox: DevOutbox) {}

  async sendCode(message: CodeMessage): Promise<void> {
    await this.outbox.store({ channel: 'sms', recipient: message.cellphone, text: codeMessageText(message), code: message.code });
  }
}

export interface KavenegarOptions {
  apiKey: string;
  /** The verify template approved in Kavenegar's panel; it contains %token%. */
  template: string;
  baseUrl?: string;
  timeoutMs?: number;
}

interface KavenegarResponse {
  return?: { status?: number; message?: string };
}

/** Kavenegar's verify/lookup API: the code travels as `token` inside an approved template. */
export class KavenegarSms implements SmsSender {
  private readonly baseUrl: string;

  constructor(private readonly options: KavenegarOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://api.kavenegar.com').replace(/\/+$/, '');
  }

  async sendCode({ cellphone, code }: CodeMessage): Promise<void> {
    const url = new URL(`${this.baseUrl}/v1/${encodeURIComponent(this.options.apiKey)}/verify/lookup.json`);
    url.search = new URLSearchParams({ receptor: cellphone, token: code, template: this.options.template }).toString();
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000) });
    } catch (error) {
      throw new SmsDeliveryError(`Kavenegar unreachable: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as KavenegarResponse;
    const status = body.return?.status ?? response.status;
    if (!response.ok || status !== 200) {
      throw new SmsDeliveryError(`Kavenegar refused the message: ${status} ${body.return?.message ?? response.statusText}`, status);
    }
  }
}
