// The invoice of a paid order: the seller from configuration, the buyer from the employer
// service, the plan bought as its one line, the discount, and the VAT included in the total
// at the rate frozen on the order when it was paid.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Database } from '../db/client.ts';
import type { AccessCheck } from './access.ts';
import { requireEmployerId } from './input.ts';
import { requireOrderId } from './orders.ts';
import { paymentView, type PaymentView } from './views.ts';

export interface InvoicePartyView {
  name: string;
  nationalId: string;
  economicCode: string;
  address: string;
  postalCode: string;
  phone: string;
}

export interface InvoiceLineView {
  title: string;
  quantity: number;
  unitPriceRials: number;
  amountRials: number;
}

export interface InvoiceView {
  orderId: string;
  orderNumber: number;
  issuedAtMs: number;
  seller: InvoicePartyView;
  buyer: InvoicePartyView;
  lines: InvoiceLineView[];
  subtotalRials: number;
  discountRials: number;
  discountCode: string | null;
  vatPercent: number;
  vatRials: number;
  totalRials: number;
  payment: PaymentView;
}

/** The VAT inside a total that includes it: total × p / (100 + p), rounded down to a rial. */
export function includedVat(totalRials: bigint, percent: number): bigint {
  return (totalRials * BigInt(percent)) / BigInt(100 + percent);
}

/** Who the buyer is, asked as the calling user (the employer service's GetEmployer). */
export interface BuyerLookup {
  buyer(userId: string, employerId: string): Promise<InvoicePartyView>;
}

export interface InvoiceSettings {
  seller: InvoicePartyView;
  /** VAT_PERCENT: for an order paid before its rate was frozen on it. */
  vatPercent: number;
}

export class Invoices {
  constructor(
    private readonly db: Database,
    private readonly access: AccessCheck,
    private readonly buyers: BuyerLookup,
    private readonly settings: InvoiceSettings,
  ) {}

  async get(userId: string | undefined, employerId: string, orderId: string): Promise<InvoiceView> {
    requireEmployerId(employerId);
    requireOrderId(orderId);
    await this.access.require(userId, employerId, 'Billing');
    const order = await this.db.order.findFirst({ where: { id: orderId, employerId } });
    if (!order) throw new DomainError('EXC_ORDERS_NOT_FOUND');
    if (order.status !== 'paid' || order.paidAt === null) throw new DomainError('EXC_ORDERS_INVOICE_IS_NOT_AVAILABLE');
    const [plan, payment] = await Promise.all([
      this.db.plan.findUniqueOrThrow({ where: { id: order.planId } }),
      // An order has one paid payment (a partial unique index).
      this.db.payment.findFirstOrThrow({ where: { orderId: order.id, status: 'paid' } }),
    ]);
    const buyer = await this.buyers.buyer(userId!, employerId);
    const vatPercent = order.vatPercent ?? this.settings.vatPercent;
    return {
      orderId: order.id,
      orderNumber: Number(order.number),
      issuedAtMs: order.paidAt.getTime(),
      seller: this.settings.seller,
      buyer,
      lines: [
        {
          title: plan.title,
          quantity: 1,
          unitPriceRials: Number(order.priceRials),
          amountRials: Number(order.priceRials),
        },
      ],
      subtotalRials: Number(order.priceRials),
      discountRials: Number(order.discountRials),
      discountCode: order.discountCode,
      vatPercent,
      vatRials: Number(includedVat(order.totalRials, vatPercent)),
      totalRials: Number(order.totalRials),
      payment: paymentView(payment),
    };
  }
}
