// Everything shown to people goes through these: Persian digits, Jalali dates in
// Asia/Tehran, toman from rials. Built on Intl (ICU's Persian calendar) and jalaali-js.
import { toJalaali } from 'jalaali-js';
import type { Locale } from './locale.ts';

export const TIME_ZONE = 'Asia/Tehran';

const intlLocale = (locale: Locale) => (locale === 'fa' ? 'fa-IR' : 'en-US');

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

export function toPersianDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)]!);
}

/** Accepts Persian, Arabic-Indic or Latin digits and returns Latin ones. */
export function toLatinDigits(value: string): string {
  return value
    .replace(/[۰-۹]/g, (d) => String(PERSIAN_DIGITS.indexOf(d)))
    .replace(/[٠-٩]/g, (d) => String(ARABIC_DIGITS.indexOf(d)));
}

/** Digits in the locale's script, for numbers embedded in text (phone numbers, codes). */
export function localDigits(value: string | number, locale: Locale): string {
  return locale === 'fa' ? toPersianDigits(value) : String(value);
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(value);
}

/** A full Jalali date, e.g. «۲۵ فروردین ۱۴۰۵». */
export function formatJalaliDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(`${intlLocale(locale)}-u-ca-persian`, {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(date);
}

function tehranCalendarDate(date: Date): [number, number, number] {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE })
    .format(date)
    .split('-')
    .map(Number) as [number, number, number];
}

/** The Jalali calendar date of an instant, as seen in Tehran. */
export function jalaliPartsInTehran(date: Date): { jy: number; jm: number; jd: number } {
  const [y, m, d] = tehranCalendarDate(date);
  return toJalaali(y, m, d);
}

export function currentJalaliYear(now = new Date()): number {
  return jalaliPartsInTehran(now).jy;
}

/** 'today', 'yesterday', 'n days ago' up to 21 days, then the full date (spec §9). */
export function formatRelativeDate(date: Date, locale: Locale, now = new Date()): string {
  const dayNumber = (d: Date) => {
    const [y, m, day] = tehranCalendarDate(d);
    return Date.UTC(y, m - 1, day) / 86_400_000;
  };
  const days = Math.round(dayNumber(now) - dayNumber(date));
  if (days < 0 || days > 21) return formatJalaliDate(date, locale);
  return new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' }).format(-days, 'day');
}

/** Rials are stored; people read toman (rial / 10). */
export function rialsToToman(rials: number): number {
  return Math.floor(rials / 10);
}

export function formatToman(rials: number, locale: Locale): string {
  const amount = formatNumber(rialsToToman(rials), locale);
  return locale === 'fa' ? `${amount} تومان` : `${amount} toman`;
}
