import { excText } from '@darmankar/platform/errors/catalogue';
import { useEffect, useLayoutEffect, useRef, type CSSProperties } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { useLocale, useT } from '../../i18n/index.ts';
import { planToasts } from '../../lib/errors.ts';
import { directionOf, localePath } from '../../lib/locale.ts';

/** Toasts: top-right, in the page's direction, 5000 ms, no progress bar (spec §9). */
export function Toaster() {
  const locale = useLocale();
  const t = useT();
  // A toast belongs to the page that raised it: a navigation to another page clears it. A layout
  // effect runs before the new page's own effects, so toasts the new page raises stay.
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useLayoutEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    toast.dismiss();
  }, [pathname]);
  return (
    <SonnerToaster
      position="top-right"
      dir={directionOf(locale)}
      duration={5000}
      richColors
      closeButton
      containerAriaLabel={t('toast.region')}
      toastOptions={{ className: 'font-sans', style: { fontFamily: 'inherit' } }}
      // sonner's rich error and success text is 4.3:1 on its background; these darker shades pass
      // WCAG AA (4.5:1) for the toast's small text.
      style={{ '--error-text': 'hsl(360, 100%, 38%)', '--success-text': 'hsl(140, 100%, 22%)' } as CSSProperties}
    />
  );
}

/**
 * Shows one toast per code in `codes` (with its §8 action link) whenever the list changes. The
 * employer the links lead to is the URL's, or `employer` on pages whose URL does not name one
 * (`/recruitments/*`).
 */
export function useExcToasts(codes: readonly string[] | undefined, stamp?: unknown, employer?: string): void {
  const locale = useLocale();
  const t = useT();
  const location = useLocation();
  const employerSlug = useParams().employerSlug ?? employer;
  useEffect(() => {
    if (!codes || codes.length === 0) return;
    const plans = planToasts(codes, { currentPath: `${location.pathname}${location.search}`, employerSlug });
    for (const plan of plans) {
      toast.error(excText(plan.code, locale), {
        id: `${plan.code}-${String(stamp ?? '')}`,
        action: plan.action ? (
          <Link
            to={localePath(locale, plan.action.href)}
            className="ms-auto shrink-0 rounded-lg bg-white/80 px-3 py-1 text-xs font-bold text-brand-700 underline"
            data-testid="toast-action"
          >
            {t(plan.action.label)}
          </Link>
        ) : undefined,
      });
    }
    // The stamp makes a repeated identical failure show again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [codes, stamp]);
}

export { toast };
