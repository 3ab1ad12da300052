import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatJalali,
  formatJalaliLong,
  fromJalali,
  isValidJalali,
  relativeDate,
  tehranIsoDate,
  toJalali,
} from '../src/jalali.ts';

test('1403 is a leap year: 2025-03-20 is 1403/12/30', () => {
  assert.deepEqual(toJalali(new Date('2025-03-20T12:00:00Z')), { year: 1403, month: 12, day: 30 });
  assert.ok(isValidJalali({ year: 1403, month: 12, day: 30 }));
  assert.equal(formatJalali(new Date('2025-03-20T12:00:00Z')), '۱۴۰۳/۱۲/۳۰');
  assert.equal(formatJalali(new Date('2025-03-20T12:00:00Z'), 'en'), '1403/12/30');
  assert.equal(formatJalaliLong(new Date('2025-03-20T12:00:00Z')), '۳۰ اسفند ۱۴۰۳');
});

test('Nowruz 2025-03-21 is 1404/01/01', () => {
  assert.deepEqual(toJalali(new Date('2025-03-21T12:00:00Z')), { year: 1404, month: 1, day: 1 });
  assert.deepEqual(fromJalali({ year: 1404, month: 1, day: 1 }), { year: 2025, month: 3, day: 21 });
});

test('Jalali → Gregorian → Jalali round-trips every day of a year', () => {
  for (let month = 1; month <= 12; month++) {
    const days = month <= 6 ? 31 : 30; // 1403 is leap, so Esfand has 30 too
    for (let day = 1; day <= days; day++) {
      const g = fromJalali({ year: 1403, month, day });
      const noonInTehran = new Date(Date.UTC(g.year, g.month - 1, g.day, 8, 30));
      assert.deepEqual(toJalali(noonInTehran), { year: 1403, month, day });
    }
  }
});

test('impossible dates are refused', () => {
  assert.ok(!isValidJalali({ year: 1404, month: 12, day: 30 }), '1404 is not leap');
  assert.ok(!isValidJalali({ year: 1403, month: 7, day: 31 }), 'the second half has 30-day months');
  assert.ok(!isValidJalali({ year: 1403, month: 13, day: 1 }));
  assert.ok(!isValidJalali({ year: 1403, month: 1, day: 0 }));
  assert.throws(() => fromJalali({ year: 1404, month: 12, day: 30 }), RangeError);
});

test('the calendar day is Tehran’s, not UTC’s', () => {
  // Tehran is UTC+03:30: 20:29 UTC is 23:59 on Esfand 30, 20:31 UTC is already Nowruz.
  assert.deepEqual(toJalali(new Date('2025-03-20T20:29:00Z')), { year: 1403, month: 12, day: 30 });
  assert.deepEqual(toJalali(new Date('2025-03-20T20:31:00Z')), { year: 1404, month: 1, day: 1 });
});

test('relativeDate: today, yesterday, n days ago, then the full date after 21 days', () => {
  const now = new Date('2025-06-10T08:00:00Z'); // 11:30 in Tehran
  assert.deepEqual(relativeDate(new Date('2025-06-10T00:00:00Z'), now), { kind: 'today' });
  // 21:00 UTC on the 9th is already the 10th in Tehran.
  assert.deepEqual(relativeDate(new Date('2025-06-09T21:00:00Z'), now), { kind: 'today' });
  assert.deepEqual(relativeDate(new Date('2025-06-09T19:00:00Z'), now), { kind: 'yesterday' });
  assert.deepEqual(relativeDate(new Date('2025-06-07T08:00:00Z'), now), { kind: 'daysAgo', days: 3 });
  assert.deepEqual(relativeDate(new Date('2025-05-20T08:00:00Z'), now), { kind: 'daysAgo', days: 21 });
  assert.deepEqual(relativeDate(new Date('2025-05-19T08:00:00Z'), now), { kind: 'date', text: '۱۴۰۴/۰۲/۲۹' });
  assert.deepEqual(relativeDate(new Date('2025-05-19T08:00:00Z'), now, 'en'), { kind: 'date', text: '1404/02/29' });
  // After today (in Tehran) is not "today": the date is given in full.
  assert.deepEqual(relativeDate(new Date('2025-06-10T21:00:00Z'), now), { kind: 'date', text: '۱۴۰۴/۰۳/۲۱' });
});

test('tehranIsoDate: the calendar date in Tehran, which turns at 20:30 UTC', () => {
  assert.equal(tehranIsoDate(new Date('2025-03-20T20:29:00Z')), '2025-03-20');
  assert.equal(tehranIsoDate(new Date('2025-03-20T20:31:00Z')), '2025-03-21');
});
