// PDFs of the public resume: the printable page, rendered by Chromium (Debian's, through
// playwright-core) so Persian is shaped by the same engine as on screen, in the app's own
// Vazirmatn. One browser stays warm and is reused; each render gets its own page, closed after
// use, and a small limit keeps a burst of downloads from starting a page per request. A PDF is
// kept per resume version (cachedPdf), so repeated downloads of an unchanged resume are free.
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
  return { running, waiting: waiting.length, concurrency: CONCURRENCY, mostAtOnce, launches, renders, openContexts: current?.contexts().length ?? 0 };
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
      if (!response || !response.ok()) throw new Error(`the printable page answered ${response?.status() ?? 'nothing'}`);
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

const CACHE_MAX_BYTES = 64 * 1024 * 1024;
// Insertion order is use order: a hit moves its entry to the end, the oldest go first.
const cache = new Map<string, Promise<Buffer>>();
const cachedBytes = new Map<string, number>();
let totalBytes = 0;

function forget(key: string): void {
  cache.delete(key);
  totalBytes -= cachedBytes.get(key) ?? 0;
  cachedBytes.delete(key);
}

/**
 * The PDF for `key` (which must change whenever the printed page does: the resume's slug, its
 * last change and the locale), printed once; requests for the same key while it prints share
 * that print. A failed print is not kept.
 */
export function cachedPdf(key: string, url: string): Promise<Buffer> {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const printing = renderPdf(url).then(
    (pdf) => {
      if (cache.get(key) === printing) {
        cachedBytes.set(key, pdf.byteLength);
        totalBytes += pdf.byteLength;
        for (const oldest of cache.keys()) {
          if (totalBytes <= CACHE_MAX_BYTES || oldest === key) break;
          forget(oldest);
        }
      }
      return pdf;
    },
    (error: unknown) => {
      if (cache.get(key) === printing) forget(key);
      throw error;
    },
  );
  cache.set(key, printing);
  return printing;
}

/** Closes the warm browser (the web server's shutdown, and tests). */
export async function closePdfBrowser(): Promise<void> {
  const current = browser;
  browser = null;
  for (const key of [...cache.keys()]) forget(key);
  await (await current?.catch(() => null))?.close();
}
