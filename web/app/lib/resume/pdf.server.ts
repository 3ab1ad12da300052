// PDFs of the public resume: its printable page, printed by the web server's warm Chromium
// (lib/pdf.server.ts: one browser, a page per print, a limit on prints at once). A PDF is kept
// per resume version (cachedPdf), so repeated downloads of an unchanged resume are free.
import { LRUCache } from 'lru-cache';
import { closeWarmBrowser, renderPdf } from '../pdf.server.ts';

export { pdfStats, renderPdf, type PdfStats } from '../pdf.server.ts';

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

/** Forgets the kept PDFs and closes the warm browser (the web server's shutdown, and tests). */
export async function closePdfBrowser(): Promise<void> {
  cache.clear();
  await closeWarmBrowser();
}
