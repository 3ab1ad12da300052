import type { Route } from './+types/success';
import { OrderOutcome } from '../../components/billing/OrderOutcome.tsx';
import { loadOrderOutcome } from '../../lib/billing/pages.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'billing.success.title', 'billing.outcome.description', { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  return loadOrderOutcome(args);
}

/** `/orders/successorder?orderId=`: the order is paid. */
export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  return <OrderOutcome outcome="success" order={loaderData.order} />;
}
