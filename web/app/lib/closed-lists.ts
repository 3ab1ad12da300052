// The closed lists on the screens (docs/adr/023): fields hold the list's id; pages show its title
// in the page's language, forms offer the list. A value saved before the lists were enforced and
// naming no item is shown as it was typed.
import { closedList, closedListItem, title, type ClosedListName } from '@darmankar/platform/closed-lists';
import type { Locale } from './locale.ts';

export type { ClosedListName } from '@darmankar/platform/closed-lists';

/** The title of `id` in `list` for the page's locale; an id not on the list is shown as stored. */
export function listTitle(list: ClosedListName, id: string | null | undefined, locale: Locale): string | null {
  if (id == null || id === '') return null;
  return title(list, id, locale) ?? id;
}

/** "Industry · Province · City" and the like: the titles of the values present, in order. */
export function listTitles(
  values: Array<[ClosedListName, string | null | undefined]>,
  locale: Locale,
  separator = ' · ',
): string {
  return values
    .map(([list, id]) => listTitle(list, id, locale))
    .filter(Boolean)
    .join(separator);
}

/**
 * The id a query value stands for: the id itself, or the item whose Persian or English title it is
 * (links made while the filters took typed text); null when it names no item.
 */
export function listIdOf(list: ClosedListName, value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (closedListItem(list, text)) return text;
  const lower = text.toLowerCase();
  return closedList(list).find((item) => item.title === text || item.titleEn?.toLowerCase() === lower)?.id ?? null;
}
