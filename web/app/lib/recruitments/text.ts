// How a posting's figures read (spec §9): salary in toman with the page's digits or 'agreed',
// experience as 'no work history' or n years, the publication date relative up to 21 days.
// Pure, so the wording is tested without rendering.
import type { Translate } from '../../i18n/index.ts';
import { formatNumber, formatRelativeDate, formatTomanFigure } from '../format.ts';
import type { Locale } from '../locale.ts';

/** A salary bound the service stated; null when unset, hidden or not a positive whole number. */
function rialsOf(rials: number | null | undefined): number | null {
  return typeof rials === 'number' && Number.isSafeInteger(rials) && rials > 0 ? rials : null;
}

/** The toman figure alone: the catalogue's sentence carries the unit. */
function toman(rials: number, locale: Locale): string {
  return formatTomanFigure(rials, locale);
}

/**
 * 'From 15,000,000 to 20,000,000 toman', 'from …', 'up to …', or 'agreed' when the salary is
 * hidden (the service leaves both bounds out) or not stated.
 */
export function salaryText(
  min: number | null | undefined,
  max: number | null | undefined,
  locale: Locale,
  t: Translate,
): string {
  const from = rialsOf(min);
  const to = rialsOf(max);
  if (from !== null && to !== null) {
    return t('recruitments.salary.range', { from: toman(from, locale), to: toman(to, locale) });
  }
  if (from !== null) return t('recruitments.salary.from', { from: toman(from, locale) });
  if (to !== null) return t('recruitments.salary.upTo', { to: toman(to, locale) });
  return t('recruitments.salary.agreed');
}

/** Spec §9: 'no work history', or n years; null when the posting does not say. */
export function experienceText(years: number | null | undefined, locale: Locale, t: Translate): string | null {
  if (years === null || years === undefined) return null;
  if (years === 0) return t('recruitments.experience.none');
  return t('recruitments.experience.years', { years: formatNumber(years, locale) });
}

/** The experience filter's choice: 'no work history', or 'at most n years'. */
export function experienceChoiceText(years: number, locale: Locale, t: Translate): string {
  if (years === 0) return t('recruitments.experience.none');
  return t('recruitments.experience.atMost', { years: formatNumber(years, locale) });
}

/** 'today', 'yesterday', 'n days ago' up to 21 days, then the full Jalali date. */
export function publishedText(publishedAt: string | null | undefined, locale: Locale, now: Date): string | null {
  if (!publishedAt) return null;
  const date = new Date(publishedAt);
  if (Number.isNaN(date.getTime())) return null;
  return formatRelativeDate(date, locale, now);
}

/** "HH:MM" in the page's digits. */
export function timeText(value: string, locale: Locale): string {
  return locale === 'fa' ? value.replace(/\d/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)]!) : value;
}

/** The public address of a posting: its category, then its slug. */
export function postingPath(posting: { slug: string; jobCategory?: string }, category?: string): string {
  const segment = category ?? posting.jobCategory ?? '';
  return `/applicants/recruitments/${encodeURIComponent(segment)}/${encodeURIComponent(posting.slug)}`;
}

/** Above this many matches a job search says only "more than" (the service's bound, docs/search.md). */
export const SEARCH_TOTAL_LIMIT = 1000;

/**
 * How many pages the listing offers: all of them when the total is exact; past the bound, the
 * pages the bound covers, and one more while the current page is full.
 */
export function pageCount(result: {
  items: readonly unknown[];
  page: { page: number; pageSize: number; total: number };
}): number {
  const size = Math.max(1, result.page.pageSize);
  const counted = Math.max(1, Math.ceil(Math.min(result.page.total, SEARCH_TOTAL_LIMIT) / size));
  if (result.page.total <= SEARCH_TOTAL_LIMIT) return counted;
  return Math.max(counted, result.page.page + (result.items.length === size ? 1 : 0));
}
