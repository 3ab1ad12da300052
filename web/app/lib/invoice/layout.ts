// The invoice's page (spec §9): the paper is A4, measured in points; the document is laid out in
// CSS pixels converted from those points by the platform's pixel-to-point factor (0.75), and the
// PDF is printed on exactly that size, so what is laid out is what is printed.
import { A4_PT, ptToPx } from '@darmankar/platform/print';

/** Margins and type sizes, in points as a printer would state them. */
const MARGIN_PT = 36;
const BODY_PT = 9.5;
const SMALL_PT = 8;
const TITLE_PT = 16;

const px = (pt: number) => `${Number(ptToPx(pt).toFixed(3))}px`;

export const INVOICE_PAGE = {
  widthPx: ptToPx(A4_PT.width),
  heightPx: ptToPx(A4_PT.height),
  marginPx: ptToPx(MARGIN_PT),
} as const;

/** Chromium's paper for `page.pdf`, the same size the style sheet's @page states. */
export const INVOICE_PAPER = { width: px(A4_PT.width), height: px(A4_PT.height) } as const;

/** The document's style sheet (no web fonts: the printer adds Vazirmatn's @font-face rules). */
export const INVOICE_CSS = `
@page { size: ${px(A4_PT.width)} ${px(A4_PT.height)}; margin: ${px(MARGIN_PT)}; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: 'Vazirmatn Variable', Vazirmatn, sans-serif; font-size: ${px(BODY_PT)}; line-height: 1.6;
  color: #111827; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
main { width: ${px(A4_PT.width - 2 * MARGIN_PT)}; }
header { display: flex; justify-content: space-between; align-items: flex-start; gap: ${px(12)};
  border-bottom: ${px(1.5)} solid #0f766e; padding-bottom: ${px(8)}; margin-bottom: ${px(12)}; }
h1 { font-size: ${px(TITLE_PT)}; margin: 0; color: #0f766e; }
h2 { font-size: ${px(BODY_PT + 1)}; margin: 0 0 ${px(4)}; }
dl { margin: 0; display: grid; grid-template-columns: max-content 1fr; column-gap: ${px(8)}; row-gap: ${px(1)}; }
dt { color: #4b5563; }
dd { margin: 0; }
.parties { display: grid; grid-template-columns: 1fr 1fr; gap: ${px(12)}; margin-bottom: ${px(12)}; }
.party { border: ${px(0.75)} solid #d1d5db; border-radius: ${px(4)}; padding: ${px(8)}; }
table { width: 100%; border-collapse: collapse; margin-bottom: ${px(12)}; }
caption { text-align: start; font-weight: 700; font-size: ${px(BODY_PT + 1)}; margin-bottom: ${px(4)}; }
th, td { border: ${px(0.75)} solid #d1d5db; padding: ${px(4)} ${px(6)}; text-align: start; vertical-align: top; }
thead th { background: #f0fdfa; }
.figure { text-align: end; white-space: nowrap; }
.summary th { font-weight: 400; width: 60%; }
.summary .total th, .summary .total td { font-weight: 700; background: #f0fdfa; }
.note { color: #4b5563; font-size: ${px(SMALL_PT)}; }
.words { border: ${px(0.75)} solid #d1d5db; border-radius: ${px(4)}; padding: ${px(6)} ${px(8)}; margin-bottom: ${px(12)}; }
`;
