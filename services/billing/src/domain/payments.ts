// Paying the cart: from the wallet at once, or through the payment provider and back. Only the
// provider's verify proves a payment: the payer's return (SubmitPayment) and reconciliation both
// just ask it, and a confirmed payment is settled in one transaction that locks the payment,
// then the employer, then the order. Whoever comes second finds the payment settled, so nothing
// is completed or credited twice (docs/billing.md, docs/adr/022).
import { randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Logger } from '@darmankar/platform/log';
import type { Database, OrderRow, PaymentRow, Transaction } from '../db/client.ts';
import { billingEvents } from '../events/billing-events.ts';
import type { PaymentProvider, PaymentRequest, PaymentStarted, Verification } from './payment-provider.ts';
import { codeStillApplies, countUse, requireUsableBy } from './discounts.ts';
import { isUuid } from '@darmankar/platform/input';
import { findOrder, lockOrder, type Orders } from './orders.ts';
import { currentPlans, grantPurchase, refuseWhenBothHeld, settleEnded } from './purchases.ts';
import { paymentView, type PaymentMethod, type PaymentPurpose, type PaymentStatus, type PaymentView } from './views.ts';
import { creditTopUp, lockEmployer, moveMoney } from './wallet.ts';

export interface PaymentsOptions {
  /** `${PUBLIC_WEB_URL}/orders/payment-callback`: where the provider sends the payer back. */
  callbackUrl: string;
  log?: Logger;
}

/** What the provider's return carries as Status; checked, but never believed (only verify is). */
export type ProviderStatus = 'OK' | 'NOK';

function parseMethod(value: string): PaymentMethod {
  if (value !== 'gateway' && value !== 'wallet') throw new DomainError('EXC_FINANCE_PAYMENT_METHOD_IS_INVALID');
  return value;
}

function parseProviderStatus(value: string): ProviderStatus {
  if (value !== 'OK' && value !== 'NOK') throw new DomainError('EXC_FINANCE_PAYMENT_STATUS_IS_INVALID');
  return value;
}

/** What money was received for: the payment's proof from the provider, or the wallet. */
interface Receipt {
  reference: string | null;
  card: string | null;
}

/**
 * Marks the order paid and everything that follows, inside the caller's transaction (employer
 * and order locked, payment already written): the discount's use counted (refused when the last
 * use went elsewhere), the purchased plan, the payment paid, and OrderPaid in the outbox.
 */
async function completeOrder(
  tx: Transaction,
  order: OrderRow,
  paymentId: string,
  receipt: Receipt,
  nowMs: number,
): Promise<void> {
  const now = new Date(nowMs);
  if (order.discountCodeId) {
    const code = await tx.discountCode.findUniqueOrThrow({ where: { id: order.discountCodeId } });
    await countUse(tx, code, order, nowMs);
  }
  const plan = await tx.plan.findUniqueOrThrow({ where: { id: order.planId } });
  const purchased = await grantPurchase(tx, order, plan, nowMs);
  await tx.payment.update({
    where: { id: paymentId },
    data: { status: 'paid', reference: receipt.reference, card: receipt.card, completedAt: now },
  });
  await tx.order.update({ where: { id: order.id }, data: { status: 'paid', paidAt: now } });
  await billingEvents.orderPaid(
    tx,
    {
      employerId: order.employerId,
      orderId: order.id,
      orderNumber: order.number,
      total: { rials: order.totalRials },
      planId: plan.id,
      purchasedPlanId: purchased.id,
      reserved: purchased.status === 'reserved',
    },
    nowMs,
  );
}

/**
 * Asks the provider for the pending payment `payment` and keeps its authority. A provider that
 * refuses or cannot be reached took nothing: the payment is failed and
 * EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE thrown.
 */
export async function askProvider(
  db: Database,
  provider: PaymentProvider,
  payment: PaymentRow,
  request: Omit<PaymentRequest, 'amountRials'>,
  context: { clock: Clock; log?: Logger; signal?: AbortSignal },
): Promise<{ payment: PaymentRow; redirectUrl: string }> {
  let started: PaymentStarted;
  try {
    context.signal?.throwIfAborted();
    started = await provider.request({ ...request, amountRials: Number(payment.amountRials) }, context.signal);
  } catch (error) {
    await db.payment.updateMany({
      where: { id: payment.id, status: 'pending' },
      data: { status: 'failed', completedAt: new Date(context.clock()) },
    });
    if (error instanceof DomainError) throw error;
    context.log?.warn({ err: error, paymentId: payment.id }, 'payment provider request failed');
    throw new DomainError('EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE');
  }
  const row = await db.payment.update({ where: { id: payment.id }, data: { authority: started.authority } });
  return { payment: row, redirectUrl: started.redirectUrl };
}

/** What settling a payment the provider confirmed did. */
export type Settled =
  /** Its order completed (plan granted, OrderPaid). */
  | 'completed'
  /** Its top-up credited to the wallet (WalletToppedUp). */
  | 'credited'
  /** Its order could no longer take it: the money went to the wallet and the payment stays failed (ADR 022). */
  | 'unmatched'
  /** Someone else (a concurrent submit or reconciliation run) settled it first: nothing done. */
  | 'settled_before';

/**
 * Verify and settle, shared by the payer's return and reconciliation so both do exactly the
 * same: the provider is asked outside any transaction, with the amount from our own payment
 * row, and only its confirmation changes anything.
 */
export class PaymentSettlement {
  constructor(
    private readonly db: Database,
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
    private readonly log?: Logger,
  ) {}

  /**
   * Asks the provider about `payment` (which has an authority) and settles it when confirmed.
   * Throws EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE when the provider cannot be reached:
   * nothing is decided then.
   */
  async verify(
    payment: PaymentRow,
    signal?: AbortSignal,
  ): Promise<{ verification: Verification; settled: Settled | null }> {
    signal?.throwIfAborted();
    const verification = await this.provider.verify(payment.authority!, Number(payment.amountRials), signal);
    if (!verification.paid) return { verification, settled: null };
    const settled = await this.settle(payment.id, { reference: verification.reference, card: verification.card });
    return { verification, settled };
  }

  private async settle(paymentId: string, receipt: Receipt): Promise<Settled> {
    return this.db.$transaction(async (tx) => {
      const now = this.clock();
      // The payment's lock first: a concurrent settle of the same payment waits here and then finds it settled.
      await tx.$executeRaw`SELECT 1 FROM payments WHERE id = ${paymentId}::uuid FOR UPDATE`;
      const locked = await tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
      if (locked.status === 'paid' || locked.reference !== null) return 'settled_before';
      if (locked.purpose === 'top_up') {
        // A top-up failed for want of confirmation whose money arrived after all is still the payer's:
        // credited all the same.
        if (locked.status !== 'pending')
          this.log?.warn({ paymentId }, 'a top-up confirmed after it was failed; credited');
        await creditTopUp(tx, locked, receipt, now);
        return 'credited';
      }
      const orderId = locked.orderId!;
      const { employerId } = await findOrder(tx, orderId);
      await lockEmployer(tx, employerId, now);
      const order = await lockOrder(tx, orderId);
      if (locked.status === 'pending' && (await this.canComplete(tx, order, locked, now))) {
        await completeOrder(tx, order, locked.id, receipt, now);
        return 'completed';
      }
      // The provider took the money but the order cannot take it any more (cancelled or changed
      // meanwhile, paid otherwise, its discount's last use gone, or no room for another plan):
      // the money goes to the employer's wallet, never lost, and the payment stays failed.
      await tx.payment.update({
        where: { id: locked.id },
        data: { status: 'failed', reference: receipt.reference, card: receipt.card, completedAt: new Date(now) },
      });
      await moveMoney(
        tx,
        {
          employerId,
          amountRials: locked.amountRials,
          reason: 'unmatched_payment',
          orderId: order.id,
          paymentId: locked.id,
        },
        now,
      );
      this.log?.warn(
        { paymentId: locked.id, orderId: order.id },
        'a confirmed payment could not complete its order; credited to the wallet',
      );
      return 'unmatched';
    });
  }

  /** Whether the order can still be completed by this payment, checked under the locks. */
  private async canComplete(tx: Transaction, order: OrderRow, payment: PaymentRow, nowMs: number): Promise<boolean> {
    if (order.status !== 'pending' || order.totalRials !== payment.amountRials) return false;
    if (order.discountCodeId) {
      const code = await tx.discountCode.findUniqueOrThrow({ where: { id: order.discountCodeId } });
      if (!(await codeStillApplies(tx, code, order, nowMs))) return false;
    }
    const active = await settleEnded(tx, order.employerId, nowMs);
    const { reserved } = await currentPlans(tx, order.employerId, nowMs);
    return !(active && reserved);
  }
}

/** What the payer's return answers: only what the outcome page shows, as anyone may hold the authority. */
export interface SubmitOutcome {
  status: PaymentStatus;
  purpose: PaymentPurpose;
  /** The order paid for (purpose order). */
  orderId: string | null;
  /** The top-up's number (purpose top_up). */
  paymentNumber: number | null;
}

export class Payments {
  constructor(
    private readonly db: Database,
    private readonly orders: Orders,
    private readonly provider: PaymentProvider,
    private readonly settlement: PaymentSettlement,
    private readonly clock: Clock,
    private readonly options: PaymentsOptions,
  ) {}

  async start(
    userId: string | undefined,
    orderId: string,
    method: string,
    signal?: AbortSignal,
  ): Promise<{ payment: PaymentView; redirectUrl: string }> {
    const how = parseMethod(method);
    const order = await this.orders.accessibleOrder(userId, orderId);
    if (order.status !== 'pending') throw new DomainError('EXC_ORDERS_ORDER_IS_NOT_PENDING');
    await refuseWhenBothHeld(this.db, order.employerId, this.clock());
    if (order.discountCodeId) {
      // Said before the payer is sent away: the code expired, was used up or disabled since it was
      // applied, or this employer may no longer use it.
      const code = await this.db.discountCode.findUnique({ where: { id: order.discountCodeId } });
      await requireUsableBy(this.db, code, order, this.clock());
    }
    // The wallet, or nothing to pay (a discount took it all): completed here, no provider.
    if (how === 'wallet' || order.totalRials === 0n)
      return { payment: await this.payAtOnce(order.id, how), redirectUrl: '' };
    return this.sendToProvider(order.id, signal);
  }

  /** Debit (if any), payment, order and purchased plan in one transaction. */
  private async payAtOnce(orderId: string, method: PaymentMethod): Promise<PaymentView> {
    const row = await this.db.$transaction(async (tx) => {
      const now = this.clock();
      const { employerId } = await findOrder(tx, orderId);
      await lockEmployer(tx, employerId, now);
      const order = await lockOrder(tx, orderId);
      if (order.status !== 'pending') throw new DomainError('EXC_ORDERS_ORDER_IS_NOT_PENDING');
      const payment = await tx.payment.create({
        data: {
          id: randomUUID(),
          purpose: 'order',
          orderId,
          employerId,
          method,
          status: 'pending',
          amountRials: order.totalRials,
          createdAt: new Date(now),
        },
      });
      if (order.totalRials > 0n) {
        await moveMoney(
          tx,
          { employerId, amountRials: -order.totalRials, reason: 'order_payment', orderId, paymentId: payment.id },
          now,
        );
      }
      await completeOrder(tx, order, payment.id, { reference: null, card: null }, now);
      return tx.payment.findUniqueOrThrow({ where: { id: payment.id } });
    });
    return paymentView(row);
  }

  /** A pending payment for the order's total, then the provider's authority (or the payment failed). */
  private async sendToProvider(
    orderId: string,
    signal?: AbortSignal,
  ): Promise<{ payment: PaymentView; redirectUrl: string }> {
    const { payment, order } = await this.db.$transaction(async (tx) => {
      const locked = await lockOrder(tx, orderId);
      if (locked.status !== 'pending') throw new DomainError('EXC_ORDERS_ORDER_IS_NOT_PENDING');
      const created = await tx.payment.create({
        data: {
          id: randomUUID(),
          purpose: 'order',
          orderId,
          employerId: locked.employerId,
          method: 'gateway',
          status: 'pending',
          amountRials: locked.totalRials,
          createdAt: new Date(this.clock()),
        },
      });
      return { payment: created, order: locked };
    });
    const plan = await this.db.plan.findUniqueOrThrow({ where: { id: order.planId } });
    const asked = await askProvider(
      this.db,
      this.provider,
      payment,
      {
        description: `خرید بستهٔ ${plan.title}، سفارش ${order.number}`,
        callbackUrl: this.options.callbackUrl,
        orderId,
      },
      { clock: this.clock, log: this.options.log, signal },
    );
    return { payment: paymentView(asked.payment), redirectUrl: asked.redirectUrl };
  }

  /**
   * The provider sent the payer back (or anyone holding the authority called). Whatever Status
   * says, a pending payment is only verified with the provider for our own amount: confirmed, it
   * is settled; not confirmed, it stays pending (the payer may still pay; reconciliation fails it
   * after the payment window). A callback never fails a payment, so holding an authority cannot
   * spoil the payer's attempt.
   */
  async submit(authority: string, rawStatus: string, signal?: AbortSignal): Promise<SubmitOutcome> {
    parseProviderStatus(rawStatus);
    const payment = authority ? await this.db.payment.findUnique({ where: { authority } }) : null;
    if (!payment) throw new DomainError('EXC_FINANCE_PAYMENT_NOT_FOUND');
    if (payment.status === 'pending') {
      // Unreachable provider: EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE, nothing written; the payer may submit again.
      const { verification } = await this.settlement.verify(payment, signal);
      if (!verification.paid)
        this.options.log?.info(
          { paymentId: payment.id, code: verification.code },
          'payment not confirmed by the provider; left pending',
        );
    }
    const row = await this.db.payment.findUniqueOrThrow({ where: { id: payment.id } });
    const view = paymentView(row);
    return {
      status: view.status,
      purpose: view.purpose,
      orderId: view.purpose === 'order' ? view.orderId : null,
      paymentNumber: view.purpose === 'top_up' ? view.number : null,
    };
  }

  async get(userId: string | undefined, orderId: string, paymentId: string): Promise<PaymentView> {
    const order = await this.orders.accessibleOrder(userId, orderId);
    const row = isUuid(paymentId)
      ? await this.db.payment.findFirst({ where: { id: paymentId, orderId: order.id } })
      : null;
    if (!row) throw new DomainError('EXC_FINANCE_PAYMENT_NOT_FOUND');
    return paymentView(row);
  }
}
