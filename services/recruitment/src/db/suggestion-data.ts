// The suggestion items the service serves, turned into the rows the store keeps: the closed
// lists (provinces, cities, industries …) from the platform's closed-lists module, which the
// other services validate against (docs/adr/023), and the open ones (universities, skills …)
// from this service's own files (data/<category>.json). A broken file stops the service at start with the file and
// item named: the data is part of the release, so it is checked like code (and by a test).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { closedList, isClosedListName } from '@darmankar/platform/closed-lists';
import { normalizeForSearch, normalizePersian } from '@darmankar/platform/persian';
import { CATEGORIES, PARENT_CATEGORY, type Category } from '../domain/categories.ts';
import { RECRUITMENT_SERVICE_DIR } from './migrate.ts';

export const DATA_DIR = path.join(RECRUITMENT_SERVICE_DIR, 'data');

const itemSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ids are lower-case words joined by "-"'),
  title: z.string().min(1),
  titleEn: z.string().min(1).optional(),
  /** Other names people type for it (abbreviations, older names); searched, never shown. */
  aliases: z.array(z.string().min(1)).optional(),
  /** The id of its item in the parent category (a city's province). */
  parent: z.string().min(1).optional(),
});

export type DataItem = z.infer<typeof itemSchema>;

export interface SuggestionRow {
  category: Category;
  id: string;
  title: string;
  titleEn: string | null;
  parentCategory: Category | null;
  parentId: string | null;
  position: number;
  searchText: string;
}

/** Between the title and the other names in search_text: prefix and exact matches look only left of it. */
export const NAMES_SEPARATOR = ' | ';

export function rowsOf(
  category: Category,
  items: readonly DataItem[],
  parentIds?: ReadonlySet<string>,
): SuggestionRow[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const parentCategory = PARENT_CATEGORY[category] ?? null;
  const rows = items.map((item, position) => {
    const where = `${category}.json: ${item.id}`;
    if (seen.has(item.id)) problems.push(`${where}: id used twice`);
    seen.add(item.id);
    for (const name of [item.title, ...(item.aliases ?? [])]) {
      if (normalizePersian(name) !== name)
        problems.push(`${where}: "${name}" is not normalised (expected "${normalizePersian(name)}")`);
    }
    if (parentCategory && !item.parent) problems.push(`${where}: needs a parent in ${parentCategory}`);
    if (!parentCategory && item.parent) problems.push(`${where}: ${category} has no parents`);
    if (item.parent && parentIds && !parentIds.has(item.parent))
      problems.push(`${where}: unknown parent ${item.parent}`);
    const names = [item.title, ...(item.aliases ?? []), ...(item.titleEn ? [item.titleEn] : [])];
    return {
      category,
      id: item.id,
      title: item.title,
      titleEn: item.titleEn ?? null,
      parentCategory: item.parent ? parentCategory : null,
      parentId: item.parent ?? null,
      position,
      searchText: names.map(normalizeForSearch).join(NAMES_SEPARATOR),
    };
  });
  if (problems.length > 0) throw new Error(`suggestion data is broken:\n  ${problems.join('\n  ')}`);
  return rows;
}

/** Categories served from data/ (the open lists); the closed ones come from the platform. */
export const OPEN_CATEGORIES = CATEGORIES.filter((category) => !isClosedListName(category));

async function readItems(category: Category, dir: string): Promise<DataItem[]> {
  if (isClosedListName(category)) {
    const parsed = z.array(itemSchema).safeParse(closedList(category));
    if (!parsed.success) throw new Error(`closed list ${category}: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  }
  const file = path.join(dir, `${category}.json`);
  const parsed = z.array(itemSchema).safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Every category's rows, parents checked against their parent category's ids. */
export async function loadSuggestionRows(dir = DATA_DIR): Promise<SuggestionRow[]> {
  const items = new Map(
    await Promise.all(CATEGORIES.map(async (category) => [category, await readItems(category, dir)] as const)),
  );
  return CATEGORIES.flatMap((category) => {
    const parent = PARENT_CATEGORY[category];
    return rowsOf(
      category,
      items.get(category)!,
      parent ? new Set(items.get(parent)!.map((item) => item.id)) : undefined,
    );
  });
}
