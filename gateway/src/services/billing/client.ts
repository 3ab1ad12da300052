// The one adapter between the gateway and the billing service: REST-shaped calls in, gRPC
// calls out, protobuf messages turned into the JSON of the REST contract (./json.ts).
import { createClient, createHealthChecker, type CallOptions, type ClientOptions } from '@darmankar/platform/grpc';
import { BillingService } from '@darmankar/proto/billing/v1/billing_pb';
import type { CallMeta } from '../../http/route.ts';
import {
  invoiceJson,
  orderJson,
  pageInfoJson,
  PAYMENT_METHOD_OF,
  paymentJson,
  planJson,
  purchasedPlanJson,
  rialsOf,
  submitPaymentJson,
  walletJson,
  type BannerDiscountJson,
  type InvoiceJson,
  type OrderJson,
  type PageInfoJson,
  type PaymentJson,
  type PlanJson,
  type PurchasedPlanJson,
  type SubmitPaymentJson,
  type TopUpStateJson,
  type WalletJson,
} from './json.ts';

const options = (meta: CallMeta): CallOptions => ({
  requestId: meta.requestId,
  userId: meta.userId,
  clientAddress: meta.clientAddress,
});

/** 0 asks the service for its defaults (the first page, its page size). */
export interface PageQuery {
  page: number;
  pageSize: number;
}
const pageRequest = (query: PageQuery) => ({ page: query.page, pageSize: query.pageSize, order: '' });

export interface BillingAdapter {
  plans(meta: CallMeta): Promise<PlanJson[]>;
  purchasedPlans(
    employerId: string,
    query: PageQuery,
    meta: CallMeta,
  ): Promise<{ items: PurchasedPlanJson[]; page: PageInfoJson }>;
  purchasedPlan(employerId: string, id: string, meta: CallMeta): Promise<PurchasedPlanJson>;
  resources(
    employerId: string,
    meta: CallMeta,
  ): Promise<{ active: PurchasedPlanJson | null; reserved: PurchasedPlanJson | null; canActivateReserved: boolean }>;
  activateReserved(employerId: string, meta: CallMeta): Promise<PurchasedPlanJson>;
  cancelReserved(employerId: string, meta: CallMeta): Promise<{ purchasedPlan: PurchasedPlanJson; wallet: WalletJson }>;
  /** The open cart, or null when there is none. */
  currentOrder(employerId: string, meta: CallMeta): Promise<OrderJson | null>;
  order(employerId: string, orderId: string, meta: CallMeta): Promise<OrderJson>;
  orders(employerId: string, query: PageQuery, meta: CallMeta): Promise<{ items: OrderJson[]; page: PageInfoJson }>;
  createCart(employerId: string, planId: string, meta: CallMeta): Promise<OrderJson>;
  updateCart(orderId: string, planId: string, meta: CallMeta): Promise<OrderJson>;
  deleteCart(orderId: string, meta: CallMeta): Promise<void>;
  applyDiscount(employerId: string, code: string, meta: CallMeta): Promise<OrderJson>;
  removeDiscount(orderId: string, meta: CallMeta): Promise<OrderJson>;
  startPayment(
    orderId: string,
    method: PaymentJson['method'],
    meta: CallMeta,
  ): Promise<{ payment: PaymentJson; redirectUrl: string }>;
  /** The provider's callback; the answer says only what the outcome page shows. */
  submitPayment(authority: string, status: string, meta: CallMeta): Promise<SubmitPaymentJson>;
  payment(orderId: string, paymentId: string, meta: CallMeta): Promise<PaymentJson>;
  wallet(employerId: string, meta: CallMeta): Promise<WalletJson>;
  startTopUp(
    employerId: string,
    amountRials: number,
    meta: CallMeta,
  ): Promise<{ payment: PaymentJson; redirectUrl: string }>;
  topUp(employerId: string, paymentNumber: number, meta: CallMeta): Promise<TopUpStateJson>;
  invoice(employerId: string, orderId: string, meta: CallMeta): Promise<InvoiceJson>;
  bannerDiscount(meta: CallMeta): Promise<BannerDiscountJson>;
  sandboxPayment(
    authority: string,
    meta: CallMeta,
  ): Promise<{ amountRials: number; description: string; decided: boolean }>;
  decideSandboxPayment(authority: string, approve: boolean, meta: CallMeta): Promise<{ redirectUrl: string }>;
  isServing(timeoutMs: number): Promise<boolean>;
  close(): void;
}

export function createBillingAdapter(address: string, defaults: ClientOptions): BillingAdapter {
  const client = createClient(BillingService, address, defaults);
  const health = createHealthChecker(address);
  return {
    async plans(meta) {
      return (await client.listPlans({}, options(meta))).items.map(planJson);
    },
    async purchasedPlans(employerId, query, meta) {
      const answer = await client.listPurchasedPlans({ employerId, page: pageRequest(query) }, options(meta));
      return { items: answer.items.map(purchasedPlanJson), page: pageInfoJson(answer.page) };
    },
    async purchasedPlan(employerId, id, meta) {
      return purchasedPlanJson((await client.getPurchasedPlan({ employerId, id }, options(meta))).purchasedPlan!);
    },
    async resources(employerId, meta) {
      const { active, reserved, canActivateReserved } = await client.getResources({ employerId }, options(meta));
      return {
        active: active ? purchasedPlanJson(active) : null,
        reserved: reserved ? purchasedPlanJson(reserved) : null,
        canActivateReserved,
      };
    },
    async activateReserved(employerId, meta) {
      return purchasedPlanJson((await client.activateReservedPlan({ employerId }, options(meta))).purchasedPlan!);
    },
    async cancelReserved(employerId, meta) {
      const answer = await client.cancelReservedPlan({ employerId }, options(meta));
      return { purchasedPlan: purchasedPlanJson(answer.purchasedPlan!), wallet: walletJson(answer.wallet!) };
    },
    async currentOrder(employerId, meta) {
      const { order } = await client.getCurrentOrder({ employerId }, options(meta));
      return order ? orderJson(order) : null;
    },
    async order(employerId, orderId, meta) {
      return orderJson((await client.getOrder({ employerId, orderId }, options(meta))).order!);
    },
    async orders(employerId, query, meta) {
      const answer = await client.listOrders({ employerId, page: pageRequest(query) }, options(meta));
      return { items: answer.items.map(orderJson), page: pageInfoJson(answer.page) };
    },
    async createCart(employerId, planId, meta) {
      return orderJson((await client.createCart({ employerId, planId }, options(meta))).order!);
    },
    async updateCart(orderId, planId, meta) {
      return orderJson((await client.updateCart({ orderId, planId }, options(meta))).order!);
    },
    async deleteCart(orderId, meta) {
      await client.deleteCart({ orderId }, options(meta));
    },
    async applyDiscount(employerId, code, meta) {
      return orderJson((await client.applyDiscount({ employerId, code }, options(meta))).order!);
    },
    async removeDiscount(orderId, meta) {
      return orderJson((await client.removeDiscount({ orderId }, options(meta))).order!);
    },
    async startPayment(orderId, method, meta) {
      const answer = await client.startPayment({ orderId, method: PAYMENT_METHOD_OF[method] }, options(meta));
      return { payment: paymentJson(answer.payment!), redirectUrl: answer.redirectUrl };
    },
    async submitPayment(authority, status, meta) {
      return submitPaymentJson(await client.submitPayment({ authority, status }, options(meta)));
    },
    async payment(orderId, paymentId, meta) {
      return paymentJson((await client.getPayment({ orderId, paymentId }, options(meta))).payment!);
    },
    async wallet(employerId, meta) {
      return walletJson((await client.getWallet({ employerId }, options(meta))).wallet!);
    },
    async startTopUp(employerId, amountRials, meta) {
      const answer = await client.startTopUp({ employerId, amount: { rials: BigInt(amountRials) } }, options(meta));
      return { payment: paymentJson(answer.payment!), redirectUrl: answer.redirectUrl };
    },
    async topUp(employerId, paymentNumber, meta) {
      const answer = await client.getTopUp({ employerId, paymentNumber: BigInt(paymentNumber) }, options(meta));
      return { payment: paymentJson(answer.payment!), balanceRials: rialsOf(answer.balance) };
    },
    async invoice(employerId, orderId, meta) {
      return invoiceJson((await client.getInvoice({ employerId, orderId }, options(meta))).invoice!);
    },
    async bannerDiscount(meta) {
      return { code: (await client.getBannerDiscount({}, options(meta))).code ?? null };
    },
    async sandboxPayment(authority, meta) {
      const answer = await client.getSandboxPayment({ authority }, options(meta));
      return { amountRials: rialsOf(answer.amount), description: answer.description, decided: answer.decided };
    },
    async decideSandboxPayment(authority, approve, meta) {
      return { redirectUrl: (await client.decideSandboxPayment({ authority, approve }, options(meta))).redirectUrl };
    },
    isServing: (timeoutMs) => health.isServing(timeoutMs),
    close() {
      client.close();
      health.close();
    },
  };
}
