import { formatJalaliDate } from '../format.ts';
import type { Locale } from '../locale.ts';

/**
 * A calendar day of the service ('YYYY-MM-DD', a day in Tehran) as a Jalali date in the
 * locale's digits. Read at Tehran's noon, so no time zone moves it to the day before or after.
 */
export function formatDay(day: string, locale: Locale): string {
  const date = new Date(`${day}T12:00:00+03:30`);
  return Number.isNaN(date.getTime()) ? day : formatJalaliDate(date, locale);
}
