import type { Route } from './+types/wallet';
import { TopUpForm } from '../../components/billing/TopUpForm.tsx';
import { WalletLedger } from '../../components/billing/WalletLedger.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { useExcToasts } from '../../components/ui/Toaster.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { billingApi } from '../../lib/billing/api.ts';
import { loadBillingEmployer, walletAction } from '../../lib/billing/pages.server.ts';
import { TOP_UP_REFUSED } from '../../lib/billing/top-up.ts';
import { orRouteError } from '../../lib/errors.ts';
import { formatToman } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'billing.wallet.title', 'billing.wallet.intro', { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  const { api, employer } = await loadBillingEmployer(args, 'wallet');
  const wallet = await orRouteError(billingApi.wallet(api, employer.id));
  return { employer, wallet };
}

export async function action(args: Route.ActionArgs) {
  requireKnownLocale(args.params);
  return walletAction(args);
}

/** `/employers/:employerSlug/wallet`: the balance, a top-up through the provider, the ledger. */
export default function EmployerWallet({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { employer, wallet } = loaderData;
  const codes = actionData?.exc;
  // The amount's refusal is said under the field; anything else (the provider down) as a toast.
  const refusedAmount = codes?.includes(TOP_UP_REFUSED) ?? false;
  useExcToasts(
    codes?.filter((code) => code !== TOP_UP_REFUSED),
    actionData?.at,
  );
  const name = employer.brand ?? employer.slug;
  return (
    <Page title={t('billing.wallet.title')} intro={employer.brand ?? undefined} testId="employer-wallet-page">
      <div className="flex flex-col gap-10">
        <section aria-labelledby="balance-title" className="rounded-2xl border border-line bg-brand-50 p-6">
          <h2 id="balance-title" className="text-lg font-bold text-brand-900">
            {t('billing.wallet.balance')}
          </h2>
          {/* The figure the heading names, not a heading of its own (a div, not a styled paragraph). */}
          <div className="mt-2 text-3xl font-extrabold text-brand-900" data-testid="wallet-balance-amount">
            {formatToman(wallet.balanceRials, locale)}
          </div>
          <p className="mt-3 text-sm text-muted">{t('billing.wallet.balanceUse')}</p>
          <ButtonLink
            to={localePath(locale, `/employers/${employer.slug}/pricing`)}
            variant="secondary"
            className="mt-4"
            data-testid="wallet-to-pricing"
          >
            {t('billing.wallet.toPricing')}
          </ButtonLink>
        </section>
        <section aria-labelledby="top-up-title" id="top-up">
          <h2 id="top-up-title" className="mb-2 text-xl font-bold">
            {t('billing.topUp.title')}
          </h2>
          <p className="mb-4 text-sm text-muted">{t('billing.topUp.intro')}</p>
          <TopUpForm
            // A new answer of the action starts the form afresh with what it says.
            key={actionData?.at ?? 'first'}
            bounds={wallet}
            typed={actionData?.typed}
            serverError={
              actionData?.fieldError
                ? { key: actionData.fieldError }
                : refusedAmount
                  ? { code: TOP_UP_REFUSED }
                  : undefined
            }
          />
        </section>
        <section aria-labelledby="ledger-title">
          <h2 id="ledger-title" className="mb-4 text-xl font-bold">
            {t('billing.wallet.ledger')}
          </h2>
          <WalletLedger entries={wallet.entries} caption={t('billing.wallet.caption', { brand: name })} />
        </section>
      </div>
    </Page>
  );
}
