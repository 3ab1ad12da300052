// An invoice as the gateway answers it, for the invoice's tests: a professional plan of
// 15,000,000 rials with a 3,000,000 discount by code, 10% VAT included in the 12,000,000 total
// (1,090,909 rials of it), paid through the gateway on 14 April 2026 (25 Farvardin 1405).
import type { Invoice } from '../app/lib/invoice/types.ts';

export function invoiceOf(overrides: Partial<Invoice> = {}): Invoice {
  return {
    orderId: '0b0e7d4e-5d1b-4c4e-9f7e-1d2c3b4a5f60',
    orderNumber: 1023,
    // 11:30 in Tehran.
    issuedAt: '2026-04-14T08:00:00.000Z',
    seller: {
      name: 'درمانکار',
      nationalId: '14012345678',
      economicCode: '411111111111',
      address: 'تهران، خیابان ولیعصر، پلاک ۱۲',
      postalCode: '1966733111',
      phone: '02188888888',
    },
    buyer: {
      name: 'مرکز درمانی سارا',
      nationalId: '14009876543',
      economicCode: '',
      address: 'اصفهان، خیابان چهارباغ',
      postalCode: '8143614111',
      phone: '03132222222',
    },
    lines: [{ title: 'بستهٔ حرفه‌ای', quantity: 1, unitPriceRials: 15_000_000, amountRials: 15_000_000 }],
    subtotalRials: 15_000_000,
    discountRials: 3_000_000,
    discountCode: 'FIRST-AD',
    vatPercent: 10,
    vatRials: 1_090_909,
    totalRials: 12_000_000,
    payment: {
      id: 'pay-1',
      number: 5001,
      purpose: 'order',
      employerId: 'e1',
      orderId: '0b0e7d4e-5d1b-4c4e-9f7e-1d2c3b4a5f60',
      method: 'gateway',
      status: 'paid',
      amountRials: 12_000_000,
      reference: '201874',
      card: '6037-99**-****-1234',
      createdAt: '2026-04-14T07:58:00.000Z',
      completedAt: '2026-04-14T08:00:00.000Z',
    },
    ...overrides,
  };
}
