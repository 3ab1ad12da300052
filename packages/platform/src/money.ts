// The currency helper (spec §9), one for every part: the web app, the invoice and the
// notifications. Money is stored and sent as whole rials; people read toman (rials ÷ 10).
// Browser-safe (no Node imports).
//
// Every conversion takes a number or a bigint and answers the same kind: a number for the amounts
// the REST surface carries (always safe integers), a bigint for sums that may pass 2^53, which a
// number would silently round. Amounts are whole (a fraction of a rial throws a RangeError: it
// is a bug, never money). Fractions of a toman are dropped towards zero, so a debit reads
// exactly as large as the credit it undoes (-15 rials is -1 toman, as 15 rials is 1).
import { toPersianDigits } from './persian.ts';

export const RIALS_PER_TOMAN = 10;
/** The ×1e7 unit: a million toman in rials (the salary filter's steps). */
export const RIALS_PER_MILLION_TOMAN = 10_000_000;
/** The ×1e6 unit: a million rials in rials. */
export const RIALS_PER_MILLION_RIALS = 1_000_000;

export type Amount = number | bigint;

function whole(value: number, name: string): bigint {
  if (!Number.isInteger(value)) throw new RangeError(`${name} must be a whole number, got ${value}`);
  return BigInt(value);
}

/** `amount` ÷ `unit`, the fraction dropped towards zero, as the same kind as `amount`. */
function divide(amount: Amount, unit: number, name: string): Amount {
  if (typeof amount === 'bigint') return amount / BigInt(unit);
  // Through bigint: a number division would round 2^53-sized quotients before truncating.
  return Number(whole(amount, name) / BigInt(unit));
}

function multiply(amount: Amount, unit: number, name: string): Amount {
  if (typeof amount === 'bigint') return amount * BigInt(unit);
  return Number(whole(amount, name) * BigInt(unit));
}

/** A conversion that answers a number for a number and a bigint for a bigint. */
interface Conversion {
  (amount: number): number;
  (amount: bigint): bigint;
  (amount: Amount): Amount;
}

const by = (unit: number, name: string, operation: typeof divide): Conversion =>
  ((amount: Amount) => operation(amount, unit, name)) as Conversion;

/** Rials to whole toman: 125,000 rials are 12,500 toman; 9 rials are 0 toman. */
export const rialsToToman = by(RIALS_PER_TOMAN, 'rials', divide);

/** Toman to rials (× 10). */
export const tomanToRials = by(RIALS_PER_TOMAN, 'toman', multiply);

/** Million toman to rials (× 1e7): 5 → 50,000,000. */
export const millionTomanToRials = by(RIALS_PER_MILLION_TOMAN, 'million toman', multiply);

/** Rials to whole million toman (÷ 1e7). */
export const rialsToMillionToman = by(RIALS_PER_MILLION_TOMAN, 'rials', divide);

/** Million rials to rials (× 1e6). */
export const millionRialsToRials = by(RIALS_PER_MILLION_RIALS, 'million rials', multiply);

/** Rials to whole million rials (÷ 1e6). */
export const rialsToMillionRials = by(RIALS_PER_MILLION_RIALS, 'rials', divide);

// U+066C, the Persian thousands separator; U+2212 with a left-to-right mark before it, so the
// minus stays on the number's left inside right-to-left text (what Intl's fa-IR writes too).
const PERSIAN_SEPARATOR = '٬';
const PERSIAN_MINUS = '\u200e\u2212';

/**
 * A whole number with thousands separators: «۱۲٬۵۰۰٬۰۰۰» in Persian, "12,500,000" in English.
 * Grouped by hand rather than by Intl so a bigint of any size reads the same in every engine.
 */
export function formatWholeNumber(value: Amount, locale: 'fa' | 'en' = 'fa'): string {
  const exact = typeof value === 'bigint' ? value : whole(value, 'value');
  const negative = exact < 0n;
  const digits = (negative ? -exact : exact).toString();
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  if (locale === 'en') return `${negative ? '-' : ''}${groups.join(',')}`;
  return `${negative ? PERSIAN_MINUS : ''}${toPersianDigits(groups.join(PERSIAN_SEPARATOR))}`;
}

/** The toman figure of an amount of rials, without the unit: «۱۲٬۵۰۰٬۰۰۰» for 125,000,000. */
export function formatTomanFigure(rials: Amount, locale: 'fa' | 'en' = 'fa'): string {
  return formatWholeNumber(rialsToToman(rials), locale);
}

/** «۱۲٬۵۰۰٬۰۰۰ تومان» for 125,000,000 rials; "12,500,000 toman" in English. */
export function formatToman(rials: Amount, locale: 'fa' | 'en' = 'fa'): string {
  return `${formatTomanFigure(rials, locale)} ${locale === 'en' ? 'toman' : 'تومان'}`;
}
