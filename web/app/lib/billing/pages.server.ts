// Server side of the billing screens (a `.server` module, so never in the browser bundle): the
// employer a page works on (a member with the Billing permission, else the login page or the 403
// page), the pricing and wallet pages' data and actions, the payment callback's decision and what
// the outcome pages show.
import { data, redirect, type RouterContextProvider } from 'react-router';
import type { MessageKey } from '../../i18n/index.ts';
import { ApiError, isApiError, type ApiClient } from '../api.ts';
import { getServerApi } from '../api.server.ts';
import { formText, loadEmployer, loginRedirect, requireAccess, runAction } from '../employer/server.ts';
import { AGENT_ACCESS_DENIED, orRouteError, toRouteError } from '../errors.ts';
import { localeFromPath, localePath, stripLocale, type Locale } from '../locale.ts';
import { loadViewer } from '../viewer.server.ts';
import type { Viewer } from '../viewer.ts';
import { billingApi } from './api.ts';
import { outcomePath, paidReference, paymentNumberOf, pendingPayment, walletCredit } from './display.ts';
import { parseTopUpAmount } from './top-up.ts';

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
  page: 'pricing' | 'orders' | 'wallet',
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

export interface TopUpActionResult {
  ok: false;
  intent: 'topUp';
  /** The amount as typed, so the page without JavaScript shows it again. */
  typed: string;
  /** The form's own check that failed, in words. */
  fieldError?: MessageKey;
  exc?: string[];
  at: number;
}

/**
 * The wallet page's action: a top-up of the typed amount. The amount is checked here against
 * the wallet's bounds (the same check the browser made, for a page without JavaScript); the
 * service checks again. Sent, the payer goes to the provider's page.
 */
export async function walletAction(args: BillingRouteArgs) {
  const { api, employer } = await loadBillingEmployer(args, 'wallet');
  const form = await args.request.formData();
  const typed = formText(form, 'amount') ?? '';
  const wallet = await orRouteError(billingApi.wallet(api, employer.id));
  const amount = parseTopUpAmount(typed, wallet);
  if (!amount.ok)
    return data<TopUpActionResult>(
      { ok: false, intent: 'topUp', typed, fieldError: amount.error, at: Date.now() },
      { status: 422 },
    );
  try {
    const started = await billingApi.startTopUp(api, employer.id, amount.amountRials);
    return redirect(started.redirectUrl);
  } catch (error) {
    // A refused access is the 403 page, as on every billing page; anything else the service
    // answers is said on the form, the amount kept.
    if (!isApiError(error) || error.has(AGENT_ACCESS_DENIED)) throw toRouteError(error);
    return data<TopUpActionResult>(
      { ok: false, intent: 'topUp', typed, exc: error.codes, at: Date.now() },
      { status: error.status },
    );
  }
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
  return outcomePath(locale, await orRouteError(billingApi.submitPayment(api, authority, status)));
}

/**
 * What `ask` answers for the first of the viewer's employers it answers for (the outcome pages
 * know only an order id or a payment number, and the service refuses another employer's), with
 * that employer; null when none does. A gateway that is down is a failure of the page, not
 * "not found".
 */
async function findAmongViewersEmployers<T>(
  viewer: Viewer,
  ask: (employerId: string) => Promise<T>,
): Promise<{ employer: Viewer['employers'][number]; found: T } | null> {
  const answers = await Promise.allSettled(
    viewer.employers.map(async (employer) => ({ employer, found: await ask(employer.id) })),
  );
  for (const result of answers) if (result.status === 'fulfilled') return result.value;
  const down = answers.find(
    (result) => result.status === 'rejected' && result.reason instanceof ApiError && result.reason.status >= 500,
  );
  if (down?.status === 'rejected') throw toRouteError(down.reason);
  return null;
}

/** An order by its id among the viewer's employers; null when none of them has it. */
export async function findViewersOrder(api: ApiClient, viewer: Viewer, orderId: string) {
  const hit = await findAmongViewersEmployers(viewer, (employerId) => billingApi.order(api, employerId, orderId));
  return hit && { employer: hit.employer, order: hit.found };
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
      // The bank's answer not confirmed yet: reconciliation completes the order if the money was taken.
      awaitingBank: order.status === 'pending' && pendingPayment(order) !== null,
    },
    // The header shows the menu of the employer who paid (the URL does not name it).
    headerEmployerSlug: employer.slug,
  };
}

/** A top-up by its payment number among the viewer's employers; null when none of them has it. */
export async function findViewersTopUp(api: ApiClient, viewer: Viewer, paymentNumber: number) {
  const hit = await findAmongViewersEmployers(viewer, (employerId) => billingApi.topUp(api, employerId, paymentNumber));
  return hit && { employer: hit.employer, topUp: hit.found };
}

/**
 * What a top-up's outcome page shows. Each page shows only its own outcome: the success page of a
 * top-up not paid sends to the failure page, and the failure page of one paid meanwhile (the
 * reconciliation job settled it, the payer reloaded) to the success page.
 */
export async function loadTopUpOutcome(
  { request, context }: Omit<BillingRouteArgs, 'params'>,
  outcome: 'success' | 'fail',
) {
  const { api, jar } = getServerApi(context);
  const viewer = await loadViewer(api, jar);
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  if (!viewer.isLoggedIn) throw loginRedirect(locale, `${stripLocale(url.pathname)}${url.search}`);
  const paymentNumber = paymentNumberOf(url.searchParams.get('paymentNumber'));
  const found = paymentNumber === null ? null : await findViewersTopUp(api, viewer, paymentNumber);
  if (!found) return { topUp: null };
  const { topUp, employer } = found;
  const paid = topUp.payment.status === 'paid';
  if (paid !== (outcome === 'success'))
    throw redirect(
      `${localePath(locale, paid ? '/orders/successwallet' : '/orders/failwallet')}?paymentNumber=${topUp.payment.number}`,
    );
  return {
    topUp: {
      number: topUp.payment.number,
      status: topUp.payment.status,
      amountRials: topUp.payment.amountRials,
      reference: topUp.payment.reference,
      balanceRials: topUp.balanceRials,
      employerSlug: employer.slug,
    },
    headerEmployerSlug: employer.slug,
  };
}
