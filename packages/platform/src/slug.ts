// Slugs: readable (letters and digits in their own script, so a Persian name reads as itself),
// unique (a number appended when taken) and stable (given once at creation; a later change of
// name keeps the address people shared).

/** A slug as slugFrom and firstFreeSlug make them: letters and digits in runs joined by single dashes. */
export const SLUG_PATTERN = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

/** The longest slug anything carries along (a base and its number, with room to spare). */
export const MAX_SLUG_LENGTH = 200;

/** The longest slug base, in characters. */
const MAX_SLUG_BASE = 60;

/**
 * `normalized` (text already in its matching form, e.g. `normalizeForSearch`) as a slug base:
 * every run of other characters one dash, none at either end, at most 60 characters;
 * `fallback` when nothing is left.
 */
export function slugFrom(normalized: string, fallback: string): string {
  const base = normalized.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  const cut = [...base].slice(0, MAX_SLUG_BASE).join('').replace(/-+$/, '');
  return cut === '' ? fallback : cut;
}

/** The first of base, base-2, base-3 … that `taken` does not hold. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
