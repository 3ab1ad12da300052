// Kavenegar (api.kavenegar.com): a message with a template goes through verify/lookup, the
// template approved in Kavenegar's panel with its tokens as token, token2, token3; any other
// through sms/send.json from the configured sender line. The API key is part of the path;
// parameters travel as a form body. Every answer is `{ return: { status, message }, entries }`
// with the HTTP status equal to `return.status` (200 = accepted).
import { callProvider, retryableHttpStatus } from './provider-call.ts';
import { DeliveryError, type SmsMessage, type SmsSender } from './types.ts';

export interface KavenegarOptions {
  apiKey: string;
  /** The sender line of plain (template-less) messages. */
  sender?: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/** Kavenegar names the tokens of a lookup template token, token2, token3. */
const TOKEN_PARAMETERS = ['token', 'token2', 'token3'] as const;

/** Kavenegar's 409: "the server cannot answer now, try later". */
const KAVENEGAR_BUSY = 409;

export class KavenegarSms implements SmsSender {
  private readonly baseUrl: string;

  constructor(private readonly options: KavenegarOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://api.kavenegar.com').replace(/\/+$/, '');
  }

  async send(message: SmsMessage, signal?: AbortSignal): Promise<void> {
    if (message.template) {
      const { name, tokens } = message.template;
      if (tokens.length === 0 || tokens.length > TOKEN_PARAMETERS.length)
        throw new DeliveryError(`a Kavenegar template takes 1 to 3 tokens, not ${tokens.length}`, false);
      const params = new URLSearchParams({ receptor: message.to, template: name });
      tokens.forEach((token, i) => params.set(TOKEN_PARAMETERS[i]!, token));
      return this.call('verify/lookup.json', params, signal);
    }
    if (!this.options.sender)
      throw new DeliveryError('a Kavenegar message without a template needs a sender line (KAVENEGAR_SENDER)', false);
    return this.call(
      'sms/send.json',
      new URLSearchParams({ receptor: message.to, sender: this.options.sender, message: message.text }),
      signal,
    );
  }

  private async call(method: string, params: URLSearchParams, signal?: AbortSignal): Promise<void> {
    const url = new URL(`${this.baseUrl}/v1/${encodeURIComponent(this.options.apiKey)}/${method}`);
    const answer = await callProvider(
      'Kavenegar',
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
        body: params.toString(),
      },
      this.options.timeoutMs ?? 10_000,
      signal,
    );
    const result = (answer.body as { return?: { status?: unknown; message?: unknown } } | undefined)?.return;
    const status = typeof result?.status === 'number' ? result.status : answer.httpStatus;
    if (answer.httpStatus === 200 && status === 200) return;
    const retryable = retryableHttpStatus(answer.httpStatus) || status === KAVENEGAR_BUSY;
    throw new DeliveryError(
      `Kavenegar ${retryable ? 'failed' : 'refused the message'}: ${status} ${typeof result?.message === 'string' ? result.message : ''}`.trim(),
      retryable,
      status,
    );
  }
}
