// The one date input (components/ui/JalaliDateField.tsx) posts a Jalali date as three fields,
// `name.y`, `name.m` and `name.d`; the API stores Gregorian YYYY-MM-DD.
import { isValidJalaaliDate, toGregorian, toJalaali } from 'jalaali-js';
import { toLatinDigits } from './format.ts';

export interface JalaliParts {
  y: number;
  m: number;
  d: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Gregorian ISO date as Jalali parts, or null when it is not one. */
export function isoToJalaliParts(iso: string | null | undefined): JalaliParts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!match) return null;
  const { jy, jm, jd } = toJalaali(Number(match[1]), Number(match[2]), Number(match[3]));
  return { y: jy, m: jm, d: jd };
}

/**
 * Jalali parts as typed or chosen (any digits) to the Gregorian ISO date: null when all are empty,
 * `'invalid'` when some are missing or the day does not exist (the service refuses it by name).
 */
export function jalaliPartsToIso(
  y: string | null | undefined,
  m: string | null | undefined,
  d: string | null | undefined,
): string | null {
  const numbers = [y, m, d].map((part) => (part?.trim() ? Number(toLatinDigits(part.trim())) : NaN));
  if (numbers.every((n) => Number.isNaN(n))) return null;
  const [jy, jm, jd] = numbers as [number, number, number];
  if (!numbers.every((n) => Number.isInteger(n)) || !isValidJalaaliDate(jy, jm, jd)) return 'invalid';
  const g = toGregorian(jy, jm, jd);
  return `${g.gy}-${pad(g.gm)}-${pad(g.gd)}`;
}

/** The date field `name` of a posted form as the ISO date (see jalaliPartsToIso). */
export function jalaliDateFromForm(form: FormData, name: string): string | null {
  const part = (suffix: string) => {
    const value = form.get(`${name}.${suffix}`);
    return typeof value === 'string' ? value : null;
  };
  return jalaliPartsToIso(part('y'), part('m'), part('d'));
}
