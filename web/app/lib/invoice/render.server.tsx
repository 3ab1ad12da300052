// The invoice printed: InvoiceDocument rendered to static HTML with Vazirmatn embedded, printed by
// the web server's warm Chromium on A4 as laid out through spec §9's pixel-to-point factor.
import { renderToStaticMarkup } from 'react-dom/server';
import { InvoiceDocument } from '../../components/billing/InvoiceDocument.tsx';
import type { Locale } from '../locale.ts';
import { printHtml } from '../pdf.server.ts';
import { vazirmatnFontFaces } from './fonts.server.ts';
import { INVOICE_PAPER } from './layout.ts';
import type { Invoice } from './types.ts';

/** The whole document, ready to print (and to read in tests). */
export function invoiceHtml(invoice: Invoice, locale: Locale): string {
  return `<!doctype html>${renderToStaticMarkup(
    <InvoiceDocument invoice={invoice} locale={locale} fontFaceCss={vazirmatnFontFaces()} />,
  )}`;
}

export function invoicePdf(invoice: Invoice, locale: Locale): Promise<Buffer> {
  return printHtml(invoiceHtml(invoice, locale), INVOICE_PAPER);
}

/** The download's name: `invoice-<order number>.pdf`. */
export function invoiceFileName(invoice: Pick<Invoice, 'orderNumber'>): string {
  return `invoice-${invoice.orderNumber}.pdf`;
}
