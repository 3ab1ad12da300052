// The invoice's gateway calls, through the typed client by their contract paths.
import type { ApiClient } from '../api.ts';

/** The employer's id for a member (`GET employers/{slug}` needs a session and membership). */
export async function loadEmployerId(api: ApiClient, slug: string): Promise<string> {
  return (await api.call('get', '/employers/{slug}', { params: { slug } })).id;
}

export const invoiceApi = {
  /** A paid order's invoice; 409 EXC_ORDERS_INVOICE_IS_NOT_AVAILABLE for an order not paid. */
  invoice: (api: ApiClient, employerId: string, orderId: string) =>
    api.call('get', '/orders/{employerId}/invoices/{orderId}', { params: { employerId, orderId } }),
};
