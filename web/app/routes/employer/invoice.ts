// /employers/{slug}/orders/{orderId}/invoice: a paid order's invoice as a PDF download (a
// resource route). The employer is found by slug as the visitor (a member, else the gateway's
// refusal), the invoice is asked with the visitor's session (the owner or an agent with Billing),
// and the document is printed here from the answer: nothing of it is kept, for anyone.
import type { Route } from './+types/invoice';
import { getServerApi } from '../../lib/api.server.ts';
import { isApiError } from '../../lib/api.ts';
import { invoiceApi, loadEmployerId } from '../../lib/invoice/api.ts';
import { invoiceFileName, invoicePdf } from '../../lib/invoice/render.server.tsx';
import type { Invoice } from '../../lib/invoice/types.ts';
import { localeFromPath } from '../../lib/locale.ts';
import { pdfDownload, pdfFailure } from '../../lib/pdf.server.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const locale = localeFromPath(new URL(request.url).pathname);
  const { api } = getServerApi(context);
  let invoice: Invoice;
  try {
    const employerId = await loadEmployerId(api, params.employerSlug);
    invoice = await invoiceApi.invoice(api, employerId, params.orderId);
  } catch (error) {
    // 401 without a session, 403 for someone without Billing, 404, 409 for an order not paid:
    // the codes as JSON, never a PDF of an error page.
    if (isApiError(error)) return pdfFailure(error.codes, error.status);
    throw error;
  }
  try {
    return pdfDownload(await invoicePdf(invoice, locale), invoiceFileName(invoice));
  } catch (error) {
    console.error('invoice pdf failed', error);
    return pdfFailure(['EXC_SERVICE_UNAVAILABLE'], 503);
  }
}
