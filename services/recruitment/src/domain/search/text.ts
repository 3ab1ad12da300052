// Text as search matches it: the same normalisation for documents and queries (Arabic ي/ك,
// digits of any script, diacritics and ZWNJ folded: platform normalizeForSearch), words split
// on anything that is not a letter or a digit, so no engine ever sees an operator, a quote or
// a filter keyword from what a person typed. Persian writes compounds three ways (دندان‌پزشک,
// دندانپزشک, دندان پزشک): documents index each pair of neighbouring words also joined, and a
// query tries its neighbouring words joined too (the adapters build those alternatives).
import { normalizeForSearch } from '@darmankar/platform/persian';
import type { SearchText, SearchWord } from './search-index.ts';
import { PERSIAN_STOP_WORDS, synonymsOf } from './vocabulary.ts';

/** What a person may type in the search box, in characters after trimming. */
export const MAX_SEARCH_TEXT_LENGTH = 200;
/** Words beyond these are dropped: a query is a few words, and each adds alternatives. */
const MAX_QUERY_WORDS = 8;
/** A longer "word" is not one a person types (and edit distances stay cheap). */
const MAX_WORD_LENGTH = 40;

const NOT_A_WORD_CHARACTER = /[^\p{L}\p{N}]+/u;

/** The words of a text, normalised for matching. */
export function wordsOf(text: string): string[] {
  return normalizeForSearch(text)
    .split(NOT_A_WORD_CHARACTER)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/**
 * The text a document is matched in: the words of each field, plus each pair of neighbouring
 * words of a field joined (so دندان‌پزشک is found as دندانپزشک, and the other way round).
 */
export function indexedText(fields: Array<string | null | undefined>): string {
  const words = new Set<string>();
  for (const field of fields) {
    if (!field) continue;
    const fieldWords = wordsOf(field);
    fieldWords.forEach((word, index) => {
      words.add(word);
      const next = fieldWords[index + 1];
      if (next !== undefined) words.add(word + next);
    });
  }
  return [...words].join(' ');
}

/**
 * The words a query matches: normalised, stop words left out (unless nothing else is left),
 * at most eight, the last one a prefix unless the text ended with a space (a finished word).
 */
export function searchTextOf(text: string): SearchText {
  const all = wordsOf(text);
  const meaningful = all.filter((word) => !PERSIAN_STOP_WORDS.has(word));
  const chosen = (meaningful.length > 0 ? meaningful : all).slice(0, MAX_QUERY_WORDS);
  const endsFinished = /[\s\p{P}]$/u.test(text);
  const words: SearchWord[] = chosen.map((word, index) => ({
    word,
    synonyms: synonymsOf(word),
    prefix: index === chosen.length - 1 && !endsFinished,
  }));
  return { words, normalized: chosen.join(' ') };
}
