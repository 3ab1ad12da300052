// The invoice as the gateway answers it (`GET orders/{employerId}/invoices/{orderId}`, docs/billing.md):
// aliases of the contract's generated types, so the document cannot drift from the answer.
import type { ApiAnswer } from '@darmankar/api-types';

export type Invoice = ApiAnswer<'/orders/{employerId}/invoices/{orderId}', 'get'>;
export type InvoiceParty = Invoice['seller'];
export type InvoiceLine = Invoice['lines'][number];
