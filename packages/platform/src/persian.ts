// Persian text, digit, cellphone and national-id helpers. Browser-safe.
import {
  digitsArToEn,
  digitsEnToFa,
  digitsFaToEn,
  verifyIranianLegalId,
  verifyIranianNationalId,
} from '@persian-tools/persian-tools';

const ZWNJ = '\u200c';
// Arabic diacritics (harakat, tanwin, shadda, sukun, superscript alef) and tatweel.
const DIACRITICS = /[\u064b-\u065f\u0670\u0640]/g;

/** Persian and Arabic-Indic digits to Latin, so numbers parse. */
export function toLatinDigits(text: string): string {
  return digitsArToEn(digitsFaToEn(text));
}

/** Latin digits to Persian, for everything shown in the Persian UI. */
export function toPersianDigits(value: string | number): string {
  return digitsEnToFa(String(value));
}

// Invisible controls that carry nothing a person typed: C0 and C1 controls other than tab and
// the line breaks, DEL, the bidi embeddings and overrides (U+202A-U+202E) and isolates
// (U+2066-U+2069), and the byte-order mark. ZWNJ (U+200C), ZWJ (U+200D) and the bidi marks
// (LRM, RLM, ALM) are kept: Persian writers use them on purpose and none outlives its place.
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * Free text as a person typed it, for storing and showing: line breaks made `\n`, invisible
 * controls and bidi overrides, embeddings and isolates dropped, the ends trimmed. Letters,
 * digits of any script, ZWNJ, ZWJ and marks (ezafe ٔ, tanween, harakat) stay exactly as typed.
 * `singleLine` (names, titles) turns line breaks and tabs into spaces.
 * Matching (search keys, slugs, uniqueness) uses normalizePersian or normalizeForSearch on a
 * copy; the stored text is never normalised.
 */
export function cleanText(text: string, options: { singleLine?: boolean } = {}): string {
  const lines = text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n').replace(INVISIBLE_CONTROLS, '');
  return (options.singleLine ? lines.replace(/[\n\t]/g, ' ') : lines).trim();
}

/**
 * The form text is matched in (slugs, filter values, keys): Arabic ي/ى/ك/ة to Persian ی/ک/ه,
 * diacritics and tatweel dropped, digits Latin, whitespace collapsed, ZWNJ kept. Never what is
 * stored of free text or shown: that is cleanText.
 */
export function normalizePersian(text: string): string {
  return toLatinDigits(text)
    .replace(/[يى]/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/ة/g, 'ه')
    .replace(DIACRITICS, '')
    .replace(/[ \t\n\r\f\v]+/g, ' ')
    .trim();
}

/** The form text is searched in: normalised, lower-case, ZWNJ folded to a space. */
export function normalizeForSearch(text: string): string {
  return normalizePersian(text).replaceAll(ZWNJ, ' ').replace(/ +/g, ' ').trim().toLowerCase();
}

/**
 * A cellphone as stored: `09XXXXXXXXX`. Accepts +98, 98, 0098, a bare 9XXXXXXXXX,
 * Persian or Arabic-Indic digits, spaces and dashes. Returns null when it is not one.
 * Operator prefixes are not hard-coded: new ones (0900, 0995, 0996) keep appearing.
 */
export function normalizeCellphone(input: string): string | null {
  const digits = toLatinDigits(input).replace(/[\s\-()]/g, '');
  const match = /^(?:\+98|0098|98|0)?(9\d{9})$/.exec(digits);
  return match ? `0${match[1]}` : null;
}

/** A national id (کد ملی) with a valid checksum; accepts Persian digits and short forms. */
export function isValidNationalId(input: string): boolean {
  const digits = toLatinDigits(input).trim();
  if (!/^\d{8,10}$/.test(digits)) return false;
  return verifyIranianNationalId(digits.padStart(10, '0'));
}

/** True when the text holds only digits, in any of Persian, Arabic-Indic or Latin. */
export function isDigits(text: string): boolean {
  return /^[0-9\u06f0-\u06f9\u0660-\u0669]+$/.test(text);
}

/**
 * An organisation's national id (شناسه ملی): 11 digits with a valid check digit; accepts
 * Persian and Arabic-Indic digits.
 */
export function isValidLegalNationalId(input: string): boolean {
  const digits = toLatinDigits(input).trim();
  if (!/^\d{11}$/.test(digits)) return false;
  return verifyIranianLegalId(digits) === true;
}
