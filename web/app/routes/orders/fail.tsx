import type { Route } from './+types/fail';
import { OrderOutcome } from '../../components/billing/OrderOutcome.tsx';
import { loadOrderOutcome } from '../../lib/billing/pages.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'billing.fail.title', 'billing.outcome.description', { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  return loadOrderOutcome(args);
}

/** `/orders/failorder?orderId=`: the payment did not go through; the cart is still there. */
export default function OrderFail({ loaderData }: Route.ComponentProps) {
  return <OrderOutcome outcome="fail" order={loaderData.order} />;
}
