// Everything shown to people goes through these: Persian digits, Jalali dates in
// Asia/Tehran, toman from rials. The digits, the calendar and the money are the platform's
// browser-safe `persian`, `jalali` and `money` modules; the rest is Intl.
import { currentJalaliYear, formatJalaliLong, relativeDate, TIME_ZONE } from '@darmankar/platform/jalali';
import { toLatinDigits, toPersianDigits } from '@darmankar/platform/persian';
import type { Locale } from './locale.ts';

export { currentJalaliYear, toLatinDigits, toPersianDigits };

const intlLocale = (locale: Locale) => (locale === 'fa' ? 'fa-IR' : 'en-US');

/** Digits in the locale's script, for numbers embedded in text (phone numbers, codes). */
export function localDigits(value: string | number, locale: Locale): string {
  return locale === 'fa' ? toPersianDigits(value) : String(value);
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(value);
}

/** A full Jalali date, e.g. «۲۵ فروردین ۱۴۰۵». */
export function formatJalaliDate(date: Date, locale: Locale): string {
  return formatJalaliLong(date, locale);
}

/** The hour and minute in Tehran, 24-hour, in the locale's digits: «۱۰:۳۰». */
export function formatTehranTime(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'fa' ? 'fa-IR' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: TIME_ZONE,
  }).format(date);
}

/** 'today', 'yesterday', 'n days ago' up to 21 days, then the full date (spec §9). */
export function formatRelativeDate(date: Date, locale: Locale, now = new Date()): string {
  const relative = relativeDate(date, now, locale);
  if (relative.kind === 'date') return formatJalaliDate(date, locale);
  const days = relative.kind === 'daysAgo' ? relative.days : relative.kind === 'yesterday' ? 1 : 0;
  return new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' }).format(-days, 'day');
}

// Rials are stored; people read toman. The conversion and its formatting are the platform's
// currency helper (spec §9), the same for every part: «۱۲۵٬۰۰۰ تومان» for 1,250,000 rials.
export { formatToman, formatTomanFigure, rialsToToman } from '@darmankar/platform/money';
