// The closed lists (docs/adr/023): provinces and their cities, industries, employer and
// ownership types, employment and work types, degree levels, marital and military statuses,
// organisational levels, facility types, medical specialties and the reasons an employer gives
// for rejecting an application. A field on one of them stores
// the item's id, is checked against the list (a city against its province) and is shown by its
// Persian or English title. The data lives beside this module (closed-lists/<name>.json); the
// recruitment service serves it as suggestions. Browser-safe: no Node imports.
import cities from './closed-lists/cities.json' with { type: 'json' };
import degreeLevels from './closed-lists/degreeLevels.json' with { type: 'json' };
import employerTypes from './closed-lists/employerTypes.json' with { type: 'json' };
import employmentTypes from './closed-lists/employmentTypes.json' with { type: 'json' };
import facilityTypes from './closed-lists/facilityTypes.json' with { type: 'json' };
import industries from './closed-lists/industries.json' with { type: 'json' };
import maritalStatuses from './closed-lists/maritalStatuses.json' with { type: 'json' };
import medicalSpecialties from './closed-lists/medicalSpecialties.json' with { type: 'json' };
import militaryServiceStatuses from './closed-lists/militaryServiceStatuses.json' with { type: 'json' };
import organizationalLevels from './closed-lists/organizationalLevels.json' with { type: 'json' };
import ownershipTypes from './closed-lists/ownershipTypes.json' with { type: 'json' };
import provinces from './closed-lists/provinces.json' with { type: 'json' };
import rejectionReasons from './closed-lists/rejectionReasons.json' with { type: 'json' };
import workTypes from './closed-lists/workTypes.json' with { type: 'json' };

export interface ClosedListItem {
  /** Lower-case words joined by "-"; what fields store. Never changed once shipped. */
  id: string;
  /** Persian, normalised. */
  title: string;
  titleEn?: string;
  /** Other names people type for it; searched, never shown. */
  aliases?: string[];
  /** The id of its item in the parent list (a city's province). */
  parent?: string;
}

const LISTS = {
  provinces,
  cities,
  industries,
  employerTypes,
  ownershipTypes,
  employmentTypes,
  workTypes,
  degreeLevels,
  maritalStatuses,
  militaryServiceStatuses,
  organizationalLevels,
  facilityTypes,
  medicalSpecialties,
  rejectionReasons,
} satisfies Record<string, ClosedListItem[]>;

export type ClosedListName = keyof typeof LISTS;

/** Every closed list's name, as the suggestions API spells its category. */
export const CLOSED_LIST_NAMES = Object.keys(LISTS) as ClosedListName[];

/** Lists whose items belong to an item of another: a city to its province. */
export const CLOSED_LIST_PARENT: Partial<Record<ClosedListName, ClosedListName>> = { cities: 'provinces' };

export type ClosedListLocale = 'fa' | 'en';

const byId = new Map<ClosedListName, Map<string, ClosedListItem>>(
  CLOSED_LIST_NAMES.map((name) => [name, new Map((LISTS[name] as ClosedListItem[]).map((item) => [item.id, item]))]),
);

export function isClosedListName(name: string): name is ClosedListName {
  return Object.hasOwn(LISTS, name);
}

/** The list's items in the order of its data file (the order pickers show). */
export function closedList(name: ClosedListName): readonly ClosedListItem[] {
  return LISTS[name];
}

export function closedListItem(name: ClosedListName, id: string): ClosedListItem | undefined {
  return byId.get(name)!.get(id);
}

/**
 * Whether `id` is an item of the list; with `parentId` (a city's province) also whether the
 * item belongs to that parent.
 */
export function isValid(name: ClosedListName, id: string, parentId?: string | null): boolean {
  const item = closedListItem(name, id);
  if (item === undefined) return false;
  return parentId == null || item.parent === parentId;
}

/** The item's title in the locale (Persian when it has no English one); null for an unknown id. */
export function title(name: ClosedListName, id: string | null | undefined, locale: ClosedListLocale): string | null {
  if (id == null || id === '') return null;
  const item = closedListItem(name, id);
  if (item === undefined) return null;
  return locale === 'en' && item.titleEn ? item.titleEn : item.title;
}

/** The items of a list as picker options (`{ id, label }`), children of `parentId` only when given. */
export function closedListOptions(
  name: ClosedListName,
  locale: ClosedListLocale,
  parentId?: string | null,
): { id: string; label: string; parent?: string }[] {
  return closedList(name)
    .filter((item) => parentId == null || item.parent === parentId)
    .map((item) => ({
      id: item.id,
      label: locale === 'en' && item.titleEn ? item.titleEn : item.title,
      ...(item.parent ? { parent: item.parent } : {}),
    }));
}
