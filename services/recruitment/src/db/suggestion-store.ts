// The suggestions table: replaced from the data files at start, read by list and search.
// Search ranks, best first: the title itself; titles that start with the text (spaces and
// ZWNJ ignored, so دندانپزشکی finds دندان‌پزشکی); any name with a word that starts with the
// text; then near spellings by pg_trgm word similarity (typos). Ties keep data-file order.
import type { Category } from '../domain/categories.ts';
import type { SuggestionItem, SuggestionReader } from '../domain/suggestions.ts';
import type { Database } from './client.ts';
import { NAMES_SEPARATOR, type SuggestionRow } from './suggestion-data.ts';

/** Below this, a similar-looking name is noise rather than a typo of the text. */
const TYPO_SIMILARITY = 0.5;

// Any constant; taken while the rows are replaced so two starting replicas take turns.
const SYNC_LOCK_KEY = 5_505_501;

interface ItemRow {
  category: Category;
  id: string;
  title: string;
  title_en: string | null;
  parent_id: string | null;
  parent_title: string | null;
}

function item(row: ItemRow): SuggestionItem {
  return {
    id: row.id,
    title: row.title,
    ...(row.title_en ? { titleEn: row.title_en } : {}),
    ...(row.parent_id && row.parent_title ? { parent: { id: row.parent_id, title: row.parent_title } } : {}),
  };
}

/** `text` as a LIKE pattern matching itself literally. */
function literal(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function createSuggestionStore(
  db: Database,
): SuggestionReader & { replaceAll(rows: readonly SuggestionRow[]): Promise<void> } {
  return {
    async replaceAll(rows) {
      const column = <K extends keyof SuggestionRow>(key: K) => rows.map((row) => row[key]);
      await db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SYNC_LOCK_KEY})`;
        await tx.$executeRaw`
          INSERT INTO suggestions (category, id, title, title_en, parent_category, parent_id, position, search_text)
          SELECT * FROM unnest(
            ${column('category')}::text[], ${column('id')}::text[], ${column('title')}::text[], ${column('titleEn')}::text[],
            ${column('parentCategory')}::text[], ${column('parentId')}::text[], ${column('position')}::int[], ${column('searchText')}::text[])
          ON CONFLICT (category, id) DO UPDATE SET
            title = EXCLUDED.title, title_en = EXCLUDED.title_en, parent_category = EXCLUDED.parent_category,
            parent_id = EXCLUDED.parent_id, position = EXCLUDED.position, search_text = EXCLUDED.search_text
          WHERE (suggestions.title, suggestions.title_en, suggestions.parent_category, suggestions.parent_id, suggestions.position, suggestions.search_text)
            IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.title_en, EXCLUDED.parent_category, EXCLUDED.parent_id, EXCLUDED.position, EXCLUDED.search_text)`;
        // Items taken out of the data files go too.
        await tx.$executeRaw`
          DELETE FROM suggestions s
           WHERE NOT EXISTS (SELECT 1 FROM unnest(${column('category')}::text[], ${column('id')}::text[]) AS kept(category, id)
                              WHERE kept.category = s.category AND kept.id = s.id)`;
      });
    },

    async list(categories) {
      const rows = await db.$queryRaw<ItemRow[]>`
        SELECT s.category, s.id, s.title, s.title_en, s.parent_id, p.title AS parent_title
          FROM suggestions s
          LEFT JOIN suggestions p ON p.category = s.parent_category AND p.id = s.parent_id
         WHERE s.category = ANY(${[...categories]}::text[])
         ORDER BY s.category, s.position`;
      const groups = new Map<Category, SuggestionItem[]>();
      for (const row of rows) {
        const group = groups.get(row.category) ?? [];
        group.push(item(row));
        groups.set(row.category, group);
      }
      return groups;
    },

    async search(category, query, limit) {
      const prefix = `${literal(query)}%`;
      const compact = query.replaceAll(' ', '');
      const compactPrefix = `${literal(compact)}%`;
      const wordPrefix = `% ${literal(query)}%`;
      const rows = await db.$queryRaw<ItemRow[]>`
        SELECT category, id, title, title_en, parent_id, parent_title FROM (
          SELECT s.category, s.id, s.title, s.title_en, s.parent_id, p.title AS parent_title, s.position,
                 CASE
                   WHEN split_part(s.search_text, ${NAMES_SEPARATOR}, 1) = ${query} THEN 0
                   WHEN s.search_text LIKE ${prefix}
                     OR replace(split_part(s.search_text, ${NAMES_SEPARATOR}, 1), ' ', '') LIKE ${compactPrefix} THEN 1
                   WHEN ' ' || s.search_text LIKE ${wordPrefix} THEN 2
                 END AS rank,
                 -- Near spellings of any name, or of the title with its spaces left out
                 -- (دندانپزشگی for دندان‌پزشکی: a typo and a missing ZWNJ at once).
                 GREATEST(word_similarity(${query}, s.search_text),
                          word_similarity(${compact}, replace(split_part(s.search_text, ${NAMES_SEPARATOR}, 1), ' ', ''))) AS similarity
            FROM suggestions s
            LEFT JOIN suggestions p ON p.category = s.parent_category AND p.id = s.parent_id
           WHERE s.category = ${category}
        ) ranked
        WHERE rank IS NOT NULL OR similarity >= ${TYPO_SIMILARITY}
        ORDER BY coalesce(rank, 3), similarity DESC, position
        LIMIT ${limit}`;
      return rows.map(item);
    },
  };
}
