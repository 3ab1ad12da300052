// The web server's PDF printer: Chromium (Debian's, through playwright-core) prints pages so
// Persian is shaped by the same engine as on screen, in the app's own Vazirmatn. One browser
// stays warm and is reused; each print gets its own context, closed after use, and a small limit
// (PDF_CONCURRENCY, 2) keeps a burst of downloads from starting a page per request. Used by the
// public resume (a page of this server, by URL: lib/resume/pdf.server.ts) and the invoice (a
// document rendered here, by content: lib/invoice/render.server.ts).
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/lib/chromium.mjs';

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
  /** How many PDFs were printed (a kept resume handed out again is not). */
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

/** The paper: Chromium's `page.pdf` sizes (`"793.7px"`); none prints A4 or the page's CSS size. */
export interface Paper {
  width: string;
  height: string;
}

/**
 * Prints what `load` puts in a fresh page of its own context, once its fonts have loaded.
 * `offline`: the page can fetch nothing (a document that carries everything it shows).
 */
async function print(load: (page: Page) => Promise<void>, paper?: Paper, offline = false): Promise<Buffer> {
  const release = await slot();
  renders++;
  try {
    const context = await (await warmBrowser()).newContext({ locale: 'fa-IR', javaScriptEnabled: false, offline });
    try {
      const page = await context.newPage();
      await load(page);
      await page.emulateMedia({ media: 'print' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      return await page.pdf({
        ...(paper ?? { format: 'A4' }),
        printBackground: true,
        preferCSSPageSize: !paper,
      });
    } finally {
      await context.close();
    }
  } finally {
    release();
  }
}

/** The page at `url` printed to an A4 PDF (or the page's CSS size). */
export function renderPdf(url: string): Promise<Buffer> {
  return print(async (page) => {
    const response = await page.goto(url, { waitUntil: 'load', timeout: RENDER_TIMEOUT_MS });
    if (!response || !response.ok()) throw new Error(`the printable page answered ${response?.status() ?? 'nothing'}`);
  });
}

/**
 * A whole HTML document printed on `paper`. It must carry everything it shows (fonts as data
 * URLs): the page is offline, so nothing it names is fetched.
 */
export function printHtml(html: string, paper: Paper): Promise<Buffer> {
  return print((page) => page.setContent(html, { waitUntil: 'load', timeout: RENDER_TIMEOUT_MS }), paper, true);
}

/** Closes the warm browser (the web server's shutdown, and tests). */
export async function closeWarmBrowser(): Promise<void> {
  const current = browser;
  browser = null;
  await (await current?.catch(() => null))?.close();
}

/** A refusal of a PDF route: the codes as JSON and in the `exc` header, as the gateway answers. */
export function pdfFailure(codes: string[], status: number): Response {
  return new Response(JSON.stringify({ exc: codes }), {
    status,
    headers: { 'content-type': 'application/json', exc: codes.join(','), 'cache-control': 'private, no-store' },
  });
}

/** A PDF as a download named `fileName`, kept by nobody (it may be one person's). */
export function pdfDownload(pdf: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.byteLength),
      'content-disposition': `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'cache-control': 'private, no-store',
    },
  });
}
