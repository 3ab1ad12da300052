// Zarinpal's REST API v4 (https://www.zarinpal.com/docs/paymentGateway/): payment/request
// gives an authority, the payer pays on StartPay/{authority}, payment/verify confirms it.
// Code 100 is success, 101 a payment verified before; errors come as { errors: { code, message } }.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Logger } from '@darmankar/platform/log';
import type { PaymentProvider, PaymentRequest, PaymentStarted, Verification } from '../domain/payment-provider.ts';

export interface ZarinpalOptions {
  merchantId: string;
  /** https://payment.zarinpal.com or https://sandbox.zarinpal.com. */
  baseUrl: string;
  timeoutMs: number;
  log?: Logger;
}

interface ZarinpalAnswer {
  data?: { code?: number; authority?: string; ref_id?: number | string; card_pan?: string } | unknown[];
  errors?: { code?: number; message?: string } | unknown[];
}

const PAID = 100;
const ALREADY_VERIFIED = 101;

export function createZarinpalProvider(options: ZarinpalOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');

  // One POST; anything but a JSON answer within the time limit means the provider is unavailable.
  async function post(path: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<ZarinpalAnswer> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      return (await response.json()) as ZarinpalAnswer;
    } catch (error) {
      options.log?.warn({ err: error, path }, 'zarinpal: no answer');
      throw new DomainError('EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE');
    }
  }

  const dataOf = (answer: ZarinpalAnswer) => (answer.data && !Array.isArray(answer.data) ? answer.data : {});
  const errorCodeOf = (answer: ZarinpalAnswer) =>
    answer.errors && !Array.isArray(answer.errors) ? answer.errors.code : undefined;

  return {
    name: 'zarinpal',
    async request(payment: PaymentRequest, signal?: AbortSignal): Promise<PaymentStarted> {
      const answer = await post(
        '/pg/v4/payment/request.json',
        {
          merchant_id: options.merchantId,
          amount: payment.amountRials,
          currency: 'IRR',
          description: payment.description,
          callback_url: payment.callbackUrl,
          ...(payment.orderId ? { metadata: { order_id: payment.orderId } } : {}),
        },
        signal,
      );
      const data = dataOf(answer);
      if (data.code !== PAID || typeof data.authority !== 'string' || data.authority === '') {
        options.log?.warn(
          { code: data.code ?? errorCodeOf(answer), orderId: payment.orderId, description: payment.description },
          'zarinpal: payment request refused',
        );
        throw new DomainError('EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE');
      }
      return { authority: data.authority, redirectUrl: `${base}/pg/StartPay/${encodeURIComponent(data.authority)}` };
    },
    async verify(authority: string, amountRials: number, signal?: AbortSignal): Promise<Verification> {
      const answer = await post(
        '/pg/v4/payment/verify.json',
        { merchant_id: options.merchantId, amount: amountRials, authority },
        signal,
      );
      const data = dataOf(answer);
      if (data.code === PAID || data.code === ALREADY_VERIFIED) {
        return {
          paid: true,
          alreadyVerified: data.code === ALREADY_VERIFIED,
          reference: String(data.ref_id ?? ''),
          card: data.card_pan ?? null,
        };
      }
      return { paid: false, code: String(data.code ?? errorCodeOf(answer) ?? 'unknown') };
    },
  };
}
