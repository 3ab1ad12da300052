// Topping the wallet up through the payment provider. A top-up is a payment with no order: it is
// asked for like an order's payment, the payer comes back through the same SubmitPayment, and
// the provider's confirmation credits the wallet once (payments.ts settles it, wallet.ts credits).
import { randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Logger } from '@darmankar/platform/log';
import type { Database } from '../db/client.ts';
import type { AccessCheck } from './access.ts';
import { requireEmployerId } from './input.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { askProvider } from './payments.ts';
import { paymentView, type PaymentView } from './views.ts';

/** The bounds of one top-up, rials (TOP_UP_MIN_RIALS, TOP_UP_MAX_RIALS). */
export interface TopUpBounds {
  minRials: number;
  maxRials: number;
}

export interface TopUpsOptions {
  bounds: TopUpBounds;
  /** `${PUBLIC_WEB_URL}/orders/payment-callback`, shared with orders' payments. */
  callbackUrl: string;
  log?: Logger;
}

function parseAmount(amountRials: bigint, bounds: TopUpBounds): bigint {
  if (amountRials < BigInt(bounds.minRials) || amountRials > BigInt(bounds.maxRials))
    throw new DomainError('EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID');
  return amountRials;
}

/** A payment number as people type it: a positive whole number. */
function parsePaymentNumber(paymentNumber: bigint): bigint {
  if (paymentNumber <= 0n) throw new DomainError('EXC_FINANCE_PAYMENT_NUMBER_IS_INVALID');
  return paymentNumber;
}

export class TopUps {
  constructor(
    private readonly db: Database,
    private readonly access: AccessCheck,
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
    private readonly options: TopUpsOptions,
  ) {}

  get bounds(): TopUpBounds {
    return this.options.bounds;
  }

  /** A pending top-up payment, then the provider's page to send the payer to. */
  async start(
    userId: string | undefined,
    employerId: string,
    amountRials: bigint,
    signal?: AbortSignal,
  ): Promise<{ payment: PaymentView; redirectUrl: string }> {
    requireEmployerId(employerId);
    const amount = parseAmount(amountRials, this.options.bounds);
    await this.access.require(userId, employerId, 'Billing');
    const payment = await this.db.payment.create({
      data: {
        id: randomUUID(),
        purpose: 'top_up',
        orderId: null,
        employerId,
        method: 'gateway',
        status: 'pending',
        amountRials: amount,
        createdAt: new Date(this.clock()),
      },
    });
    const asked = await askProvider(
      this.db,
      this.provider,
      payment,
      { description: `شارژ کیف پول درمان‌کار، پرداخت ${payment.number}`, callbackUrl: this.options.callbackUrl },
      { clock: this.clock, log: this.options.log, signal },
    );
    return { payment: paymentView(asked.payment), redirectUrl: asked.redirectUrl };
  }

  /** The employer's top-up by its number, and the wallet's balance now; another employer's number is not found. */
  async get(
    userId: string | undefined,
    employerId: string,
    paymentNumber: bigint,
  ): Promise<{ payment: PaymentView; balanceRials: number }> {
    requireEmployerId(employerId);
    const number = parsePaymentNumber(paymentNumber);
    await this.access.require(userId, employerId, 'Billing');
    const [row, wallet] = await Promise.all([
      this.db.payment.findFirst({ where: { number, employerId, purpose: 'top_up' } }),
      this.db.wallet.findUnique({ where: { employerId } }),
    ]);
    if (!row) throw new DomainError('EXC_FINANCE_PAYMENT_NOT_FOUND');
    return { payment: paymentView(row), balanceRials: Number(wallet?.balanceRials ?? 0n) };
  }
}
