// The PDF renderer of the public resume (app/lib/resume/pdf.server.ts) on Debian's Chromium:
// Persian letters come out joined and digits Persian in the app's Vazirmatn, the check that
// says so fails on letters that were not joined, one browser serves every render, at most
// PDF_CONCURRENCY run at once, and every render closes its page.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { cachedPdf, closePdfBrowser, pdfStats, renderPdf } from '../app/lib/resume/pdf.server.ts';
import { joinedForms, pdfText } from './resume-pdf-text.ts';

const require = createRequire(import.meta.url);
const fontDir = require
  .resolve('@fontsource-variable/vazirmatn/files/vazirmatn-arabic-wght-normal.woff2')
  .replace(/[^/]+$/, '');

const page = (body: string) => `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><style>
@font-face{font-family:Vazirmatn;src:url(/arabic.woff2) format('woff2');unicode-range:U+0600-06FF,U+200C-200E,U+FB50-FDFF,U+FE70-FEFF}
@font-face{font-family:Vazirmatn;src:url(/latin.woff2) format('woff2');unicode-range:U+0000-00FF}
body{font-family:Vazirmatn;font-size:24px}</style></head><body>${body}</body></html>`;

// Needs Debian's Chromium; without it this fails, never skips (`make test` installs it or fails).
assert.ok(existsSync(CHROMIUM_PATH), `${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`);

describe('resume PDF rendering', () => {
  let server: Server;
  let origin: string;
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/arabic.woff2' || req.url === '/latin.woff2') {
        res.setHeader('content-type', 'font/woff2');
        res.end(readFileSync(`${fontDir}vazirmatn-${req.url.slice(1, -6)}-wght-normal.woff2`));
        return;
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      // The second page draws the same name with a zero-width non-joiner between the letters.
      res.end(
        page(req.url === '/unjoined' ? '<h1>م‌ح‌م‌د سارا</h1><p>۱۴۰۲</p>' : '<h1>محمد سارا</h1><p>متولد ۱۴۰۲</p>'),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(async () => {
    await closePdfBrowser();
    await new Promise((resolve) => server.close(resolve));
  });

  test('joined Persian letters and Persian digits in the embedded Vazirmatn', async () => {
    const pdf = await renderPdf(`${origin}/`);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const { shaped, text, fontFamilies } = pdfText(pdf);
    assert.deepEqual(fontFamilies, ['Vazirmatn']);
    assert.ok(shaped.includes(joinedForms('محمد')), `محمد is drawn with joined forms: ${JSON.stringify(shaped)}`);
    assert.ok(shaped.includes(joinedForms('سارا')), `سارا is drawn with joined forms: ${JSON.stringify(shaped)}`);
    assert.ok(text.includes('محمد') && text.includes('سارا'));
    assert.ok(text.includes('۱۴۰۲'), `Persian digits: ${JSON.stringify(text)}`);
  });

  test('the joining check fails on letters drawn one by one', async () => {
    const { shaped, text } = pdfText(await renderPdf(`${origin}/unjoined`));
    assert.equal(shaped.includes(joinedForms('محمد')), false);
    assert.ok(text.includes('م') && text.includes('ح'), 'the letters themselves are there');
  });

  test('one warm browser, at most the concurrency limit at once, every page closed', async () => {
    const before = await pdfStats();
    const pdfs = await Promise.all(Array.from({ length: 5 }, () => renderPdf(`${origin}/`)));
    assert.equal(pdfs.length, 5);
    const stats = await pdfStats();
    assert.equal(stats.launches, before.launches === 0 ? 1 : before.launches, 'the browser is reused');
    assert.ok(stats.mostAtOnce <= stats.concurrency, `at most ${stats.concurrency} at once (saw ${stats.mostAtOnce})`);
    assert.ok(stats.mostAtOnce >= 2, 'renders do run side by side');
    assert.equal(stats.openContexts, 0);
    assert.equal(stats.running, 0);
  });

  test('a resume version is printed once: later and simultaneous requests share it, a new version prints again', async () => {
    const before = (await pdfStats()).renders;
    const [first, second] = await Promise.all([cachedPdf('/r v1', `${origin}/`), cachedPdf('/r v1', `${origin}/`)]);
    const third = await cachedPdf('/r v1', `${origin}/`);
    assert.equal((await pdfStats()).renders, before + 1);
    assert.ok(first === second && second === third, 'one PDF for the version');
    await cachedPdf('/r v2', `${origin}/`);
    assert.equal((await pdfStats()).renders, before + 2);
    // A failed print is not kept: the next request tries again.
    const down = `${origin.replace(/:\d+$/, ':9')}/`;
    await assert.rejects(cachedPdf('/down v1', down));
    await assert.rejects(cachedPdf('/down v1', down));
    assert.equal((await pdfStats()).renders, before + 4);
  });

  test('a page that answers an error is not printed', async () => {
    await assert.rejects(renderPdf(`${origin.replace(/:\d+$/, ':9')}/`));
    assert.equal((await pdfStats()).openContexts, 0);
  });
});
