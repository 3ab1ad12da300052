// Readable slugs from the brand (Persian letters kept, so a Persian brand reads as itself).
import { normalizeForSearch } from '@darmankar/platform/persian';

const MAX = 60;
/** Paths beside /employers/{slug} that a slug must never shadow. */
const RESERVED = new Set(['list', 'by-slug-with-seo']);

export function slugBase(brand: string): string {
  const base = normalizeForSearch(brand)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = [...base].slice(0, MAX).join('').replace(/-+$/, '');
  if (cut === '') return 'employer';
  return RESERVED.has(cut) ? `${cut}-employer` : cut;
}

/** The first of base, base-2, base-3 … that `taken` does not hold. */
export function firstFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
