// An apply or cancel refused on a page posted without JavaScript: the same words and §8 links
// the toasts would carry, written on the page (toasts need JavaScript).
import { excText } from '@darmankar/platform/errors/catalogue';
import { useLocation } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { planToasts } from '../../lib/errors.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';

export function ApplyRefusal({ codes, title }: { codes: readonly string[]; title: string }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  if (codes.length === 0) return null;
  // As the toasts do: the way back is this page (without the question a no-JavaScript confirm adds).
  const plans = planToasts(codes, { currentPath: location.pathname });
  return (
    <div
      role="alert"
      className="rounded-xl border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900"
      data-testid="apply-refusal"
    >
      <p className="font-bold">{title}</p>
      <ul className="mt-1 flex flex-col gap-1">
        {plans.map((plan) => (
          <li key={plan.code}>
            {excText(plan.code, locale)}
            {plan.action && (
              <>
                {' '}
                <LocaleLink to={plan.action.href} className="font-bold underline" data-testid="apply-refusal-action">
                  {t(plan.action.label)}
                </LocaleLink>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
