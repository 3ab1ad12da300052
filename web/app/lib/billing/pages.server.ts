// Server side of the billing screens (a `.server` module, so never in the browser bundle): the
// employer a page works on (a member with the Billing permission, else the login page or the 403
// page), the pricing page's data and its one action, the payment callback's decision and what the
// outcome pages show.
import { redirect, type RouterContextProvider } from 'react-router';
import { ApiError, type ApiClient } from '../api.ts';
import { getServerApi } from '../api.server.ts';
import { formText, loadEmployer, loginRedirect, requireAccess, runAction } from '../employer/server.ts';
import { orRouteError, toRouteError } from '../errors.ts';
import { localeFromPath, localePath, stripLocale, type Locale } from '../locale.ts';
import { loadViewer } from '../viewer.server.ts';
import type { Viewer } from '../viewer.ts';
import { billingApi } from './api.ts';
import { outcomePath, paidReference, walletCredit } from './display.ts';

interface BillingRouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { employerSlug: string };
}

export interface BillingEmployer {
  id: string;
  slug: string;
  brand: string | null;
}

/** The page's employer for a signed-in member allowed to buy for it (action Billing). */
export async function loadBillingEmployer(
  { request, context, params }: BillingRouteArgs,
  page: 'pricing' | 'orders',
): Promise<{ api: ApiClient; employer: BillingEmployer }> {
  const { api, jar } = getServerApi(context);
  const viewer = await loadViewer(api, jar);
  const url = new URL(request.url);
  if (!viewer.isLoggedIn)
    throw loginRedirect(
      localeFromPath(url.pathname),
      `/employers/${encodeURIComponent(params.employerSlug)}/${page}${url.search}`,
    );
  const employer = await loadEmployer(api, params.employerSlug);
  await requireAccess(api, employer.id, 'Billing');
  return { api, employer: { id: employer.id, slug: employer.slug, brand: employer.brand ?? null } };
}

/** Everything the employer's pricing page shows, fetched at once. */
export async function loadPricingPage(api: ApiClient, employerId: string) {
  const [plans, resources, cart, wallet] = await orRouteError(
    Promise.all([
      billingApi.plans(api),
      billingApi.resources(api, employerId),
      billingApi.currentCart(api, employerId),
      billingApi.wallet(api, employerId),
    ]),
  );
  return { plans, resources, cart, walletBalanceRials: wallet.balanceRials };
}

/** Where a started payment sends the payer: the provider's page, or the outcome when the wallet paid. */
export function paymentRedirect(locale: Locale, orderId: string, redirectUrl: string): Response {
  if (redirectUrl) return redirect(redirectUrl);
  return redirect(`${localePath(locale, '/orders/successorder')}?orderId=${encodeURIComponent(orderId)}`);
}

/** The pricing page's action: every cart, payment and reservation change, by `intent`. */
export async function pricingAction({ request, context }: Omit<BillingRouteArgs, 'params'>) {
  const { api } = getServerApi(context);
  const form = await request.formData();
  const locale = localeFromPath(new URL(request.url).pathname);
  const intent = formText(form, 'intent');
  const employerId = formText(form, 'employerId') ?? '';
  const orderId = formText(form, 'orderId') ?? '';
  const planId = formText(form, 'planId') ?? '';
  return runAction(intent, async () => {
    switch (intent) {
      case 'addToCart':
        // A cart already there changes its plan; otherwise this is the first plan of a new cart.
        if (orderId) await billingApi.changeCartPlan(api, orderId, planId);
        else await billingApi.createCart(api, employerId, planId);
        return;
      case 'applyDiscount':
        await billingApi.applyDiscount(api, employerId, formText(form, 'code') ?? '');
        return;
      case 'removeDiscount':
        await billingApi.removeDiscount(api, orderId);
        return;
      case 'deleteCart':
        await billingApi.deleteCart(api, orderId);
        return;
      case 'payOnline':
      case 'payWallet': {
        const started = await billingApi.startPayment(api, orderId, intent === 'payOnline' ? 'gateway' : 'wallet');
        return paymentRedirect(locale, orderId, started.redirectUrl);
      }
      case 'activateReserved':
        await billingApi.activateReserved(api, employerId);
        return;
      case 'cancelReserved':
        await billingApi.cancelReserved(api, employerId);
        return;
      default:
        throw new ApiError(['EXC_UNKNOWN'], 400);
    }
  });
}

/**
 * The payment callback: the provider's Authority and Status go to the billing service, whose
 * answer (the payment, paid or not) decides the outcome page. Without an Authority there is
 * nothing to submit: the failure page, with no order.
 */
export async function submitPaymentCallback(api: ApiClient, url: URL): Promise<string> {
  const locale = localeFromPath(url.pathname);
  const authority = url.searchParams.get('Authority');
  if (!authority) return localePath(locale, '/orders/failorder');
  const status = url.searchParams.get('Status') === 'OK' ? 'OK' : 'NOK';
  const answer = await orRouteError(billingApi.submitPayment(api, authority, status));
  return outcomePath(locale, answer);
}

/**
 * An order by its id, looked for among the viewer's employers (the outcome pages know only
 * `orderId`); null when none of them has it.
 */
export async function findViewersOrder(api: ApiClient, viewer: Viewer, orderId: string) {
  const found = await Promise.allSettled(
    viewer.employers.map(async (employer) => ({ employer, order: await billingApi.order(api, employer.id, orderId) })),
  );
  for (const result of found) if (result.status === 'fulfilled') return result.value;
  // A gateway that is down is a failure of the page, not an unknown order.
  const down = found.find(
    (result) => result.status === 'rejected' && result.reason instanceof ApiError && result.reason.status >= 500,
  );
  if (down?.status === 'rejected') throw toRouteError(down.reason);
  return null;
}

/** What an outcome page shows: the order of `?orderId=` if it is one of the viewer's employers'. */
export async function loadOrderOutcome({ request, context }: Omit<BillingRouteArgs, 'params'>) {
  const { api, jar } = getServerApi(context);
  const viewer = await loadViewer(api, jar);
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  if (!viewer.isLoggedIn) throw loginRedirect(locale, `${stripLocale(url.pathname)}${url.search}`);
  const orderId = url.searchParams.get('orderId');
  const found = orderId ? await findViewersOrder(api, viewer, orderId) : null;
  if (!found) return { order: null };
  const { order, employer } = found;
  return {
    order: {
      number: order.number,
      reference: paidReference(order),
      employerSlug: employer.slug,
      walletCredit: order.status === 'paid' ? null : walletCredit(order),
    },
    // The header shows the menu of the employer who paid (the URL does not name it).
    headerEmployerSlug: employer.slug,
  };
}
