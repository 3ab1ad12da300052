// Slugs: readable (the name, in its own script), unique (a number appended when taken) and
// stable (given once at creation; a later change of name keeps the address people shared).
import { normalizePersian } from '@darmankar/platform/persian';

const MAX_BASE = 60;

export function slugBase(firstName: string, lastName: string): string {
  const base = normalizePersian(`${firstName} ${lastName}`)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = [...base].slice(0, MAX_BASE).join('').replace(/-+$/, '');
  return cut === '' ? 'resume' : cut;
}

/** The first of base, base-2, base-3 … that `taken` does not hold. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
