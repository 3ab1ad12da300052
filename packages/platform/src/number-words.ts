// Whole numbers in Persian words (spec §9), for amounts written out on invoices and in messages:
// 1,200,000 → «یک میلیون و دویست هزار». Browser-safe.
//
// Short scale from میلیارد on (10^9 میلیارد, 10^12 تریلیون, … 10^63 ویجینتیلیون), as Iranian
// banks and tax forms count, so 66 digits (up to 999 ویجینتیلیون …) is the most it can say;
// beyond that it answers NUMBER_WORDS_OUT_OF_RANGE, for the caller to show its catalogue's words.
// Not persian-tools' numberToWords: it refuses anything past 2^53 (16 digits) by returning an
// Error object, and writes «هفت صد», «نه صد» where the written forms are «هفتصد», «نهصد».
import { toLatinDigits } from './persian.ts';

/** What numberToWords answers for a number of more than NUMBER_WORDS_MAX_DIGITS digits. */
export const NUMBER_WORDS_OUT_OF_RANGE = 'out of range';
export const NUMBER_WORDS_MAX_DIGITS = 66;

const ONES = ['', 'یک', 'دو', 'سه', 'چهار', 'پنج', 'شش', 'هفت', 'هشت', 'نه'];
const TEENS = ['ده', 'یازده', 'دوازده', 'سیزده', 'چهارده', 'پانزده', 'شانزده', 'هفده', 'هجده', 'نوزده'];
const TENS = ['', '', 'بیست', 'سی', 'چهل', 'پنجاه', 'شصت', 'هفتاد', 'هشتاد', 'نود'];
const HUNDREDS = ['', 'صد', 'دویست', 'سیصد', 'چهارصد', 'پانصد', 'ششصد', 'هفتصد', 'هشتصد', 'نهصد'];
/** The name of each group of three digits, from the units up: 10^0, 10^3, … 10^63. */
const SCALES = [
  '',
  'هزار',
  'میلیون',
  'میلیارد',
  'تریلیون',
  'کوادریلیون',
  'کوینتیلیون',
  'سکستیلیون',
  'سپتیلیون',
  'اکتیلیون',
  'نانیلیون',
  'دسیلیون',
  'آندسیلیون',
  'دودسیلیون',
  'تریدسیلیون',
  'کواتوردسیلیون',
  'کویندسیلیون',
  'سکسدسیلیون',
  'سپتندسیلیون',
  'اکتودسیلیون',
  'نوودسیلیون',
  'ویجینتیلیون',
];
const AND = ' و ';

/** 1 … 999 in words; '' for 0. */
function belowThousand(value: number): string {
  const parts: string[] = [];
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  if (hundreds) parts.push(HUNDREDS[hundreds]!);
  if (rest >= 10 && rest < 20) parts.push(TEENS[rest - 10]!);
  else {
    if (rest >= 20) parts.push(TENS[Math.floor(rest / 10)]!);
    if (rest % 10) parts.push(ONES[rest % 10]!);
  }
  return parts.join(AND);
}

/** A whole number from a bigint, a whole number or its digits ("-1200", «۱۲۰۰», "1,200"). */
function wholeOf(value: number | bigint | string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new RangeError(`numberToWords takes a whole number, got ${value}`);
    // A number past 2^53 is read as the double it is; pass a bigint or a string to be exact.
    return BigInt(value);
  }
  const text = toLatinDigits(value.trim())
    .replace(/[,\u066c_\s]/g, '')
    .replace(/^\u2212/, '-');
  if (!/^[-+]?\d+$/.test(text))
    throw new RangeError(`numberToWords takes a whole number, got ${JSON.stringify(value)}`);
  return BigInt(text);
}

/**
 * `value` in Persian words: «صفر», «صد و یک», «یک میلیون و دویست هزار», «منفی پنج». More than 66
 * digits: NUMBER_WORDS_OUT_OF_RANGE. Every group reads its own count, so 1,000 is «یک هزار», as
 * a cheque or an invoice writes it. Something that is not a whole number throws a RangeError.
 */
export function numberToWords(value: number | bigint | string): string {
  const whole = wholeOf(value);
  const negative = whole < 0n;
  const digits = (negative ? -whole : whole).toString();
  if (digits.length > NUMBER_WORDS_MAX_DIGITS) return NUMBER_WORDS_OUT_OF_RANGE;
  if (whole === 0n) return 'صفر';
  const parts: string[] = [];
  for (let scale = Math.ceil(digits.length / 3) - 1; scale >= 0; scale--) {
    const end = digits.length - scale * 3;
    const group = Number(digits.slice(Math.max(0, end - 3), end));
    if (group) parts.push(scale ? `${belowThousand(group)} ${SCALES[scale]}` : belowThousand(group));
  }
  return `${negative ? 'منفی ' : ''}${parts.join(AND)}`;
}
