// The suggestion rules: which categories exist, what a search text may be, how many answers a
// search gives. Every broken rule is reported at once (several codes, comma-joined upstream).
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { normalizeForSearch } from '@darmankar/platform/persian';
import { isCategory, type Category } from './categories.ts';

export interface SuggestionItem {
  id: string;
  title: string;
  titleEn?: string;
  parent?: { id: string; title: string };
}

export interface SuggestionGroup {
  category: Category;
  items: SuggestionItem[];
}

/** Where the items are kept (src/db/suggestion-store.ts). */
export interface SuggestionReader {
  /** Every item of each category, in data-file order. */
  list(categories: readonly Category[]): Promise<Map<Category, SuggestionItem[]>>;
  /** The best `limit` matches of `query` (already folded with normalizeForSearch), best first. */
  search(category: Category, query: string, limit: number): Promise<SuggestionItem[]>;
}

/** Longer than any item's name: a longer text is not someone typing into a picker. */
const MAX_TEXT_LENGTH = 100;
const SEARCH_LIMIT = 10;

// Control characters (NUL among them, which Postgres refuses in text) never come from a keyboard.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export class Suggestions {
  constructor(private readonly reader: SuggestionReader) {}

  async list(names: readonly string[]): Promise<SuggestionGroup[]> {
    const wanted = [...new Set(names.map((name) => name.trim()).filter(Boolean))];
    if (wanted.length === 0) throw new DomainError('EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED');
    if (!wanted.every(isCategory)) throw new DomainError('EXC_SUGGESTIONS_CATEGORY_IS_INVALID');
    const items = await this.reader.list(wanted);
    return wanted.map((category) => ({ category, items: items.get(category) ?? [] }));
  }

  async search(name: string, text: string): Promise<SuggestionItem[]> {
    const codes: ExcCode[] = [];
    const category = name.trim();
    if (!category) codes.push('EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED');
    else if (!isCategory(category)) codes.push('EXC_SUGGESTIONS_CATEGORY_IS_INVALID');

    let query = '';
    if (text.length > MAX_TEXT_LENGTH) codes.push('EXC_SUGGESTIONS_TEXT_IS_TOO_LONG');
    else if (CONTROL.test(text)) codes.push('EXC_SUGGESTIONS_TEXT_IS_INVALID');
    else {
      query = normalizeForSearch(text);
      // Only diacritics, ZWNJ or spaces: nothing left to look for.
      if (!query) codes.push('EXC_SUGGESTIONS_TEXT_IS_REQUIRED');
    }

    if (codes.length > 0) throw new DomainError(...(codes as [ExcCode, ...ExcCode[]]));
    return this.reader.search(category as Category, query, SEARCH_LIMIT);
  }
}
