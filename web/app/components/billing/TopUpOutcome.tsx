import { useLocale, useT } from '../../i18n/index.ts';
import type { PaymentStatus } from '../../lib/billing/types.ts';
import { formatToman, localDigits } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { OutcomeFrame } from './OutcomeFrame.tsx';

export interface TopUpOutcomeProps {
  outcome: 'success' | 'fail';
  /** The top-up as found among the viewer's employers; null when it is not one of theirs. */
  topUp: {
    number: number;
    status: PaymentStatus;
    amountRials: number;
    reference: string | null;
    balanceRials: number;
    employerSlug: string;
  } | null;
}

/**
 * After a top-up: paid, with its amount, number, reference and the balance now; or not paid,
 * saying whether the bank's answer is still being confirmed (the wallet is then credited by
 * itself if the money was taken) or the payment failed; and the way on.
 */
export function TopUpOutcome({ outcome, topUp }: TopUpOutcomeProps) {
  const t = useT();
  const locale = useLocale();
  const succeeded = outcome === 'success';
  const number = topUp ? localDigits(topUp.number, locale) : null;
  const waiting = !succeeded && topUp?.status === 'pending';
  const text =
    number === null
      ? t('billing.topUpOutcome.unknown')
      : succeeded
        ? t('billing.topUpOutcome.paid', { number })
        : waiting
          ? t('billing.topUpOutcome.pending', { number })
          : t('billing.topUpOutcome.failed', { number });
  return (
    <OutcomeFrame
      tone={succeeded ? 'success' : waiting ? 'waiting' : 'fail'}
      title={
        succeeded
          ? t('billing.topUpOutcome.successTitle')
          : waiting
            ? t('billing.fail.pendingTitle')
            : t('billing.topUpOutcome.failTitle')
      }
      text={text}
      testId={succeeded ? 'top-up-success' : 'top-up-fail'}
    >
      {topUp && (
        <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-surface p-4 text-start">
          <dt className="text-muted">{t('billing.topUpOutcome.amount')}</dt>
          <dd className="font-semibold" data-testid="outcome-amount">
            {formatToman(topUp.amountRials, locale)}
          </dd>
          <dt className="text-muted">{t('billing.topUpOutcome.number')}</dt>
          <dd className="font-semibold" data-testid="outcome-payment-number">
            {number}
          </dd>
          {topUp.reference && (
            <>
              <dt className="text-muted">{t('billing.orders.reference')}</dt>
              <dd className="font-semibold" data-testid="outcome-reference">
                <span dir="ltr">{localDigits(topUp.reference, locale)}</span>
              </dd>
            </>
          )}
          <dt className="text-muted">{t('billing.topUpOutcome.balance')}</dt>
          <dd className="font-semibold" data-testid="outcome-balance">
            {formatToman(topUp.balanceRials, locale)}
          </dd>
        </dl>
      )}
      {topUp && (
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          {succeeded ? (
            <ButtonLink
              to={localePath(locale, `/employers/${topUp.employerSlug}/pricing`)}
              data-testid="outcome-pricing"
            >
              {t('billing.topUpOutcome.toPricing')}
            </ButtonLink>
          ) : (
            <ButtonLink
              to={`${localePath(locale, `/employers/${topUp.employerSlug}/wallet`)}#top-up`}
              data-testid="outcome-retry"
            >
              {t('billing.topUpOutcome.retry')}
            </ButtonLink>
          )}
          <ButtonLink
            to={localePath(locale, `/employers/${topUp.employerSlug}/wallet`)}
            variant="secondary"
            data-testid="outcome-wallet"
          >
            {t('billing.topUpOutcome.toWallet')}
          </ButtonLink>
        </div>
      )}
    </OutcomeFrame>
  );
}
