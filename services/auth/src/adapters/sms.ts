// The SMS engines: Kavenegar in production, the development outbox elsewhere.
import type { DevOutbox } from '../domain/dev-outbox.ts';
import {
  cellphoneChangedText,
  codeMessageText,
  SmsDeliveryError,
  type CellphoneChangedNotice,
  type CodeMessage,
  type SmsSender,
} from '../domain/sms.ts';

export class OutboxSms implements SmsSender {
  constructor(private readonly outbox: DevOutbox) {}

  async sendCode(message: CodeMessage): Promise<void> {
    await this.outbox.store({
      channel: 'sms',
      recipient: message.cellphone,
      text: codeMessageText(message),
      code: message.code,
    });
  }

  async sendCellphoneChanged(notice: CellphoneChangedNotice): Promise<void> {
    await this.outbox.store({ channel: 'sms', recipient: notice.cellphone, text: cellphoneChangedText(notice) });
  }
}

export interface KavenegarOptions {
  apiKey: string;
  /** The verify template approved in Kavenegar's panel for codes; it contains %token%. */
  template: string;
  /** The template of the cellphone-changed notice; %token% is the new number's last four digits. */
  noticeTemplate?: string;
  baseUrl?: string;
  timeoutMs?: number;
}

interface KavenegarResponse {
  return?: { status?: number; message?: string };
}

/** Kavenegar's verify/lookup API: the variable part travels as `token` inside an approved template. */
export class KavenegarSms implements SmsSender {
  private readonly baseUrl: string;

  constructor(private readonly options: KavenegarOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://api.kavenegar.com').replace(/\/+$/, '');
  }

  sendCode({ cellphone, code }: CodeMessage): Promise<void> {
    return this.lookup(cellphone, code, this.options.template);
  }

  sendCellphoneChanged({ cellphone, newCellphoneTail }: CellphoneChangedNotice): Promise<void> {
    if (!this.options.noticeTemplate)
      return Promise.reject(
        new SmsDeliveryError('no Kavenegar template for the cellphone-changed notice (KAVENEGAR_NOTICE_TEMPLATE)'),
      );
    return this.lookup(cellphone, newCellphoneTail, this.options.noticeTemplate);
  }

  private async lookup(receptor: string, token: string, template: string): Promise<void> {
    const url = new URL(`${this.baseUrl}/v1/${encodeURIComponent(this.options.apiKey)}/verify/lookup.json`);
    url.search = new URLSearchParams({ receptor, token, template }).toString();
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000) });
    } catch (error) {
      throw new SmsDeliveryError(`Kavenegar unreachable: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as KavenegarResponse;
    const status = body.return?.status ?? response.status;
    if (!response.ok || status !== 200) {
      throw new SmsDeliveryError(
        `Kavenegar refused the message: ${status} ${body.return?.message ?? response.statusText}`,
        status,
      );
    }
  }
}
