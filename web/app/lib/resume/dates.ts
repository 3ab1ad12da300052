// Dates of the resume: Gregorian YYYY-MM-DD on the wire, Jalali on screen (Asia/Tehran).
import { toGregorian, toJalaali } from 'jalaali-js';
import { currentJalaliYear, formatJalaliDate, localDigits } from '../format.ts';
import type { Locale } from '../locale.ts';

export interface JalaliParts {
  y: number;
  m: number;
  d: number;
}

export function isoToJalali(iso: string | null | undefined): JalaliParts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!match) return null;
  const { jy, jm, jd } = toJalaali(Number(match[1]), Number(match[2]), Number(match[3]));
  return { y: jy, m: jm, d: jd };
}

/** A calendar date as a full Jalali date; noon UTC keeps it on the same day in Tehran. */
export function formatIsoDate(iso: string | null | undefined, locale: Locale): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return '';
  return formatJalaliDate(new Date(`${iso}T12:00:00Z`), locale);
}

/** Month and year only, as a résumé shows job periods: «فروردین ۱۴۰۲». */
export function formatIsoMonth(iso: string | null | undefined, locale: Locale): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return '';
  return new Intl.DateTimeFormat(`${locale === 'fa' ? 'fa-IR' : 'en-US'}-u-ca-persian`, {
    timeZone: 'Asia/Tehran',
    year: 'numeric',
    month: 'long',
  }).format(new Date(`${iso}T12:00:00Z`));
}

/** The year choices (spec §9): the current Jalali year and the hundred before it, newest first. */
export function yearChoices(now = new Date()): number[] {
  const current = currentJalaliYear(now);
  return Array.from({ length: 101 }, (_, i) => current - i);
}

/** Jalali month names from the locale's own calendar data (ICU), not a list of ours. */
export function monthNames(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(`${locale === 'fa' ? 'fa-IR' : 'en-US'}-u-ca-persian`, {
    timeZone: 'UTC',
    month: 'long',
  });
  return Array.from({ length: 12 }, (_, i) => {
    const g = toGregorian(1403, i + 1, 10);
    return format.format(new Date(Date.UTC(g.gy, g.gm - 1, g.gd, 12)));
  });
}

export { localDigits };
