// The invoice as a printable document (spec §2, §9): a whole HTML page, rendered to static markup
// on the server and printed to PDF by Chromium (lib/invoice/render.server.ts), never hydrated.
// Right-to-left in Persian; the figures come worked out from lib/invoice/figures.ts and the page
// geometry from lib/invoice/layout.ts (A4 in points, laid out in px through spec §9's factor).
import { translator } from '../../i18n/index.ts';
import { invoiceFigures, type InvoiceRow } from '../../lib/invoice/figures.ts';
import { INVOICE_CSS } from '../../lib/invoice/layout.ts';
import type { Invoice } from '../../lib/invoice/types.ts';
import type { Locale } from '../../lib/locale.ts';

export interface InvoiceDocumentProps {
  invoice: Invoice;
  locale: Locale;
  /** @font-face rules the document's fonts come from (the printer passes Vazirmatn's, embedded). */
  fontFaceCss?: string;
}

function Rows({ rows, testId }: { rows: InvoiceRow[]; testId: string }) {
  return (
    <dl data-testid={testId}>
      {rows.map((row) => (
        <div key={row.label} style={{ display: 'contents' }}>
          <dt>{row.label}</dt>
          <dd>{row.ltr ? <bdi dir="ltr">{row.value}</bdi> : <bdi>{row.value}</bdi>}</dd>
        </div>
      ))}
    </dl>
  );
}

export function InvoiceDocument({ invoice, locale, fontFaceCss = '' }: InvoiceDocumentProps) {
  const t = translator(locale);
  const figures = invoiceFigures(invoice, locale);
  return (
    <html lang={locale} dir={locale === 'fa' ? 'rtl' : 'ltr'}>
      <head>
        <meta charSet="utf-8" />
        <title>{figures.documentTitle}</title>
        {/* Our own constants only: nothing from the invoice reaches the style sheet. */}
        <style dangerouslySetInnerHTML={{ __html: `${fontFaceCss}\n${INVOICE_CSS}` }} />
      </head>
      <body>
        <main data-testid="invoice">
          <header>
            <h1>{figures.title}</h1>
            <Rows
              testId="invoice-heading"
              rows={[
                { label: t('invoice.orderNumber'), value: figures.orderNumber },
                { label: t('invoice.date'), value: figures.date },
              ]}
            />
          </header>
          <div className="parties">
            <section className="party" aria-labelledby="invoice-seller">
              <h2 id="invoice-seller">{t('invoice.seller')}</h2>
              <Rows testId="invoice-seller" rows={figures.seller} />
            </section>
            <section className="party" aria-labelledby="invoice-buyer">
              <h2 id="invoice-buyer">{t('invoice.buyer')}</h2>
              <Rows testId="invoice-buyer" rows={figures.buyer} />
            </section>
          </div>
          <table data-testid="invoice-lines">
            <caption>{t('invoice.lines')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('invoice.line.row')}</th>
                <th scope="col">{t('invoice.line.title')}</th>
                <th scope="col">{t('invoice.line.quantity')}</th>
                <th scope="col">{t('invoice.line.unitPrice')}</th>
                <th scope="col">{t('invoice.line.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.lines.map((line) => (
                <tr key={line.row}>
                  <td>{line.row}</td>
                  <td>{line.title}</td>
                  <td className="figure">{line.quantity}</td>
                  <td className="figure">{line.unitPrice}</td>
                  <td className="figure">{line.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="summary" data-testid="invoice-summary">
            <caption>{t('invoice.summary')}</caption>
            <tbody>
              <tr>
                <th scope="row">{t('invoice.subtotal')}</th>
                <td className="figure" data-testid="invoice-subtotal">
                  {figures.subtotal}
                </td>
              </tr>
              <tr>
                <th scope="row">{figures.discountLabel}</th>
                <td className="figure" data-testid="invoice-discount">
                  {figures.discount}
                </td>
              </tr>
              <tr>
                <th scope="row">
                  {figures.vatLabel} <span className="note">{t('invoice.vatIncluded')}</span>
                </th>
                <td className="figure" data-testid="invoice-vat">
                  {figures.vat}
                </td>
              </tr>
              <tr className="total">
                <th scope="row">{t('invoice.total')}</th>
                <td className="figure" data-testid="invoice-total">
                  {figures.total}
                </td>
              </tr>
            </tbody>
          </table>
          <dl className="words">
            <dt>{t('invoice.totalInWords')}</dt>
            <dd lang="fa" dir="rtl" data-testid="invoice-words">
              {figures.totalInWords}
            </dd>
          </dl>
          <section aria-labelledby="invoice-payment">
            <h2 id="invoice-payment">{t('invoice.payment')}</h2>
            <Rows testId="invoice-payment" rows={figures.payment} />
          </section>
        </main>
      </body>
    </html>
  );
}
