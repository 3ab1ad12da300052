import type { Route } from './+types/pricing';
import { PlanSummary } from '../components/billing/PlanSummary.tsx';
import { LocaleLink } from '../components/layout/LocaleLink.tsx';
import { Page } from '../components/layout/Page.tsx';
import { ButtonLink } from '../components/ui/Button.tsx';
import { EmptyState } from '../components/ui/States.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { orEmpty } from '../lib/api.ts';
import { getServerApi } from '../lib/api.server.ts';
import { billingApi } from '../lib/billing/api.ts';
import { planTitle } from '../lib/billing/plan-text.ts';
import type { Plan } from '../lib/billing/types.ts';
import { localePath } from '../lib/locale.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';
import { seoMeta } from '../lib/seo-meta.ts';
import { readPageMeta } from '../lib/seo.server.ts';
import { loadViewer } from '../lib/viewer.server.ts';

export const meta: Route.MetaFunction = (args) => (args.data ? seoMeta(args, args.data.seo) : []);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  const [plans, viewer, seo] = await Promise.all([
    // The public catalogue never breaks the page: no plans reads as the empty state.
    orEmpty(billingApi.plans(api)).catch((error: unknown) => {
      console.error('plans unavailable', error);
      return null;
    }),
    loadViewer(api, jar),
    readPageMeta(
      api,
      request,
      { area: 'site', page: 'pricing' },
      { title: 'pricing.title', description: 'pricing.description' },
    ),
  ]);
  const employers = viewer.employers.map(({ slug, brand, registeredName }) => ({
    slug,
    name: brand ?? registeredName ?? slug,
  }));
  // Several employers: the buy links go to the one chosen with `?employer=` (the first by default).
  const asked = new URL(request.url).searchParams.get('employer');
  const selected = employers.find((employer) => employer.slug === asked) ?? employers[0] ?? null;
  return {
    plans: plans ?? ([] as Plan[]),
    isLoggedIn: viewer.isLoggedIn,
    employers,
    selectedSlug: selected?.slug ?? null,
    seo,
  };
}

/** Where "buy" leads: the chosen employer's pricing page, creating one first, or login. */
export function buyTarget(isLoggedIn: boolean, selectedSlug: string | null): string {
  if (!isLoggedIn) return `/login?backURL=${encodeURIComponent('/pricing')}`;
  if (!selectedSlug) return '/employers/add';
  return `/employers/${selectedSlug}/pricing`;
}

/** The employer the buy links are for, when the viewer has several: links that keep `?employer=`. */
function EmployerPicker({
  employers,
  selectedSlug,
}: {
  employers: Array<{ slug: string; name: string }>;
  selectedSlug: string | null;
}) {
  const t = useT();
  return (
    <nav
      aria-labelledby="employer-picker-title"
      className="mb-6 flex flex-wrap items-center gap-2"
      data-testid="employer-picker"
    >
      <p id="employer-picker-title" className="text-sm font-semibold">
        {t('billing.plan.chooseEmployer')}
      </p>
      {employers.map((employer) => (
        <LocaleLink
          key={employer.slug}
          to={`/pricing?employer=${encodeURIComponent(employer.slug)}`}
          aria-current={employer.slug === selectedSlug ? 'true' : undefined}
          preventScrollReset
          className="rounded-full border border-line px-3 py-1.5 text-sm aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-600 aria-[current=true]:text-white"
        >
          {employer.name}
        </LocaleLink>
      ))}
    </nav>
  );
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { plans, isLoggedIn, employers, selectedSlug } = loaderData;
  const target = localePath(locale, buyTarget(isLoggedIn, selectedSlug));
  return (
    <Page title={t('pricing.title')} intro={t('pricing.intro')} testId="pricing-page">
      {employers.length > 1 && <EmployerPicker employers={employers} selectedSlug={selectedSlug} />}
      {!isLoggedIn && plans.length > 0 && <p className="mb-4 text-sm text-muted">{t('billing.plan.loginToBuy')}</p>}
      {isLoggedIn && employers.length === 0 && plans.length > 0 && (
        <p className="mb-4 text-sm text-muted">{t('billing.plan.noEmployer')}</p>
      )}
      {plans.length === 0 ? (
        <EmptyState>{t('pricing.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-3" data-testid="plans">
          {plans.map((plan) => (
            <li key={plan.id}>
              <PlanSummary
                plan={plan}
                headingLevel={2}
                action={
                  <ButtonLink to={target} data-testid="buy-plan">
                    {t('billing.plan.buy')}
                    <span className="sr-only"> {planTitle(plan, t)}</span>
                  </ButtonLink>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
