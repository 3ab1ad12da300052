// Paying the cart: from the wallet at once, or through the payment provider and back. The
// completion of an order is one transaction that locks the payment, then the employer, then the
// order; a repeated or concurrent submit of one authority finds the payment settled and answers
// the same outcome, so nothing is created twice (docs/billing.md).
import { randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Logger } from '@darmankar/platform/log';
import type { Database, OrderRow, PaymentRow, Transaction } from '../db/client.ts';
import { billingEvents } from '../events/billing-events.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { countUse, isUsable } from './discounts.ts';
import { isUuid } from '@darmankar/platform/input';
import { findOrder, lockOrder, type Orders } from './orders.ts';
import { currentPlans, grantPurchase, refuseWhenBothHeld, settleEnded } from './purchases.ts';
import { paymentView, type PaymentMethod, type PaymentView } from './views.ts';
import { lockEmployer, moveMoney } from './wallet.ts';

export interface PaymentsOptions {
  /** `${PUBLIC_WEB_URL}/orders/payment-callback`: where the provider sends the payer back. */
  callbackUrl: string;
  log?: Logger;
}

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
    await countUse(tx, code, order.planId, nowMs);
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

export class Payments {
  constructor(
    private readonly db: Database,
    private readonly orders: Orders,
    private readonly provider: PaymentProvider,
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
      // Said before the payer is sent away: the code expired or was used up since it was applied.
      const code = await this.db.discountCode.findUniqueOrThrow({ where: { id: order.discountCodeId } });
      if (!isUsable(code, order.planId, this.clock())) throw new DomainError('EXC_ORDERS_DISCOUNT_CODE_IS_INVALID');
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
          orderId,
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
          orderId,
          method: 'gateway',
          status: 'pending',
          amountRials: locked.totalRials,
          createdAt: new Date(this.clock()),
        },
      });
      return { payment: created, order: locked };
    });
    const plan = await this.db.plan.findUniqueOrThrow({ where: { id: order.planId } });
    try {
      signal?.throwIfAborted();
      const started = await this.provider.request(
        {
          amountRials: Number(payment.amountRials),
          description: `خرید بستهٔ ${plan.title}، سفارش ${order.number}`,
          callbackUrl: this.options.callbackUrl,
          orderId,
        },
        signal,
      );
      const row = await this.db.payment.update({ where: { id: payment.id }, data: { authority: started.authority } });
      return { payment: paymentView(row), redirectUrl: started.redirectUrl };
    } catch (error) {
      // Nothing was taken: the payment is failed and the cart stays, to be paid again.
      await this.db.payment.updateMany({
        where: { id: payment.id, status: 'pending' },
        data: { status: 'failed', completedAt: new Date(this.clock()) },
      });
      if (error instanceof DomainError) throw error;
      this.options.log?.warn({ err: error, orderId }, 'payment provider request failed');
      throw new DomainError('EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE');
    }
  }

  /**
   * The payer came back from the provider. NOK fails the payment; OK is verified with the
   * provider for the amount we asked it to take (our own payment row, never the request), and
   * a confirmed payment completes the order.
   */
  async submit(
    authority: string,
    rawStatus: string,
    signal?: AbortSignal,
  ): Promise<{ payment: PaymentView; employerId: string }> {
    const status = parseProviderStatus(rawStatus);
    const payment = authority ? await this.db.payment.findUnique({ where: { authority } }) : null;
    if (!payment) throw new DomainError('EXC_FINANCE_PAYMENT_NOT_FOUND');
    if (payment.status === 'pending') {
      if (status === 'NOK') await this.fail(payment.id);
      else await this.verifyAndComplete(payment, signal);
    }
    return this.outcome(payment.id);
  }

  private async outcome(paymentId: string): Promise<{ payment: PaymentView; employerId: string }> {
    const row = await this.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
    const order = await this.db.order.findUniqueOrThrow({ where: { id: row.orderId }, select: { employerId: true } });
    return { payment: paymentView(row), employerId: order.employerId };
  }

  private async fail(paymentId: string): Promise<void> {
    await this.db.payment.updateMany({
      where: { id: paymentId, status: 'pending' },
      data: { status: 'failed', completedAt: new Date(this.clock()) },
    });
  }

  private async verifyAndComplete(payment: PaymentRow, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    // Unreachable provider: EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE, nothing written; the payer may submit again.
    const verification = await this.provider.verify(payment.authority!, Number(payment.amountRials), signal);
    if (!verification.paid) {
      this.options.log?.info(
        { paymentId: payment.id, code: verification.code },
        'payment not confirmed by the provider',
      );
      await this.fail(payment.id);
      return;
    }
    await this.db.$transaction(async (tx) => {
      const now = this.clock();
      // The payment's lock first: a concurrent submit of the same authority waits here and then finds it settled.
      await tx.$executeRaw`SELECT 1 FROM payments WHERE id = ${payment.id}::uuid FOR UPDATE`;
      const locked = await tx.payment.findUniqueOrThrow({ where: { id: payment.id } });
      if (locked.status === 'paid' || locked.reference !== null) return;
      const { employerId } = await findOrder(tx, locked.orderId);
      await lockEmployer(tx, employerId, now);
      const order = await lockOrder(tx, locked.orderId);
      const receipt = { reference: verification.reference, card: verification.card };
      if (locked.status === 'pending' && (await this.canComplete(tx, order, locked, now))) {
        await completeOrder(tx, order, locked.id, receipt, now);
        return;
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
      this.options.log?.warn(
        { paymentId: locked.id, orderId: order.id },
        'a confirmed payment could not complete its order; credited to the wallet',
      );
    });
  }

  /** Whether the order can still be completed by this payment, checked under the locks. */
  private async canComplete(tx: Transaction, order: OrderRow, payment: PaymentRow, nowMs: number): Promise<boolean> {
    if (order.status !== 'pending' || order.totalRials !== payment.amountRials) return false;
    if (order.discountCodeId) {
      await tx.$executeRaw`SELECT 1 FROM discount_codes WHERE id = ${order.discountCodeId}::uuid FOR UPDATE`;
      const code = await tx.discountCode.findUniqueOrThrow({ where: { id: order.discountCodeId } });
      if (!isUsable(code, order.planId, nowMs)) return false;
    }
    const active = await settleEnded(tx, order.employerId, nowMs);
    const { reserved } = await currentPlans(tx, order.employerId, nowMs);
    return !(active && reserved);
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
