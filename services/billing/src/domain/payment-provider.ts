// The port every payment provider implements: ask for a payment (an authority and the page to
// send the payer to), then verify it when the payer comes back or when reconciliation asks.
// Verify is the only proof of payment: what the payer's browser says is never believed.
// Amounts are rials.

export interface PaymentRequest {
  amountRials: number;
  description: string;
  /** Where the provider sends the payer back, with Authority and Status in the query. */
  callbackUrl: string;
  /** The order it pays, for the provider's records; none for a top-up. */
  orderId?: string;
}

export interface PaymentStarted {
  authority: string;
  redirectUrl: string;
}

export type Verification =
  /** The money was taken: now (`alreadyVerified` false) or by an earlier verify of the same authority. */
  | { paid: true; alreadyVerified: boolean; reference: string; card: string | null }
  /**
   * The provider does not confirm it (now): the payer has not paid yet or cancelled, the bank
   * refused, the amount differs, or the provider does not know the authority.
   */
  | { paid: false; code: string };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'zarinpal';
  /** Throws EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE when the provider refuses or cannot be reached. */
  request(payment: PaymentRequest, signal?: AbortSignal): Promise<PaymentStarted>;
  /**
   * Asks whether `authority` was paid `amountRials` (the amount from our own payment row). Throws
   * EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE when the provider cannot be reached: nothing is
   * decided then, and the payer may submit again or reconciliation asks later.
   */
  verify(authority: string, amountRials: number, signal?: AbortSignal): Promise<Verification>;
}
