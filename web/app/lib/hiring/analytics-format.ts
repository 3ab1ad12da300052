// How the analytics' figures read: Tehran days as Jalali dates, hours to one decimal, in the
// page's digits. Shared by the charts' axes and the data tables beside them.
import { formatJalaliDate, formatNumber, localDigits } from '../format.ts';
import { isoToJalaliParts } from '../jalali-date.ts';
import type { Locale } from '../locale.ts';

/** A Tehran day (YYYY-MM-DD) in full: «۵ آذر ۱۴۰۵». */
export function dayLabel(iso: string, locale: Locale): string {
  return formatJalaliDate(new Date(`${iso}T12:00:00+03:30`), locale);
}

/** A Tehran day as a chart's tick: month/day in Jalali, «۹/۵». */
export function dayTick(iso: string, locale: Locale): string {
  const parts = isoToJalaliParts(iso);
  return parts ? localDigits(`${parts.m}/${parts.d}`, locale) : iso;
}

export function hoursLabel(hours: number, locale: Locale): string {
  return formatNumber(Math.round(hours * 10) / 10, locale);
}
