import { useLocale, useT } from '../../i18n/index.ts';
import {
  ORDER_STATUS_SHOWN_LABELS,
  orderStatusShown,
  paidReference,
  type OrderStatusShown,
} from '../../lib/billing/display.ts';
import { planTitle } from '../../lib/billing/plan-text.ts';
import type { Order } from '../../lib/billing/types.ts';
import { formatJalaliDate, formatToman, localDigits } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';

const STATUS_TONES: Record<OrderStatusShown, string> = {
  paid: 'bg-emerald-50 text-emerald-900',
  pending: 'bg-amber-50 text-amber-900',
  cancelled: 'bg-slate-100 text-slate-700',
  refunded: 'bg-slate-100 text-slate-700',
};

/** An order's status as a labelled badge (its words carry it, the colour only repeats them). */
export function OrderStatusBadge({ status }: { status: OrderStatusShown }) {
  const t = useT();
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_TONES[status]}`}
      data-testid="order-status"
    >
      {t(ORDER_STATUS_SHOWN_LABELS[status])}
    </span>
  );
}

/** Each sum the order put back into the wallet, with when. */
function OrderCredits({ order }: { order: Order }) {
  const t = useT();
  const locale = useLocale();
  return order.credits.map((credit) => (
    <p key={credit.id} className="mt-1 text-xs text-muted" data-testid="order-credit">
      {t('billing.orders.credited', {
        amount: formatToman(credit.amountRials, locale),
        date: formatJalaliDate(new Date(credit.createdAt), locale),
      })}
    </p>
  ));
}

/**
 * A paid order's invoice as a PDF (a resource route, so a full request rather than a page of the
 * app); its name carries the order's number, so each row's link is told apart.
 */
function InvoiceLink({ order, employerSlug }: { order: Order; employerSlug: string }) {
  const t = useT();
  const locale = useLocale();
  if (order.status !== 'paid') return <span className="text-muted">{t('billing.orders.noInvoice')}</span>;
  const number = localDigits(order.number, locale);
  return (
    <a
      href={localePath(
        locale,
        `/employers/${encodeURIComponent(employerSlug)}/orders/${encodeURIComponent(order.id)}/invoice`,
      )}
      download
      className="inline-flex min-h-11 items-center font-semibold whitespace-nowrap text-brand-800 underline underline-offset-4"
      data-testid="order-invoice"
    >
      {t('billing.orders.invoice')}
      <span className="sr-only"> {t('billing.orders.invoiceOf', { number })}</span>
    </a>
  );
}

/** The purchase history: one row per order, scrolling sideways inside its frame on phones. */
export function OrdersTable({
  orders,
  caption,
  employerSlug,
}: {
  orders: Order[];
  caption: string;
  employerSlug: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    // The frame scrolls, so it takes keyboard focus to be scrollable by keyboard too; it is the
    // containing block of the rows' visually hidden text, which would otherwise widen the page.
    <div
      className="relative overflow-x-auto rounded-2xl border border-line"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table role="table" className="stacked-table w-full min-w-[46rem] text-start text-sm" data-testid="orders-table">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="bg-surface">
          <tr role="row">
            {(['number', 'date', 'plan', 'total', 'status', 'reference', 'invoiceColumn'] as const).map((column) => (
              <th key={column} role="columnheader" scope="col" className="px-4 py-3 text-start font-semibold">
                {t(`billing.orders.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {orders.map((order) => {
            const reference = paidReference(order);
            return (
              <tr role="row" key={order.id} className="border-t border-line" data-testid="order-row">
                <th
                  role="rowheader"
                  data-label={t('billing.orders.number')}
                  scope="row"
                  className="px-4 py-3 text-start font-semibold"
                  data-testid="order-number"
                >
                  {localDigits(order.number, locale)}
                </th>
                <td role="cell" data-label={t('billing.orders.date')} className="px-4 py-3">
                  {formatJalaliDate(new Date(order.paidAt ?? order.createdAt), locale)}
                </td>
                <td role="cell" data-label={t('billing.orders.plan')} className="px-4 py-3">
                  {order.items.map((item) => planTitle(item.plan, t)).join(t('billing.orders.planSeparator'))}
                </td>
                <td role="cell" data-label={t('billing.orders.total')} className="px-4 py-3 whitespace-nowrap">
                  {formatToman(order.totalRials, locale)}
                </td>
                <td role="cell" data-label={t('billing.orders.status')} className="px-4 py-3">
                  <OrderStatusBadge status={orderStatusShown(order)} />
                  <OrderCredits order={order} />
                </td>
                <td
                  role="cell"
                  data-label={t('billing.orders.reference')}
                  className="px-4 py-3"
                  data-testid="order-reference"
                >
                  {reference ? (
                    <span dir="ltr">{localDigits(reference, locale)}</span>
                  ) : (
                    <span className="text-muted">{t('billing.orders.noReference')}</span>
                  )}
                </td>
                <td role="cell" data-label={t('billing.orders.invoiceColumn')} className="px-4 py-3">
                  <InvoiceLink order={order} employerSlug={employerSlug} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
