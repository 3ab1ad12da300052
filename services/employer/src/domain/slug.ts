// An employer's slug: the brand in its own script (Persian letters kept, so a Persian brand
// reads as itself).
import { normalizeForSearch } from '@darmankar/platform/persian';
import { slugFrom } from '@darmankar/platform/slug';

/** Paths beside /employers/{slug} that a slug must never shadow. */
const RESERVED = new Set(['list', 'by-slug-with-seo']);

export function slugBase(brand: string): string {
  const cut = slugFrom(normalizeForSearch(brand), 'employer');
  return RESERVED.has(cut) ? `${cut}-employer` : cut;
}
