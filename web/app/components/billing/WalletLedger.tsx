import { useLocale, useT } from '../../i18n/index.ts';
import { signedToman, walletReasonLabel } from '../../lib/billing/display.ts';
import type { WalletEntry } from '../../lib/billing/types.ts';
import { formatJalaliDate, localDigits } from '../../lib/format.ts';
import { EmptyState } from '../ui/States.tsx';

/** The order or the top-up an entry concerns, by the number people see. */
function EntrySubject({ entry }: { entry: WalletEntry }) {
  const t = useT();
  const locale = useLocale();
  if (entry.orderNumber !== null)
    return <>{t('billing.wallet.orderNumber', { number: localDigits(entry.orderNumber, locale) })}</>;
  if (entry.paymentNumber !== null)
    return <>{t('billing.wallet.paymentNumber', { number: localDigits(entry.paymentNumber, locale) })}</>;
  return <span className="text-muted">{t('billing.orders.noReference')}</span>;
}

/** The wallet's ledger, newest first as the service lists it; one card per entry on phones. */
export function WalletLedger({ entries, caption }: { entries: WalletEntry[]; caption: string }) {
  const t = useT();
  const locale = useLocale();
  if (entries.length === 0) return <EmptyState>{t('billing.wallet.noEntries')}</EmptyState>;
  return (
    // The frame scrolls, so it takes keyboard focus to be scrollable by keyboard too.
    <div
      className="relative overflow-x-auto rounded-2xl border border-line"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table role="table" className="stacked-table w-full min-w-[36rem] text-start text-sm" data-testid="wallet-ledger">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="bg-surface">
          <tr role="row">
            {(['date', 'reason', 'amount', 'subject'] as const).map((column) => (
              <th key={column} role="columnheader" scope="col" className="px-4 py-3 text-start font-semibold">
                {t(`billing.wallet.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {entries.map((entry) => {
            const amount = signedToman(entry.amountRials, locale);
            return (
              <tr role="row" key={entry.id} className="border-t border-line" data-testid="wallet-entry">
                <td role="cell" data-label={t('billing.wallet.date')} className="px-4 py-3 whitespace-nowrap">
                  {formatJalaliDate(new Date(entry.createdAt), locale)}
                </td>
                <th
                  role="rowheader"
                  data-label={t('billing.wallet.reason')}
                  scope="row"
                  className="px-4 py-3 text-start font-semibold"
                  data-testid="wallet-entry-reason"
                >
                  {t(walletReasonLabel(entry.reason))}
                </th>
                <td
                  role="cell"
                  data-label={t('billing.wallet.amount')}
                  className={`px-4 py-3 whitespace-nowrap font-semibold ${entry.amountRials < 0 ? 'text-danger' : 'text-emerald-800'}`}
                  data-testid="wallet-entry-amount"
                >
                  {/* The sign goes with the digits, left to right, whatever the page's direction. */}
                  <span dir="ltr">{amount}</span> {t('billing.wallet.toman')}
                </td>
                <td
                  role="cell"
                  data-label={t('billing.wallet.subject')}
                  className="px-4 py-3"
                  data-testid="wallet-entry-subject"
                >
                  <EntrySubject entry={entry} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
