// Jalali (Persian calendar) dates. Browser-safe. Everything is computed in Asia/Tehran.
import { isValidJalaaliDate, toGregorian, toJalaali } from 'jalaali-js';
import { toPersianDigits } from './persian.ts';

export const TIME_ZONE = 'Asia/Tehran';

export interface JalaliDate {
  year: number;
  month: number;
  day: number;
}

/** The calendar date in Tehran of an instant, as Gregorian numbers. */
function tehranParts(date: Date): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** The calendar date in Tehran of an instant, `YYYY-MM-DD`: what "today" means for a date rule. */
export function tehranIsoDate(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

export function toJalali(date: Date): JalaliDate {
  const g = tehranParts(date);
  const j = toJalaali(g.year, g.month, g.day);
  return { year: j.jy, month: j.jm, day: j.jd };
}

/** Gregorian calendar date (no time) for a Jalali date; throws on an impossible date. */
export function fromJalali({ year, month, day }: JalaliDate): { year: number; month: number; day: number } {
  if (!isValidJalaaliDate(year, month, day)) throw new RangeError(`Not a Jalali date: ${year}/${month}/${day}`);
  const g = toGregorian(year, month, day);
  return { year: g.gy, month: g.gm, day: g.gd };
}

export function isValidJalali({ year, month, day }: JalaliDate): boolean {
  return isValidJalaaliDate(year, month, day);
}

export function currentJalaliYear(now = new Date()): number {
  return toJalali(now).year;
}

/** `۱۴۰۳/۱۲/۳۰` (Persian digits) or `1403/12/30` for the English locale. */
export function formatJalali(date: Date, locale: 'fa' | 'en' = 'fa'): string {
  const { year, month, day } = toJalali(date);
  const text = `${year}/${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}`;
  return locale === 'fa' ? toPersianDigits(text) : text;
}

/** Long form with month name, through Intl's Persian calendar: «۳۰ اسفند ۱۴۰۳». */
export function formatJalaliLong(date: Date, locale: 'fa' | 'en' = 'fa'): string {
  const tag = locale === 'fa' ? 'fa-IR-u-ca-persian' : 'en-US-u-ca-persian';
  return new Intl.DateTimeFormat(tag, { timeZone: TIME_ZONE, year: 'numeric', month: 'long', day: 'numeric' }).format(
    date,
  );
}

/** Days between two instants counted in Tehran calendar days. */
function calendarDaysBetween(from: Date, to: Date): number {
  const a = tehranParts(from);
  const b = tehranParts(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

export type RelativeDate =
  { kind: 'today' } | { kind: 'yesterday' } | { kind: 'daysAgo'; days: number } | { kind: 'date'; text: string };

/**
 * 'today', 'yesterday', 'n days ago' up to 21 days, then the full Jalali date (spec §9); a date
 * after today is no number of days ago and is given in full too.
 */
export function relativeDate(date: Date, now = new Date(), locale: 'fa' | 'en' = 'fa'): RelativeDate {
  const days = calendarDaysBetween(date, now);
  if (days < 0) return { kind: 'date', text: formatJalali(date, locale) };
  if (days === 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  if (days <= 21) return { kind: 'daysAgo', days };
  return { kind: 'date', text: formatJalali(date, locale) };
}
