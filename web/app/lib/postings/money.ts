// Salaries are typed in toman (what people say) with Persian, Arabic-Indic or Latin digits and
// any thousands separator, and stored in rials (toman × 10, spec §9).
import { tomanToRials } from '@darmankar/platform/money';
import { rialsToToman, toLatinDigits } from '../format.ts';

/** Thousands separators people type: comma, Persian ٬ and ، , the apostrophe, spaces. */
const SEPARATORS = /[,\u066C\u060C'’\s\u200C]/g;

/**
 * The rials of a toman amount as typed; null for an empty field. Text that is not a whole number
 * comes back as NaN, for the form to pass on so the service refuses it under its field.
 */
export function tomanTextToRials(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return null;
  const digits = toLatinDigits(trimmed).replace(SEPARATORS, '');
  if (!/^\d+$/.test(digits)) return Number.NaN;
  const toman = Number(digits);
  // Too many digits for a number: passed on as NaN, refused under its field like other nonsense.
  return Number.isFinite(toman) ? tomanToRials(toman) : Number.NaN;
}

/** What a toman field shows for a stored amount: whole toman, Latin digits, no separators. */
export function rialsToTomanText(rials: number | null | undefined): string {
  if (rials === null || rials === undefined || !Number.isInteger(rials)) return '';
  return String(rialsToToman(rials));
}
