import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/pricing';
import { CartPanel } from '../../components/billing/CartPanel.tsx';
import { HeldPlans } from '../../components/billing/HeldPlans.tsx';
import { PlanSummary } from '../../components/billing/PlanSummary.tsx';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/States.tsx';
import { useExcToasts } from '../../components/ui/Toaster.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { canBuy } from '../../lib/billing/display.ts';
import { loadBillingEmployer, loadPricingPage, pricingAction } from '../../lib/billing/pages.server.ts';
import { planTitle } from '../../lib/billing/plan-text.ts';
import type { Order, Plan } from '../../lib/billing/types.ts';
import { formatToman } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'billing.pricing.title', 'billing.pricing.intro', { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  const { api, employer } = await loadBillingEmployer(args, 'pricing');
  const page = await loadPricingPage(api, employer.id);
  return { employer, ...page, asked: new URL(args.request.url).searchParams.get('confirm') };
}

export const action = (args: Route.ActionArgs) => pricingAction(args);

const DISCOUNT_REFUSED = 'EXC_ORDERS_DISCOUNT_CODE_IS_INVALID';

/** A plan's button: into a new cart, instead of the cart's plan, or marked as the cart's. */
function PlanChoice({
  plan,
  cart,
  employerId,
  blockedBy,
}: {
  plan: Plan;
  cart: Order | null;
  employerId: string;
  blockedBy: string | null;
}) {
  const t = useT();
  const navigation = useNavigation();
  const inCart = cart?.items.some((item) => item.plan.id === plan.id) ?? false;
  if (inCart)
    return (
      <p
        className="rounded-xl bg-brand-50 px-4 py-2 text-center text-sm font-semibold text-brand-800"
        data-testid="plan-in-cart"
      >
        {t('billing.plans.inCart')}
      </p>
    );
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="addToCart" />
      <input type="hidden" name="employerId" value={employerId} />
      <input type="hidden" name="planId" value={plan.id} />
      {cart && <input type="hidden" name="orderId" value={cart.id} />}
      <Button
        type="submit"
        className="w-full"
        isDisabled={navigation.state !== 'idle' || blockedBy !== null}
        aria-describedby={blockedBy ?? undefined}
        data-testid="add-to-cart"
      >
        {cart ? t('billing.plans.choose') : t('billing.plans.add')}
        <span className="sr-only"> {planTitle(plan, t)}</span>
      </Button>
    </Form>
  );
}

/** The employer's pricing page: held plans, the catalogue, the cart and its payment. */
export default function EmployerPricing({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const codes = actionData && 'exc' in actionData ? actionData.exc : undefined;
  useExcToasts(codes, actionData && 'at' in actionData ? actionData.at : undefined);
  const { employer, plans, resources, cart, walletBalanceRials, asked } = loaderData;
  const buyingAllowed = canBuy(resources);
  const discountRefusal =
    actionData && 'intent' in actionData && actionData.intent === 'applyDiscount'
      ? codes?.find((code) => code === DISCOUNT_REFUSED)
      : undefined;
  return (
    <Page title={t('billing.pricing.title')} intro={employer.brand ?? undefined} testId="employer-pricing-page">
      <section aria-labelledby="held-title" className="mb-10">
        <h2 id="held-title" className="mb-4 text-xl font-bold">
          {t('billing.held.title')}
        </h2>
        <HeldPlans
          resources={resources}
          employerId={employer.id}
          asked={asked}
          pagePath={localePath(locale, `/employers/${employer.slug}/pricing`)}
        />
      </section>
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="plans-title" className="min-w-0">
          <h2 id="plans-title" className="mb-4 text-xl font-bold">
            {t('billing.plans.title')}
          </h2>
          {!buyingAllowed && (
            <p
              id="buying-blocked"
              className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
              data-testid="buying-blocked"
            >
              {t('billing.held.bothHeld')}
            </p>
          )}
          {plans.length === 0 ? (
            <EmptyState>{t('billing.plans.empty')}</EmptyState>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2" data-testid="plans">
              {plans.map((plan) => (
                <li key={plan.id}>
                  <PlanSummary
                    plan={plan}
                    headingLevel={3}
                    highlighted={cart?.items.some((item) => item.plan.id === plan.id)}
                    action={
                      <PlanChoice
                        plan={plan}
                        cart={cart}
                        employerId={employer.id}
                        blockedBy={buyingAllowed ? null : 'buying-blocked'}
                      />
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="cart-title">
          <h2 id="cart-title" className="mb-4 text-xl font-bold">
            {t('billing.cart.title')}
          </h2>
          <CartPanel
            cart={cart}
            walletBalanceRials={walletBalanceRials}
            walletPath={localePath(locale, `/employers/${employer.slug}/wallet`)}
            discountRefusal={discountRefusal}
          />
          <p className="mt-4 text-sm">
            <LocaleLink
              to={`/employers/${employer.slug}/wallet`}
              className="font-semibold text-brand-800 underline underline-offset-4"
              data-testid="pricing-to-wallet"
            >
              {t('billing.pricing.toWallet', { amount: formatToman(walletBalanceRials, locale) })}
            </LocaleLink>
          </p>
        </section>
      </div>
    </Page>
  );
}
