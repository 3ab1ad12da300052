// A resume's slug: the person's name in its own script (the rules: platform slug.ts).
import { normalizePersian } from '@darmankar/platform/persian';
import { slugFrom } from '@darmankar/platform/slug';

export function slugBase(firstName: string, lastName: string): string {
  return slugFrom(normalizePersian(`${firstName} ${lastName}`).toLowerCase(), 'resume');
}
