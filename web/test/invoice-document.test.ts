// The invoice document (components/billing/InvoiceDocument.tsx through lib/invoice/render.server)
// as static HTML: the figures in toman with Persian digits, the Jalali date, both parties, the
// discount with its code, the VAT line included in the total, the total in Persian words ('out of
// range' said in the catalogue's words), the payment; English under /en; the page laid out from
// A4 in points through the 0.75 factor; nothing typed by a person reaches the markup unescaped.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import * as React from 'react';
import { Window } from 'happy-dom';
import { A4_PT, ptToPx } from '@darmankar/platform/print';
import { translator } from '../app/i18n/index.ts';
import { invoiceFigures, totalInWords } from '../app/lib/invoice/figures.ts';
import { INVOICE_CSS, INVOICE_PAGE, INVOICE_PAPER } from '../app/lib/invoice/layout.ts';
import { invoiceFileName, invoiceHtml } from '../app/lib/invoice/render.server.tsx';
import { invoiceOf } from './invoice-fixture.ts';

// tsx compiles the app's JSX to the classic React.createElement outside web/ (see routes/support/dom.ts).
(globalThis as { React?: typeof React }).React = React;

const window = new Window();
after(() => window.happyDOM.close());

function parse(html: string) {
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.trim() ?? null;
  /** A `<dl>`'s rows as label → value. */
  const rows = (testId: string) =>
    Object.fromEntries(
      [...document.querySelectorAll(`[data-testid="${testId}"] dt`)].map((dt) => [
        dt.textContent?.trim(),
        dt.nextElementSibling?.textContent?.trim(),
      ]),
    );
  return { document, text, rows };
}

const fa = translator('fa');

test('the Persian invoice: title, number, Jalali date, parties, lines and totals in toman', () => {
  const { document, text, rows } = parse(invoiceHtml(invoiceOf(), 'fa'));
  assert.equal(document.documentElement.getAttribute('lang'), 'fa');
  assert.equal(document.documentElement.getAttribute('dir'), 'rtl');
  assert.equal(document.querySelector('h1')?.textContent, 'صورت‌حساب فروش');
  assert.equal(document.title, 'صورت‌حساب فروش، سفارش ۱۰۲۳');
  assert.deepEqual(rows('invoice-heading'), { 'شمارهٔ سفارش': '۱۰۲۳', تاریخ: '۲۵ فروردین ۱۴۰۵' });

  const seller = rows('invoice-seller');
  assert.equal(seller['نام'], 'درمانکار');
  assert.equal(seller['شناسهٔ ملی'], '۱۴۰۱۲۳۴۵۶۷۸');
  assert.equal(seller['کد اقتصادی'], '۴۱۱۱۱۱۱۱۱۱۱۱');
  assert.equal(seller['کد پستی'], '۱۹۶۶۷۳۳۱۱۱');
  assert.equal(seller['نشانی'], 'تهران، خیابان ولیعصر، پلاک ۱۲', 'free text as typed');
  const buyer = rows('invoice-buyer');
  assert.equal(buyer['نام'], 'مرکز درمانی سارا');
  assert.equal(buyer['کد اقتصادی'], '—', 'an unknown field is a dash, not an empty cell');
  assert.equal(buyer['تلفن'], '۰۳۱۳۲۲۲۲۲۲۲');

  const headers = [...document.querySelectorAll('[data-testid="invoice-lines"] thead th')].map((th) => th.textContent);
  assert.deepEqual(headers, ['ردیف', 'شرح', 'تعداد', 'مبلغ واحد (تومان)', 'مبلغ کل (تومان)']);
  const cells = [...document.querySelectorAll('[data-testid="invoice-lines"] tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );
  assert.deepEqual(cells, [['۱', 'بستهٔ حرفه‌ای', '۱', '۱٬۵۰۰٬۰۰۰', '۱٬۵۰۰٬۰۰۰']]);

  assert.equal(text('invoice-subtotal'), '۱٬۵۰۰٬۰۰۰ تومان');
  assert.equal(text('invoice-discount'), '۳۰۰٬۰۰۰ تومان');
  assert.equal(text('invoice-vat'), '۱۰۹٬۰۹۰ تومان', '1,090,909 rials: the part of a toman is dropped');
  assert.equal(text('invoice-total'), '۱٬۲۰۰٬۰۰۰ تومان');
  const summary = [...document.querySelectorAll('[data-testid="invoice-summary"] th')].map((th) =>
    th.textContent?.trim(),
  );
  assert.deepEqual(summary, [
    'جمع اقلام',
    'تخفیف (کد FIRST-AD)',
    'مالیات بر ارزش افزوده (۱۰٪) (در مبلغ کل منظور شده است)',
    'مبلغ کل',
  ]);
  assert.equal(text('invoice-words'), 'یک میلیون و دویست هزار تومان');
  assert.equal(document.querySelector('[data-testid="invoice-words"]')?.getAttribute('lang'), 'fa');
});

test('the payment: its number, method, the provider reference and the card read left to right', () => {
  const { document, rows } = parse(invoiceHtml(invoiceOf(), 'fa'));
  assert.deepEqual(rows('invoice-payment'), {
    'شمارهٔ پرداخت': '۵۰۰۱',
    'روش پرداخت': 'درگاه پرداخت اینترنتی',
    'شمارهٔ پیگیری': '۲۰۱۸۷۴',
    کارت: '۶۰۳۷-۹۹**-****-۱۲۳۴',
  });
  assert.equal(
    document.querySelector('[data-testid="invoice-payment"] bdi[dir="ltr"]')?.textContent,
    '۶۰۳۷-۹۹**-****-۱۲۳۴',
  );
});

test('a first plan made free by the code: zero in words, paid from the wallet without a reference', () => {
  const invoice = invoiceOf({
    discountRials: 15_000_000,
    vatRials: 0,
    totalRials: 0,
    payment: { ...invoiceOf().payment, method: 'wallet', amountRials: 0, reference: null, card: null },
  });
  const { text, rows } = parse(invoiceHtml(invoice, 'fa'));
  assert.equal(text('invoice-total'), '۰ تومان');
  assert.equal(text('invoice-words'), 'صفر تومان');
  assert.deepEqual(rows('invoice-payment'), { 'شمارهٔ پرداخت': '۵۰۰۱', 'روش پرداخت': 'کیف پول' });
});

test('without a discount code the line is just «تخفیف»; another VAT rate is printed as configured', () => {
  const figures = invoiceFigures(invoiceOf({ discountCode: null, discountRials: 0, vatPercent: 9 }), 'fa');
  assert.equal(figures.discountLabel, 'تخفیف');
  assert.equal(figures.discount, '۰ تومان');
  assert.equal(figures.vatLabel, 'مالیات بر ارزش افزوده (۹٪)');
});

test('a total too long for words reads the catalogue\'s words, never "out of range"', () => {
  // 10^70 rials is 10^69 toman: 70 digits, past the 66 number words reach.
  assert.equal(totalInWords(1e70, 'fa'), fa('invoice.wordsOutOfRange'));
  assert.equal(totalInWords(1e70, 'en'), 'too large to write in words');
  // The double nearest 10^66 rials is a 65-digit number of toman: still words.
  const largest = totalInWords(1e66, 'fa');
  assert.ok(largest.startsWith('نود و نه ویجینتیلیون و ') && largest.endsWith(' تومان'), largest);
  const { text } = parse(invoiceHtml(invoiceOf({ totalRials: 1e70 }), 'fa'));
  assert.equal(text('invoice-words'), 'بزرگ‌تر از آن است که به حروف نوشته شود');
});

test('the English invoice under /en: left to right, English labels, the total still in Persian words', () => {
  const { document, text, rows } = parse(invoiceHtml(invoiceOf(), 'en'));
  assert.equal(document.documentElement.getAttribute('dir'), 'ltr');
  assert.equal(document.querySelector('h1')?.textContent, 'Sales invoice');
  assert.deepEqual(rows('invoice-heading'), { 'Order number': '1023', Date: 'Farvardin 25, 1405 AP' });
  assert.equal(text('invoice-total'), '1,200,000 toman');
  assert.equal(text('invoice-discount'), '300,000 toman');
  const summary = [...document.querySelectorAll('[data-testid="invoice-summary"] th')].map((th) =>
    th.textContent?.trim(),
  );
  assert.equal(summary[2], 'VAT (10%) (included in the total)');
  assert.equal(text('invoice-words'), 'یک میلیون و دویست هزار تومان');
  assert.equal(rows('invoice-payment')['Payment number'], '5001');
});

test('the page is A4 in points laid out in px through 0.75, and printed on that paper', () => {
  assert.equal(INVOICE_PAGE.widthPx, ptToPx(A4_PT.width));
  assert.equal(INVOICE_PAGE.heightPx, ptToPx(A4_PT.height));
  assert.equal(INVOICE_PAGE.marginPx, 48, '36 pt margins');
  assert.deepEqual(INVOICE_PAPER, { width: '793.701px', height: '1122.52px' });
  assert.ok(INVOICE_CSS.includes('@page { size: 793.701px 1122.52px; margin: 48px; }'), INVOICE_CSS.slice(0, 120));
  // The content box is the page less both margins: 793.701 − 96.
  assert.ok(INVOICE_CSS.includes('main { width: 697.701px; }'));
});

test('the document carries its own font and names nothing to fetch', () => {
  const html = invoiceHtml(invoiceOf(), 'fa');
  const { document } = parse(html);
  const css = document.querySelector('style')?.textContent ?? '';
  assert.equal((css.match(/@font-face/g) ?? []).length, 3, 'Vazirmatn: Arabic, Latin and Latin-extended subsets');
  assert.equal((css.match(/url\(data:font\/woff2;base64,/g) ?? []).length, 3);
  assert.doesNotMatch(html, /(src|href)="|url\((?!data:)/, 'no external resource');
  assert.equal(document.querySelectorAll('script').length, 0);
});

test('text typed by a person is escaped, never markup', () => {
  const hostile = '</style><script>alert(1)</script><img src=x onerror=alert(2)>';
  const invoice = invoiceOf({
    buyer: { ...invoiceOf().buyer, name: hostile, address: '"><b>bold</b>' },
    lines: [{ title: hostile, quantity: 1, unitPriceRials: 15_000_000, amountRials: 15_000_000 }],
  });
  const html = invoiceHtml(invoice, 'fa');
  const { document, rows } = parse(html);
  assert.equal(document.querySelectorAll('script, img, b').length, 0);
  assert.equal(rows('invoice-buyer')['نام'], hostile, 'shown as the text it is');
  assert.equal(document.querySelectorAll('style').length, 1);
});

test('the download is named after the order number', () => {
  assert.equal(invoiceFileName(invoiceOf()), 'invoice-1023.pdf');
});
