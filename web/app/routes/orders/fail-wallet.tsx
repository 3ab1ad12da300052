import type { Route } from './+types/fail-wallet';
import { TopUpOutcome } from '../../components/billing/TopUpOutcome.tsx';
import { loadTopUpOutcome } from '../../lib/billing/pages.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'billing.topUpOutcome.failTitle', 'billing.topUpOutcome.description', { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  return loadTopUpOutcome(args, 'fail');
}

/** `/orders/failwallet?paymentNumber=`: the top-up is not paid, or not confirmed by the bank yet. */
export default function TopUpFail({ loaderData }: Route.ComponentProps) {
  return <TopUpOutcome outcome="fail" topUp={loaderData.topUp} />;
}
