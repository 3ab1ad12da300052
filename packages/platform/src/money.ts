// Money is stored in rials (integers); people read toman. Browser-safe.
import { toPersianDigits } from './persian.ts';

export function rialsToToman(rials: number | bigint): number {
  return Number(BigInt(rials) / 10n);
}

/** «۱۲٬۵۰۰٬۰۰۰ تومان» for 125,000,000 rials (Persian digits and separators). */
export function formatToman(rials: number | bigint, locale: 'fa' | 'en' = 'fa'): string {
  const toman = rialsToToman(rials);
  if (locale === 'en') return `${new Intl.NumberFormat('en-US').format(toman)} toman`;
  return `${toPersianDigits(new Intl.NumberFormat('fa-IR', { numberingSystem: 'latn' }).format(toman).replaceAll(',', '٬'))} تومان`;
}
