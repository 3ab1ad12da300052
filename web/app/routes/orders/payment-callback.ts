import { redirect } from 'react-router';
import type { Route } from './+types/payment-callback';
import { getServerApi } from '../../lib/api.server.ts';
import { submitPaymentCallback } from '../../lib/billing/pages.server.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

/**
 * `/orders/payment-callback?Authority=…&Status=OK|NOK`: where the payment provider sends the
 * payer back. Nothing to show: the answer is submitted and the payer redirected to the outcome.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api } = getServerApi(context);
  throw redirect(await submitPaymentCallback(api, new URL(request.url)));
}
