// Every billing call the screens make, in one place: products/*, orders/* and finance/* of the
// gateway, each through the typed client by its contract path (docs/billing.md, REST surface).
import type { ApiClient } from '../api.ts';
import type { PaymentMethod } from './types.ts';

export const billingApi = {
  plans: async (api: ApiClient) => (await api.call('get', '/products/plans/list')).items,
  resources: (api: ApiClient, employerId: string) =>
    api.call('get', '/products/{employerId}/resources', { params: { employerId } }),
  activateReserved: (api: ApiClient, employerId: string) =>
    api.call('put', '/products/{employerId}/purchased-plans/activate-reserve', { params: { employerId } }),
  cancelReserved: (api: ApiClient, employerId: string) =>
    api.call('put', '/products/{employerId}/purchased-plans/cancel-reserve', { params: { employerId } }),

  /** The employer's cart, or null when there is none (the gateway answers 204). */
  currentCart: async (api: ApiClient, employerId: string) =>
    (await api.call('get', '/orders/{employerId}/cart/current-order', { params: { employerId } })) ?? null,
  order: (api: ApiClient, employerId: string, orderId: string) =>
    api.call('get', '/orders/{employerId}/cart/{orderId}', { params: { employerId, orderId } }),
  orders: (api: ApiClient, employerId: string, page: number, pageSize: number) =>
    api.call('get', '/orders/{employerId}/list', {
      params: { employerId },
      query: { page: String(page), pageSize: String(pageSize) },
    }),
  createCart: (api: ApiClient, employerId: string, planId: string) =>
    api.call('post', '/orders/cart', { body: { employerId, planId } }),
  changeCartPlan: (api: ApiClient, orderId: string, planId: string) =>
    api.call('put', '/orders/{id}/cart', { params: { id: orderId }, body: { planId } }),
  deleteCart: (api: ApiClient, orderId: string) => api.call('delete', '/orders/{id}/cart', { params: { id: orderId } }),
  applyDiscount: (api: ApiClient, employerId: string, code: string) =>
    api.call('post', '/orders/cart/discounts', { body: { employerId, code } }),
  removeDiscount: (api: ApiClient, orderId: string) =>
    api.call('delete', '/orders/{id}/cart/discounts', { params: { id: orderId } }),

  startPayment: (api: ApiClient, orderId: string, method: PaymentMethod) =>
    api.call('post', '/orders/payments', { body: { orderId, method } }),
  submitPayment: (api: ApiClient, authority: string, status: 'OK' | 'NOK') =>
    api.call('post', '/finance/payments/submit', { body: { authority, status } }),
  wallet: (api: ApiClient, employerId: string) =>
    api.call('get', '/finance/{employerId}/wallet', { params: { employerId } }),
  startTopUp: (api: ApiClient, employerId: string, amountRials: number) =>
    api.call('post', '/finance/{employerId}/wallet/top-ups', { params: { employerId }, body: { amountRials } }),
  topUp: (api: ApiClient, employerId: string, paymentNumber: number) =>
    api.call('get', '/finance/{employerId}/wallet/top-ups/{paymentNumber}', {
      params: { employerId, paymentNumber: String(paymentNumber) },
    }),
  bannerDiscount: (api: ApiClient) => api.call('get', '/orders/discounts/banner'),

  sandbox: (api: ApiClient, authority: string) =>
    api.call('get', '/finance/sandbox/{authority}', { params: { authority } }),
  decideSandbox: (api: ApiClient, authority: string, approve: boolean) =>
    api.call('post', '/finance/sandbox/{authority}', { params: { authority }, body: { approve } }),
};
