import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tidyCellphone } from '../app/lib/cellphone.ts';
import {
  currentJalaliYear,
  formatJalaliDate,
  formatNumber,
  formatRelativeDate,
  formatToman,
  rialsToToman,
  toLatinDigits,
  toPersianDigits,
} from '../app/lib/format.ts';
import { localePath, localeFromPath, stripLocale } from '../app/lib/locale.ts';

test('digits convert both ways, Arabic-Indic included', () => {
  assert.equal(toPersianDigits('09121234567'), '۰۹۱۲۱۲۳۴۵۶۷');
  assert.equal(toLatinDigits('۰۹۱۲ ٣٤٥'), '0912 345');
});

test('Jalali dates are in Tehran time with Persian digits', () => {
  // 2025-03-20T21:00Z is already 21 March (1 Farvardin 1404) in Tehran (+03:30).
  assert.equal(formatJalaliDate(new Date('2025-03-20T21:00:00Z'), 'fa'), '۱ فروردین ۱۴۰۴');
  assert.equal(currentJalaliYear(new Date('2025-03-20T21:00:00Z')), 1404);
  assert.equal(currentJalaliYear(new Date('2025-03-20T20:00:00Z')), 1403);
});

test('relative dates: today, yesterday, n days ago up to 21, then the full date', () => {
  const now = new Date('2025-06-10T08:00:00Z');
  assert.equal(formatRelativeDate(new Date('2025-06-10T01:00:00Z'), 'fa', now), 'امروز');
  assert.equal(formatRelativeDate(new Date('2025-06-09T08:00:00Z'), 'fa', now), 'دیروز');
  assert.equal(formatRelativeDate(new Date('2025-05-20T08:00:00Z'), 'fa', now), '۲۱ روز پیش');
  assert.equal(formatRelativeDate(new Date('2025-05-19T08:00:00Z'), 'fa', now), '۲۹ اردیبهشت ۱۴۰۴');
  assert.equal(formatRelativeDate(new Date('2025-06-11T08:00:00Z'), 'fa', now), '۲۱ خرداد ۱۴۰۴', 'a later day in full');
});

test('money is stored in rials and shown in toman', () => {
  assert.equal(rialsToToman(1_250_000), 125_000);
  assert.equal(formatToman(1_250_000, 'fa'), '۱۲۵٬۰۰۰ تومان');
  assert.equal(formatToman(1_250_000, 'en'), '125,000 toman');
  assert.equal(formatNumber(1403, 'fa'), '۱٬۴۰۳');
});

test('cellphones typed any way become 09XXXXXXXXX', () => {
  assert.equal(tidyCellphone('۰۹۱۲ ۱۲۳ ۴۵۶۷'), '09121234567');
  assert.equal(tidyCellphone('+98 912 123 4567'), '09121234567');
  assert.equal(tidyCellphone('00989121234567'), '09121234567');
  assert.equal(tidyCellphone('9121234567'), '09121234567');
  assert.equal(tidyCellphone('abc'), 'abc');
});

test('locale routing: Persian unprefixed, English under /en', () => {
  assert.equal(localeFromPath('/login'), 'fa');
  assert.equal(localeFromPath('/en/login'), 'en');
  assert.equal(localeFromPath('/english'), 'fa');
  assert.equal(stripLocale('/en/login'), '/login');
  assert.equal(stripLocale('/en'), '/');
  assert.equal(localePath('en', '/'), '/en');
  assert.equal(localePath('fa', '/login'), '/login');
  // Back URLs: web/test/back-url.test.ts.
});
