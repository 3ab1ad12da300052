// The weekday-hours editor's values: one row per weekday (0 Saturday … 6 Friday), posted as
// `hours.{weekday}.on`, `.from` and `.to`. A day left off is not sent; times typed with Persian
// digits or a single-digit hour are written "HH:MM"; anything else is sent as typed, for the
// service to refuse under the field (spec §5: the server judges).
import { toLatinDigits } from '../format.ts';
import { WEEKDAYS, type WorkingHours } from './types.ts';

export interface WeekdayRow {
  weekday: number;
  on: boolean;
  from: string;
  to: string;
}

/** "8:5" → "08:05", "۰۸:۳۰" → "08:30"; other text is returned trimmed, as typed. */
export function normaliseTime(text: string): string {
  const latin = toLatinDigits(text.trim()).replace(/[٫.]/g, ':');
  const match = /^(\d{1,2}):(\d{1,2})$/.exec(latin);
  if (!match) return latin;
  return `${match[1]!.padStart(2, '0')}:${match[2]!.padStart(2, '0')}`;
}

/** The editor's seven rows from a posting's hours (days absent are off, with empty times). */
export function rowsFromHours(hours: readonly WorkingHours[] | undefined): WeekdayRow[] {
  return WEEKDAYS.map((weekday) => {
    const found = hours?.find((entry) => entry.weekday === weekday);
    return found ? { weekday, on: true, from: found.from, to: found.to } : { weekday, on: false, from: '', to: '' };
  });
}

/** The contract's hours from the editor's rows: only the days switched on, in week order. */
export function hoursFromRows(rows: readonly WeekdayRow[]): WorkingHours[] {
  return rows
    .filter((row) => row.on)
    .sort((a, b) => a.weekday - b.weekday)
    .map((row) => ({ weekday: row.weekday, from: normaliseTime(row.from), to: normaliseTime(row.to) }));
}

/** Whether "HH:MM" is a real time of day and `to` comes after `from` (shown as a hint only). */
export function isValidSpan(from: string, to: string): boolean {
  const minutes = (time: string) => {
    const match = /^(\d{2}):(\d{2})$/.exec(time);
    if (!match) return null;
    const [hours, mins] = [Number(match[1]), Number(match[2])];
    return hours < 24 && mins < 60 ? hours * 60 + mins : null;
  };
  const start = minutes(normaliseTime(from));
  const end = minutes(normaliseTime(to));
  return start !== null && end !== null && end > start;
}
