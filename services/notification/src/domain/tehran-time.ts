// Wall-clock rules in Asia/Tehran: quiet hours for SMS and the daily digest's 08:00.
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tehran',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface TehranClock {
  date: string;
  /** Milliseconds since Tehran's midnight. */
  sinceMidnight: number;
}

export function tehranClock(ms: number): TehranClock {
  const values = Object.fromEntries(parts.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const sinceMidnight =
    (Number(values.hour) * 60 + Number(values.minute)) * 60_000 + Number(values.second) * 1000 + (ms % 1000);
  return { date: `${values.year}-${values.month}-${values.day}`, sinceMidnight };
}

/** The first moment at or after `ms` when Tehran's clock reads `hour`:00. */
export function nextTehranHour(ms: number, hour: number): number {
  const { sinceMidnight } = tehranClock(ms);
  const wait = (hour * HOUR_MS - sinceMidnight + DAY_MS) % DAY_MS;
  return ms + wait;
}

export interface QuietHours {
  from: number;
  until: number;
}

export function parseQuietHours(value: string): QuietHours {
  const [from, until] = value.split('-').map(Number);
  return { from: from!, until: until! };
}

/** When an SMS due at `ms` may go: `ms` itself, or the end of the quiet hours it falls in. */
export function outsideQuietHours(ms: number, quiet: QuietHours): number {
  if (quiet.from === quiet.until) return ms;
  const hour = Math.floor(tehranClock(ms).sinceMidnight / HOUR_MS);
  const inside =
    quiet.from > quiet.until ? hour >= quiet.from || hour < quiet.until : hour >= quiet.from && hour < quiet.until;
  return inside ? nextTehranHour(ms, quiet.until) : ms;
}

/** The daily digest's hour (Asia/Tehran). */
export const DIGEST_HOUR = 8;
