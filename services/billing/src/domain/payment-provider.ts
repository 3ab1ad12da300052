// The port every payment provider implements: ask for a payment (an authority and the page to
// send the payer to), then verify it when the payer comes back. Amounts are rials.

export interface PaymentRequest {
  amountRials: number;
  description: string;
  /** Where the provider sends the payer back, with Authority and Status in the query. */
  callbackUrl: string;
  orderId: string;
}

export interface PaymentStarted {
  authority: string;
  redirectUrl: string;
}

export type Verification =
  /** The money was taken: now (`alreadyVerified` false) or by an earlier verify of the same authority. */
  | { paid: true; alreadyVerified: boolean; reference: string; card: string | null }
  /** The provider does not confirm it: the payer cancelled, the bank refused, or the amount differs. */
  | { paid: false; code: string };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'zarinpal';
  /** Throws EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE when the provider refuses or cannot be reached. */
  request(payment: PaymentRequest, signal?: AbortSignal): Promise<PaymentStarted>;
  /**
   * Asks whether `authority` was paid `amountRials` (the amount from our own order). Throws
   * EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE when the provider cannot be reached: nothing is
   * decided then, and the payer may submit again.
   */
  verify(authority: string, amountRials: number, signal?: AbortSignal): Promise<Verification>;
}
