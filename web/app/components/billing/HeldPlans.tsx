import { useLocale, useT } from '../../i18n/index.ts';
import { RESOURCE_LABELS, resourceRows } from '../../lib/billing/display.ts';
import { planTitle } from '../../lib/billing/plan-text.ts';
import type { PurchasedPlan, Resources } from '../../lib/billing/types.ts';
import { formatJalaliDate, formatToman, localDigits } from '../../lib/format.ts';
import { EmptyState } from '../ui/States.tsx';
import { ConfirmAction } from '../ui/ConfirmAction.tsx';

/** What is left of each resource of a purchase, against what the plan granted. */
function Remaining({ purchase }: { purchase: PurchasedPlan }) {
  const t = useT();
  const locale = useLocale();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {resourceRows(purchase.plan.resources, purchase.remaining).map((row) => (
        <div key={row.kind} className="contents" data-testid={`remaining-${row.kind}`}>
          <dt className="text-muted">{t(RESOURCE_LABELS[row.kind])}</dt>
          <dd className="font-semibold">
            {t('billing.held.left', { left: localDigits(row.left, locale), total: localDigits(row.total, locale) })}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** When a purchase ends: a Jalali date once it is active; its length while it waits. */
function Ends({ purchase }: { purchase: PurchasedPlan }) {
  const t = useT();
  const locale = useLocale();
  if (purchase.expiresAt)
    return (
      <p className="text-sm" data-testid="plan-ends">
        {t('billing.held.endsAt', { date: formatJalaliDate(new Date(purchase.expiresAt), locale) })}
      </p>
    );
  return (
    <p className="text-sm text-muted">
      {t('billing.held.startsOnActivation', { days: localDigits(purchase.plan.durationDays, locale) })}
    </p>
  );
}

export interface HeldPlansProps {
  resources: Resources;
  employerId: string;
  /** `?confirm=` of the page, for the confirmation without JavaScript. */
  asked: string | null;
  /** This page's path (locale included) without its query. */
  pagePath: string;
}

/** The employer's active and reserved plan, with the reservation's activate and cancel. */
export function HeldPlans({ resources, employerId, asked, pagePath }: HeldPlansProps) {
  const t = useT();
  const locale = useLocale();
  // The billing service answers whether the reserved plan may start now (the active one has ended, or there is none).
  const { active, reserved, canActivateReserved: canActivate } = resources;
  const fields = { employerId };
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section
        aria-labelledby="active-plan-title"
        className="flex flex-col gap-3 rounded-2xl border border-line p-5"
        data-testid="active-plan"
      >
        <h3 id="active-plan-title" className="font-bold">
          {t('billing.held.active')}
        </h3>
        {active ? (
          <>
            <h4 className="text-lg font-bold text-brand-800" data-testid="active-plan-title">
              {planTitle(active.plan, t)}
            </h4>
            <Remaining purchase={active} />
            <Ends purchase={active} />
          </>
        ) : (
          <EmptyState>{t('billing.held.noActive')}</EmptyState>
        )}
      </section>
      <section
        aria-labelledby="reserved-plan-title"
        className="flex flex-col gap-3 rounded-2xl border border-line p-5"
        data-testid="reserved-plan"
      >
        <h3 id="reserved-plan-title" className="font-bold">
          {t('billing.held.reserved')}
        </h3>
        {reserved ? (
          <>
            <h4 className="text-lg font-bold text-brand-800" data-testid="reserved-plan-title">
              {planTitle(reserved.plan, t)}
            </h4>
            <Remaining purchase={reserved} />
            <Ends purchase={reserved} />
            {!canActivate && (
              <p className="text-sm text-muted" data-testid="activate-later">
                {t('billing.held.activateLater')}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              {canActivate && (
                <ConfirmAction
                  intent="activateReserved"
                  triggerLabel={t('billing.held.activate')}
                  title={t('billing.confirm.activateTitle')}
                  text={t('billing.confirm.activateText', { plan: planTitle(reserved.plan, t) })}
                  confirmLabel={t('billing.confirm.activate')}
                  isAsked={asked === 'activateReserved'}
                  backTo={pagePath}
                  fields={fields}
                  testId="activate-reserved"
                />
              )}
              <ConfirmAction
                intent="cancelReserved"
                variant="danger"
                triggerLabel={t('billing.held.cancel')}
                title={t('billing.confirm.cancelTitle')}
                text={t('billing.confirm.cancelText', {
                  plan: planTitle(reserved.plan, t),
                  amount: formatToman(reserved.paidRials, locale),
                })}
                confirmLabel={t('billing.confirm.cancel')}
                isAsked={asked === 'cancelReserved'}
                backTo={pagePath}
                fields={fields}
                testId="cancel-reserved"
              />
            </div>
          </>
        ) : (
          <EmptyState>{t('billing.held.noReserved')}</EmptyState>
        )}
      </section>
    </div>
  );
}
