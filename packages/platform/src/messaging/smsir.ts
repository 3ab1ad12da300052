// sms.ir (api.sms.ir, API v1): a message with a template goes through send/verify (the
// template's numeric id and its parameters by name), any other through send/bulk from the
// configured line number. The API key travels in the x-api-key header; the JSON answer's
// `status` is 1 when the message was accepted.
import { callProvider, retryableHttpStatus } from './provider-call.ts';
import { DeliveryError, type SmsMessage, type SmsSender } from './types.ts';

export interface SmsIrOptions {
  apiKey: string;
  /** The line number of plain (template-less) messages. */
  lineNumber?: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * A template as configured: its numeric id, optionally followed by the names of its
 * parameters (`123456:CODE`, `654321:NAME,DATE`). Without names they are TOKEN, TOKEN2,
 * TOKEN3…, matching Kavenegar's token, token2, token3.
 */
export const SMSIR_TEMPLATE_PATTERN = /^\d+(:[A-Za-z][A-Za-z0-9_]*(,[A-Za-z][A-Za-z0-9_]*)*)?$/;

export function smsirTemplate(name: string): { templateId: number; parameterNames: string[] | undefined } {
  if (!SMSIR_TEMPLATE_PATTERN.test(name))
    throw new DeliveryError(`not an sms.ir template id: ${JSON.stringify(name)} (e.g. 123456 or 123456:CODE)`, false);
  const [id, names] = name.split(':');
  return { templateId: Number(id), parameterNames: names?.split(',') };
}

export class SmsIrSms implements SmsSender {
  private readonly baseUrl: string;

  constructor(private readonly options: SmsIrOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://api.sms.ir').replace(/\/+$/, '');
  }

  async send(message: SmsMessage, signal?: AbortSignal): Promise<void> {
    if (message.template) {
      const { templateId, parameterNames } = smsirTemplate(message.template.name);
      const { tokens } = message.template;
      if (parameterNames && parameterNames.length !== tokens.length)
        throw new DeliveryError(
          `sms.ir template ${templateId} names ${parameterNames.length} parameters, the message has ${tokens.length} tokens`,
          false,
        );
      const parameters = tokens.map((value, i) => ({
        name: parameterNames?.[i] ?? (i === 0 ? 'TOKEN' : `TOKEN${i + 1}`),
        value,
      }));
      return this.call('send/verify', { mobile: message.to, templateId, parameters }, signal);
    }
    if (!this.options.lineNumber)
      throw new DeliveryError('an sms.ir message without a template needs a line number (SMSIR_LINE_NUMBER)', false);
    return this.call(
      'send/bulk',
      { lineNumber: Number(this.options.lineNumber), messageText: message.text, mobiles: [message.to] },
      signal,
    );
  }

  private async call(method: string, body: object, signal?: AbortSignal): Promise<void> {
    const answer = await callProvider(
      'sms.ir',
      new URL(`${this.baseUrl}/v1/${method}`),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': this.options.apiKey },
        body: JSON.stringify(body),
      },
      this.options.timeoutMs ?? 10_000,
      signal,
    );
    const result = answer.body as { status?: unknown; message?: unknown } | undefined;
    const status = typeof result?.status === 'number' ? result.status : undefined;
    if (answer.httpStatus >= 200 && answer.httpStatus < 300 && status === 1) return;
    const retryable = retryableHttpStatus(answer.httpStatus);
    throw new DeliveryError(
      `sms.ir ${retryable ? 'failed' : 'refused the message'}: HTTP ${answer.httpStatus}, status ${status ?? '-'} ${typeof result?.message === 'string' ? result.message : ''}`.trim(),
      retryable,
      status ?? answer.httpStatus,
    );
  }
}
