import { useLocale, useT } from '../../i18n/index.ts';
import { formatToman, localDigits } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { OutcomeFrame } from './OutcomeFrame.tsx';

export interface OrderOutcomeProps {
  outcome: 'success' | 'fail';
  /** The order as found among the viewer's employers; null when it is not one of theirs. */
  order: {
    number: number;
    reference: string | null;
    employerSlug: string;
    walletCredit: { amountRials: number; reference: string } | null;
    /** The provider has not confirmed the payment yet: it may still complete by itself. */
    awaitingBank?: boolean;
  } | null;
}

/** After a payment: what happened to the order, its number and reference, and the way on. */
export function OrderOutcome({ outcome, order }: OrderOutcomeProps) {
  const t = useT();
  const locale = useLocale();
  const succeeded = outcome === 'success';
  const number = order ? localDigits(order.number, locale) : null;
  const waiting = !succeeded && order?.awaitingBank === true;
  const text =
    number === null
      ? succeeded
        ? t('billing.outcome.unknownOrder')
        : t('billing.fail.noOrder')
      : succeeded
        ? t('billing.success.text', { number })
        : waiting
          ? t('billing.fail.pending', { number })
          : t('billing.fail.text', { number });
  return (
    <OutcomeFrame
      tone={succeeded ? 'success' : waiting ? 'waiting' : 'fail'}
      title={
        succeeded ? t('billing.success.title') : waiting ? t('billing.fail.pendingTitle') : t('billing.fail.title')
      }
      text={text}
      testId={succeeded ? 'order-success' : 'order-fail'}
    >
      {succeeded && order?.reference && (
        <p className="rounded-xl bg-surface px-4 py-2 font-semibold" data-testid="outcome-reference">
          {t('billing.orders.reference')}: <span dir="ltr">{localDigits(order.reference, locale)}</span>
        </p>
      )}
      {!succeeded && order?.walletCredit && (
        <p
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="outcome-wallet-credit"
        >
          {t('billing.fail.walletCredit', { amount: formatToman(order.walletCredit.amountRials, locale) })}{' '}
          {t('billing.orders.reference')}: <span dir="ltr">{localDigits(order.walletCredit.reference, locale)}</span>
        </p>
      )}
      {order && (
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          <ButtonLink to={localePath(locale, `/employers/${order.employerSlug}/pricing`)} data-testid="outcome-pricing">
            {succeeded ? t('billing.success.toPricing') : t('billing.fail.retry')}
          </ButtonLink>
          {succeeded && (
            <ButtonLink to={localePath(locale, `/employers/${order.employerSlug}/orders`)} variant="secondary">
              {t('billing.success.toOrders')}
            </ButtonLink>
          )}
        </div>
      )}
    </OutcomeFrame>
  );
}
