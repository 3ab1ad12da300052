// How a notification's time reads: relative («امروز», «۳ روز پیش») with the Jalali date and the
// hour in Tehran, in the locale's digits.
import type { Translate } from '../../i18n/index.ts';
import { formatJalaliDate, formatRelativeDate, formatTehranTime } from '../format.ts';
import type { Locale } from '../locale.ts';

/** «امروز، ۵ آذر ۱۴۰۵ ساعت ۱۰:۳۰»; past three weeks the relative part is the date itself. */
export function notificationTime(iso: string, locale: Locale, t: Translate, now = new Date()): string {
  const date = new Date(iso);
  const relative = formatRelativeDate(date, locale, now);
  const absolute = formatJalaliDate(date, locale);
  const time = formatTehranTime(date, locale);
  if (relative === absolute) return `${absolute} ${time}`;
  return t('notifications.at', { relative, date: absolute, time });
}
