// Persian search vocabulary shared by both engines: synonyms (a query word also matches its
// others) and stop words (left out of a query). The Meilisearch adapter hands the same lists
// to the engine's settings, the Postgres adapter expands query words with them, so both answer
// alike. Words are written normalised (normalizeForSearch: ی, ک, ZWNJ as a space).
import { normalizeForSearch } from '@darmankar/platform/persian';

/** Groups of words meaning the same job or place for a searcher. */
const SYNONYM_GROUPS: string[][] = [
  ['پرستار', 'نرس'],
  ['پرستاری', 'نرسینگ'],
  ['دندانپزشک', 'دندان پزشک', 'دندان‌پزشک'],
  ['دندانپزشکی', 'دندان پزشکی', 'دندان‌پزشکی'],
  ['پزشک', 'دکتر'],
  ['بهیار', 'کمک پرستار'],
  ['ماما', 'مامایی'],
  ['داروساز', 'دکتر داروساز'],
  ['منشی', 'پذیرش'],
  ['تکنسین', 'تکنیسین'],
  ['رادیولوژی', 'تصویربرداری'],
  ['فیزیوتراپ', 'فیزیوتراپیست'],
  ['بیمارستان', 'مرکز درمانی'],
  ['icu', 'آی سی یو', 'مراقبت ویژه'],
  ['ccu', 'سی سی یو'],
];

/** Words left out of a query: they carry no meaning of their own in a job title. */
export const PERSIAN_STOP_WORDS = new Set(
  ['و', 'در', 'به', 'از', 'با', 'برای', 'را', 'که', 'این', 'آن', 'یا', 'تا', 'هم', 'بر', 'یک'].map(normalizeForSearch),
);

const groups = SYNONYM_GROUPS.map((group) => [...new Set(group.map(normalizeForSearch))]);

/** Single-word synonyms of a normalised word (multi-word ones are the engine's settings only). */
export function synonymsOf(word: string): string[] {
  const others = new Set<string>();
  for (const group of groups) {
    if (!group.includes(word)) continue;
    for (const other of group) if (other !== word && !other.includes(' ')) others.add(other);
  }
  return [...others];
}

/** The synonym groups, normalised, for an engine that takes them whole (Meilisearch). */
export function synonymGroups(): string[][] {
  return groups.map((group) => [...group]);
}
