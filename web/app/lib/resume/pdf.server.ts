// PDFs of the public resume: the printable page, rendered by Chromium (Debian's, through
// playwright-core) so Persian is shaped by the same engine as on screen, in the app's own
// Vazirmatn. One browser stays warm and is reused; each render gets its own page, closed after
// use, and a small limit keeps a burst of downloads from starting a page per request. A PDF is
// kept per resume version (cachedPdf), so repeated downloads of an unchanged resume are free.
import { LRUCache } from 'lru-cache';
import type { Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../../scripts/lib/chromium.mjs';

const CONCURRENCY = Math.max(1, Number(process.env.PDF_CONCURRENCY ?? 2) || 2);
const RENDER_TIMEOUT_MS = 30_000;

let browser: Promise<Browser> | null = null;
let running = 0;
let mostAtOnce = 0;
let launches = 0;
let renders = 0;
const waiting: Array<() => void> = [];

async function warmBrowser(): Promise<Browser> {
  browser ??= (async () => {
    const { chromium } = await import('playwright-core');
    const launched = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    launches++;
    // A crashed or closed browser is started again on the next render.
    launched.on('disconnected', () => {
      browser = null;
    });
    return launched;
  })().catch((error: unknown) => {
    browser = null;
    throw error;
  });
  return browser;
}

async function slot(): Promise<() => void> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  mostAtOnce = Math.max(mostAtOnce, running);
  return () => {
    running--;
    waiting.shift()?.();
  };
}

export interface PdfStats {
  running: number;
  waiting: number;
  concurrency: number;
  /** The most renders that ran at the same time. */
  mostAtOnce: number;
  /** How many times a browser was started. */
  launches: number;
  /** How many PDFs were printed (cache hits are not). */
  renders: number;
  /** Browser contexts still open (each render closes its own). */
  openContexts: number;
}

export async function pdfStats(): Promise<PdfStats> {
  const current = await browser?.catch(() => null);
  return {
    running,
    waiting: waiting.length,
    concurrency: CONCURRENCY,
    mostAtOnce,
    launches,
    renders,
    openContexts: current?.contexts().length ?? 0,
  };
}

/** The page at `url` printed to an A4 PDF, once its fonts have loaded. */
export async function renderPdf(url: string): Promise<Buffer> {
  const release = await slot();
  renders++;
  try {
    const context = await (await warmBrowser()).newContext({ locale: 'fa-IR', javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const response = await page.goto(url, { waitUntil: 'load', timeout: RENDER_TIMEOUT_MS });
      if (!response || !response.ok())
        throw new Error(`the printable page answered ${response?.status() ?? 'nothing'}`);
      await page.emulateMedia({ media: 'print' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    } finally {
      await context.close();
    }
  } finally {
    release();
  }
}

/**
 * PDFs by version, 64 MB at most, the least recently used dropped first. `fetch` prints a missing
 * one once: requests for the same key while it prints share that print, and a failed print is
 * not kept.
 */
const cache = new LRUCache<string, Buffer, string>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (pdf) => pdf.byteLength,
  fetchMethod: (_key, _stale, { context: url }) => renderPdf(url),
});

/**
 * The PDF for `key` (which must change whenever the printed page does: the resume's slug, its
 * last change and the locale), printed from `url` when it is not kept yet.
 */
export async function cachedPdf(key: string, url: string): Promise<Buffer> {
  const pdf = await cache.fetch(key, { context: url });
  // fetch answers undefined only for an aborted print, which nothing here aborts.
  if (!pdf) throw new Error(`no PDF printed for ${key}`);
  return pdf;
}

/** Closes the warm browser (the web server's shutdown, and tests). */
export async function closePdfBrowser(): Promise<void> {
  const current = browser;
  browser = null;
  cache.clear();
  await (await current?.catch(() => null))?.close();
}
