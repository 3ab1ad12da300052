// gRPC handlers: parse the request into domain values, call the domain, shape the answer.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { ServiceHandlers } from '@darmankar/platform/grpc';
import type { BillingService } from '@darmankar/proto/billing/v1/billing_pb';
import type { Orders } from '../domain/orders.ts';
import type { Payments } from '../domain/payments.ts';
import type { Plans } from '../domain/plans.ts';
import type { PurchasedPlans } from '../domain/purchases.ts';
import type { Resources } from '../domain/resources.ts';
import type { TopUps } from '../domain/top-ups.ts';
import type { SandboxProvider } from '../adapters/sandbox-payments.ts';
import type { DiscountCodes } from '../domain/discounts.ts';
import type { Invoices } from '../domain/invoices.ts';
import {
  kindName,
  methodName,
  orderMessage,
  paymentMessage,
  planMessage,
  purchasedPlanMessage,
  submitOutcomeMessage,
  walletMessage,
} from './messages.ts';
import { invoiceMessage } from './messages.ts';

export interface BillingDomain {
  plans: Plans;
  purchases: PurchasedPlans;
  orders: Orders;
  payments: Payments;
  resources: Resources;
  topUps: TopUps;
  /** Present only when the sandbox is the configured provider. */
  sandbox: SandboxProvider | null;
  invoices: Invoices;
  discounts: DiscountCodes;
}

export function billingHandlers(domain: BillingDomain): ServiceHandlers<typeof BillingService> {
  const { plans, purchases, orders, payments, resources, topUps } = domain;
  const sandbox = () => {
    if (!domain.sandbox) throw new DomainError('EXC_FINANCE_SANDBOX_IS_DISABLED');
    return domain.sandbox;
  };
  const pageInfo = (result: { page: number; pageSize: number; total: number }) => ({
    page: result.page,
    pageSize: result.pageSize,
    total: BigInt(result.total),
  });

  return {
    async listPlans() {
      return { items: (await plans.list()).map(planMessage) };
    },
    async listPurchasedPlans(request, context) {
      const result = await purchases.list(
        context.userId,
        request.employerId,
        request.page?.page,
        request.page?.pageSize,
      );
      return { items: result.items.map(purchasedPlanMessage), page: pageInfo(result) };
    },
    async getPurchasedPlan(request, context) {
      return {
        purchasedPlan: purchasedPlanMessage(await purchases.get(context.userId, request.employerId, request.id)),
      };
    },
    async activateReservedPlan(request, context) {
      return {
        purchasedPlan: purchasedPlanMessage(await purchases.activateReserved(context.userId, request.employerId)),
      };
    },
    async cancelReservedPlan(request, context) {
      const result = await purchases.cancelReserved(context.userId, request.employerId);
      return {
        purchasedPlan: purchasedPlanMessage(result.purchasedPlan),
        wallet: walletMessage(result.wallet, topUps.bounds),
      };
    },
    async getResources(request, context) {
      const { active, reserved, canActivateReserved } = await purchases.resources(context.userId, request.employerId);
      return {
        active: active ? purchasedPlanMessage(active) : undefined,
        reserved: reserved ? purchasedPlanMessage(reserved) : undefined,
        canActivateReserved,
      };
    },
    async getCurrentOrder(request, context) {
      const order = await orders.current(context.userId, request.employerId);
      return { order: order ? orderMessage(order) : undefined };
    },
    async getOrder(request, context) {
      return { order: orderMessage(await orders.get(context.userId, request.employerId, request.orderId)) };
    },
    async listOrders(request, context) {
      const result = await orders.list(context.userId, request.employerId, request.page?.page, request.page?.pageSize);
      return { items: result.items.map(orderMessage), page: pageInfo(result) };
    },
    async createCart(request, context) {
      return { order: orderMessage(await orders.createCart(context.userId, request.employerId, request.planId)) };
    },
    async updateCart(request, context) {
      return { order: orderMessage(await orders.updateCart(context.userId, request.orderId, request.planId)) };
    },
    async deleteCart(request, context) {
      await orders.deleteCart(context.userId, request.orderId);
      return {};
    },
    async applyDiscount(request, context) {
      return { order: orderMessage(await orders.applyDiscount(context.userId, request.employerId, request.code)) };
    },
    async removeDiscount(request, context) {
      return { order: orderMessage(await orders.removeDiscount(context.userId, request.orderId)) };
    },
    async startPayment(request, context) {
      const started = await payments.start(context.userId, request.orderId, methodName(request.method), context.signal);
      return { payment: paymentMessage(started.payment), redirectUrl: started.redirectUrl };
    },
    async submitPayment(request, context) {
      return submitOutcomeMessage(await payments.submit(request.authority, request.status, context.signal));
    },
    async getPayment(request, context) {
      return { payment: paymentMessage(await payments.get(context.userId, request.orderId, request.paymentId)) };
    },
    async getSandboxPayment(request) {
      const page = await sandbox().page(request.authority);
      return { amount: { rials: BigInt(page.amountRials) }, description: page.description, decided: page.decided };
    },
    async decideSandboxPayment(request) {
      return { redirectUrl: await sandbox().decide(request.authority, request.approve) };
    },
    async getWallet(request, context) {
      return { wallet: walletMessage(await purchases.wallet(context.userId, request.employerId), topUps.bounds) };
    },
    async startTopUp(request, context) {
      const started = await topUps.start(
        context.userId,
        request.employerId,
        request.amount?.rials ?? 0n,
        context.signal,
      );
      return { payment: paymentMessage(started.payment), redirectUrl: started.redirectUrl };
    },
    async getTopUp(request, context) {
      const found = await topUps.get(context.userId, request.employerId, request.paymentNumber);
      return { payment: paymentMessage(found.payment), balance: { rials: BigInt(found.balanceRials) } };
    },
    async getInvoice(request, context) {
      return {
        invoice: invoiceMessage(await domain.invoices.get(context.userId, request.employerId, request.orderId)),
      };
    },
    async getBannerDiscount() {
      return { code: (await domain.discounts.banner()) ?? undefined };
    },
    async consumeResource(request, context) {
      return {
        remaining: await resources.consume(
          context.userId,
          request.employerId,
          kindName(request.kind),
          request.referenceId,
        ),
      };
    },
    async releaseResource(request, context) {
      return {
        remaining: await resources.release(
          context.userId,
          request.employerId,
          kindName(request.kind),
          request.referenceId,
        ),
      };
    },
  };
}
