import type { Route } from './+types/pricing';
import { Page } from '../components/layout/Page.tsx';
import { EmptyState } from '../components/ui/States.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { orEmpty } from '../lib/api.ts';
import { getServerApi } from '../lib/api.server.ts';
import { formatToman } from '../lib/format.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';

interface Plan {
  id: string;
  title: string;
  description?: string;
  priceRials: number;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pricing.title', 'pricing.description');

export async function loader({ params, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api } = getServerApi(context);
  try {
    const plans = await orEmpty(api.get<Plan[] | { items: Plan[] }>('/products/plans/list'));
    return { plans: Array.isArray(plans) ? plans : (plans?.items ?? []) };
  } catch (error) {
    console.error('plans unavailable', error);
    return { plans: [] as Plan[] };
  }
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <Page title={t('pricing.title')} intro={t('pricing.intro')} testId="pricing-page">
      {loaderData.plans.length === 0 ? (
        <EmptyState>{t('pricing.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-3">
          {loaderData.plans.map((plan) => (
            <li key={plan.id} className="flex flex-col gap-2 rounded-2xl border border-line p-6">
              <h2 className="text-lg font-bold">{plan.title}</h2>
              {plan.description && <p className="text-sm text-muted">{plan.description}</p>}
              <p className="mt-auto text-2xl font-extrabold text-brand-700">{formatToman(plan.priceRials, locale)}</p>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
