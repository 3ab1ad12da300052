// The billing contract's shapes (gateway /api/v1 products/*, orders/*, finance/*), as the screens
// read them: aliases of the contract's generated types, so the screens cannot drift from what the
// gateway answers (docs/billing.md describes them).
import type { ApiAnswer } from '@darmankar/api-types';
import { everyValueOf } from '../contract.ts';

export type Plan = ApiAnswer<'/products/plans/list', 'get'>['items'][number];
export type Resource = Plan['resources'][number];
export type ResourceKind = Resource['kind'];
/** In the order the screens list them. */
export const RESOURCE_KINDS = everyValueOf<ResourceKind>()(['recruitment', 'featured']);

/** `GET products/{employerId}/resources`: the active and the reserved plan, each null when none. */
export type Resources = ApiAnswer<'/products/{employerId}/resources', 'get'>;
export type PurchasedPlan = NonNullable<Resources['active']>;
export type PurchasedPlanStatus = PurchasedPlan['status'];

export type Order = ApiAnswer<'/orders/{employerId}/cart/{orderId}', 'get'>;
export type OrderStatus = Order['status'];
export type Payment = Order['payments'][number];
export type PaymentMethod = Payment['method'];
export type PaymentStatus = Payment['status'];
/** What a payment pays: an order (the cart) or a top-up of the wallet. */
export type PaymentPurpose = Payment['purpose'];

export type OrderList = ApiAnswer<'/orders/{employerId}/list', 'get'>;
export type PageInfo = OrderList['page'];
export type Wallet = ApiAnswer<'/finance/{employerId}/wallet', 'get'>;
export type WalletEntry = Wallet['entries'][number];
/** The callback's anonymous answer: only what the outcome page needs (docs/billing.md). */
export type SubmittedPayment = ApiAnswer<'/finance/payments/submit', 'post'>;
/** `POST finance/{employerId}/wallet/top-ups`: the top-up's payment and the provider's page. */
export type StartedTopUp = ApiAnswer<'/finance/{employerId}/wallet/top-ups', 'post'>;
/** `GET finance/{employerId}/wallet/top-ups/{paymentNumber}`: the top-up and the balance now. */
export type TopUp = ApiAnswer<'/finance/{employerId}/wallet/top-ups/{paymentNumber}', 'get'>;
/** `GET orders/discounts/banner`: the code the promotional banner shows, or null. */
export type BannerDiscount = ApiAnswer<'/orders/discounts/banner', 'get'>;
export type SandboxPayment = ApiAnswer<'/finance/sandbox/{authority}', 'get'>;
