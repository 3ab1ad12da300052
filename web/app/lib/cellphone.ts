import { toLatinDigits } from './format.ts';

/**
 * Tidies what people type (Persian digits, spaces, +98 or 0098) into 09XXXXXXXXX. It does
 * not judge validity: the server does, and its error is what people see.
 */
export function tidyCellphone(input: string): string {
  let digits = toLatinDigits(input).replace(/[\s\-()]/g, '');
  if (digits.startsWith('+98')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('0098')) digits = `0${digits.slice(4)}`;
  else if (/^9\d{9}$/.test(digits)) digits = `0${digits}`;
  return digits;
}
