import type { ReactNode } from 'react';
import { useLocale, useT } from '../../i18n/index.ts';
import { RESOURCE_LABELS, resourceRows } from '../../lib/billing/display.ts';
import { planDescription, planTitle } from '../../lib/billing/plan-text.ts';
import type { Plan } from '../../lib/billing/types.ts';
import { formatToman, localDigits } from '../../lib/format.ts';

/** What a plan grants (n postings, n featured), as a list of lines with Persian digits. */
export function PlanResources({ plan }: { plan: Pick<Plan, 'resources'> }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid="plan-resources">
      {resourceRows(plan.resources).map((row) => (
        <li key={row.kind} className="flex items-center gap-2">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-500" />
          {t('billing.plan.grants', { count: localDigits(row.total, locale), kind: t(RESOURCE_LABELS[row.kind]) })}
        </li>
      ))}
    </ul>
  );
}

/** One plan of the catalogue: title, what it grants, how long, its price; `action` at the foot. */
export function PlanSummary({
  plan,
  headingLevel,
  action,
  highlighted,
}: {
  plan: Plan;
  headingLevel: 2 | 3;
  action?: ReactNode;
  highlighted?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={`flex h-full flex-col gap-3 rounded-2xl border p-5 ${highlighted ? 'border-brand-500 ring-2 ring-brand-100' : 'border-line'}`}
      aria-labelledby={`plan-${plan.id}-title`}
      data-testid="plan-card"
    >
      <Heading id={`plan-${plan.id}-title`} className="text-lg font-bold">
        {planTitle(plan, t)}
      </Heading>
      {plan.description && <p className="text-sm text-muted">{planDescription(plan, t)}</p>}
      <PlanResources plan={plan} />
      <p className="text-sm text-muted">
        {t('billing.plan.duration', { days: localDigits(plan.durationDays, locale) })}
      </p>
      <p className="mt-auto text-2xl font-extrabold text-brand-700" data-testid="plan-price">
        {formatToman(plan.priceRials, locale)}
      </p>
      {action}
    </article>
  );
}
