import type { Route } from './+types/success-wallet';
import { TopUpOutcome } from '../../components/billing/TopUpOutcome.tsx';
import { loadTopUpOutcome } from '../../lib/billing/pages.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'billing.topUpOutcome.successTitle', 'billing.topUpOutcome.description', { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  return loadTopUpOutcome(args, 'success');
}

/** `/orders/successwallet?paymentNumber=`: the top-up is paid and in the wallet. */
export default function TopUpSuccess({ loaderData }: Route.ComponentProps) {
  return <TopUpOutcome outcome="success" topUp={loaderData.topUp} />;
}
