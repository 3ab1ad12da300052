// Vazirmatn for printed documents, embedded: the app's own font files (@fontsource-variable/
// vazirmatn, the package app.css loads) as @font-face rules with data URLs, so Chromium shapes the
// invoice offline in the same font as the site. Read from disk once per process.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
let css: string | null = null;

/** Fontsource's own rules (every subset with its unicode-range), each file inlined. */
export function vazirmatnFontFaces(): string {
  if (css !== null) return css;
  const sheet = require.resolve('@fontsource-variable/vazirmatn/wght.css');
  css = readFileSync(sheet, 'utf8').replace(/url\(\.\/(files\/[^)]+\.woff2)\)/g, (_, file: string) => {
    const data = readFileSync(join(dirname(sheet), file)).toString('base64');
    return `url(data:font/woff2;base64,${data})`;
  });
  if (!css.includes('data:font/woff2')) throw new Error(`no font files found in ${sheet}`);
  return css;
}
