// The invoice printed to PDF on Debian's Chromium (lib/invoice/render.server → lib/pdf.server):
// its text read back out of the PDF holds the total in Persian words, the Jalali date and the order
// number in Persian digits, letters joined in the embedded Vazirmatn, on A4 paper; the page
// fetches nothing; the warm browser is shared with the resume's PDFs.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import * as React from 'react';
import { A4_PT } from '@darmankar/platform/print';
import { CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { invoicePdf } from '../app/lib/invoice/render.server.tsx';
import { closeWarmBrowser, pdfStats, printHtml } from '../app/lib/pdf.server.ts';
import { invoiceOf } from './invoice-fixture.ts';
import { joinedForms, pdfText } from './resume-pdf-text.ts';

// tsx compiles the app's JSX to the classic React.createElement outside web/ (see routes/support/dom.ts).
(globalThis as { React?: typeof React }).React = React;

// Needs Debian's Chromium; without it this fails, never skips (`make test` installs it or fails).
assert.ok(existsSync(CHROMIUM_PATH), `${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`);

/**
 * Whether `phrase` is in the PDF's text word for word. Chromium writes a right-to-left line's words
 * as runs in visual order, so a phrase reads in either direction; the words must still be whole
 * and next to each other.
 */
function reads(text: string, phrase: string): boolean {
  const flat = ` ${text.replace(/\s+/g, ' ')} `;
  const words = phrase.split(' ');
  return flat.includes(` ${words.join(' ')} `) || flat.includes(` ${[...words].reverse().join(' ')} `);
}

function mediaBox(pdf: Buffer): number[] {
  const box = /\/MediaBox\s*\[([^\]]*)\]/.exec(pdf.toString('latin1'));
  assert.ok(box, 'the PDF has a page');
  return box[1]!.trim().split(/\s+/).map(Number);
}

describe('invoice PDF', () => {
  after(closeWarmBrowser);

  test('the total in Persian words, the Jalali date and the order number, in Vazirmatn on A4', async () => {
    const pdf = await invoicePdf(invoiceOf(), 'fa');
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const { text, shaped, fontFamilies } = pdfText(pdf);
    assert.deepEqual(fontFamilies, ['Vazirmatn']);
    assert.ok(reads(text, 'یک میلیون و دویست هزار تومان'), `the total in words: ${text}`);
    assert.ok(reads(text, '۲۵ فروردین ۱۴۰۵'), `the Jalali date: ${text}`);
    assert.ok(/(^|\s)۱۰۲۳(\s|$)/.test(text), `the order number in Persian digits: ${text}`);
    assert.ok(text.includes('۱٬۲۰۰٬۰۰۰'), `the total in toman: ${text}`);
    assert.ok(reads(text, 'مالیات بر ارزش افزوده'), `the VAT line: ${text}`);
    assert.ok(shaped.includes(joinedForms('سارا')), `the buyer's name with its letters joined: ${shaped}`);
    // The paper: A4 as Chromium prints it, within the point it rounds page sizes to.
    const [, , width, height] = mediaBox(pdf);
    assert.ok(Math.abs(width! - A4_PT.width) < 1 && Math.abs(height! - A4_PT.height) < 1, `A4: ${width} × ${height}`);
  });

  test('the English invoice: English labels, the total still in Persian words', async () => {
    const { text } = pdfText(await invoicePdf(invoiceOf(), 'en'));
    assert.ok(reads(text, 'Sales invoice'), text);
    assert.ok(text.includes('1,200,000'), text);
    assert.ok(reads(text, 'یک میلیون و دویست هزار تومان'), text);
  });

  test('a printed document fetches nothing: a remote image is not loaded', async () => {
    let asked = 0;
    const { createServer } = await import('node:http');
    const server = createServer((_req, res) => {
      asked++;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const pdf = await printHtml(`<!doctype html><img src="http://127.0.0.1:${port}/x.png"><p>x</p>`, {
        width: '793.701px',
        height: '1122.52px',
      });
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
      assert.equal(asked, 0, 'the page is offline');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('invoices printed together share one warm browser and close every context', async () => {
    const before = await pdfStats();
    const pdfs = await Promise.all(
      [1024, 1025, 1026].map((orderNumber) => invoicePdf(invoiceOf({ orderNumber }), 'fa')),
    );
    const numbers = pdfs.map((pdf) => ['۱۰۲۴', '۱۰۲۵', '۱۰۲۶'].filter((number) => pdfText(pdf).text.includes(number)));
    assert.deepEqual(numbers, [['۱۰۲۴'], ['۱۰۲۵'], ['۱۰۲۶']], 'each PDF is its own invoice');
    const stats = await pdfStats();
    assert.equal(stats.launches, before.launches, 'no second browser');
    assert.equal(stats.renders, before.renders + 3);
    assert.ok(stats.mostAtOnce <= stats.concurrency);
    assert.equal(stats.openContexts, 0);
  });
});
