import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatToman,
  formatTomanFigure,
  formatWholeNumber,
  millionRialsToRials,
  millionTomanToRials,
  rialsToMillionRials,
  rialsToMillionToman,
  rialsToToman,
  tomanToRials,
} from '../src/money.ts';

test('rials become toman by dropping one zero', () => {
  assert.equal(rialsToToman(125_000_000), 12_500_000);
  assert.equal(rialsToToman(10n), 1n);
  assert.equal(rialsToToman(0), 0);
  assert.equal(rialsToToman(9), 0, 'nine rials are not a toman');
  assert.equal(rialsToToman(15), 1, 'a fraction of a toman is dropped');
  assert.equal(tomanToRials(12_500_000), 125_000_000);
  assert.equal(tomanToRials(7n), 70n);
});

test('a debit in the ledger reads as large as the credit it undoes', () => {
  assert.equal(rialsToToman(-125_000), -12_500);
  assert.equal(rialsToToman(-15), -1, 'towards zero, as 15 rials are 1 toman');
  assert.ok(Object.is(rialsToToman(-9), 0), 'minus nine rials are 0 toman, never -0');
  assert.equal(rialsToToman(-9n), 0n);
  assert.equal(formatToman(-125_000), '\u200e−۱۲٬۵۰۰ تومان');
  assert.equal(formatToman(-125_000, 'en'), '-12,500 toman');
  assert.equal(formatToman(-9), '۰ تومان', 'no minus on a zero');
});

test('amounts past 2^53 stay exact as bigints', () => {
  const rials = 2n ** 64n + 9n; // 18446744073709551625
  assert.equal(rialsToToman(rials), 1_844_674_407_370_955_162n);
  assert.equal(tomanToRials(2n ** 60n), 11_529_215_046_068_469_760n);
  assert.equal(formatToman(rials, 'en'), '1,844,674,407,370,955,162 toman');
  assert.equal(formatToman(rials), '۱٬۸۴۴٬۶۷۴٬۴۰۷٬۳۷۰٬۹۵۵٬۱۶۲ تومان');
  // A number at the edge of safety divides through bigint: no rounding before the truncation.
  assert.equal(rialsToToman(Number.MAX_SAFE_INTEGER), 900_719_925_474_099);
});

test('the ×1e7 and ×1e6 units: a million toman and a million rials', () => {
  assert.equal(millionTomanToRials(5), 50_000_000);
  assert.equal(millionTomanToRials(100), 1_000_000_000);
  assert.equal(millionTomanToRials(3n), 30_000_000n);
  assert.equal(rialsToMillionToman(59_999_999), 5, 'the part below a million toman is dropped');
  assert.equal(millionRialsToRials(12), 12_000_000);
  assert.equal(rialsToMillionRials(12_999_999), 12);
  assert.equal(rialsToMillionRials(10n ** 30n), 10n ** 24n);
});

test('a fraction of a rial is refused, never rounded into money', () => {
  assert.throws(() => rialsToToman(12.5), RangeError);
  assert.throws(() => tomanToRials(0.15), RangeError);
  assert.throws(() => formatToman(Number.NaN), RangeError);
  assert.throws(() => formatToman(Number.POSITIVE_INFINITY), RangeError);
});

test('formatToman writes Persian digits and separators', () => {
  assert.equal(formatToman(125_000_000), '۱۲٬۵۰۰٬۰۰۰ تومان');
  assert.equal(formatToman(5_000), '۵۰۰ تومان');
  assert.equal(formatToman(0), '۰ تومان');
  assert.equal(formatToman(9), '۰ تومان');
  assert.equal(formatToman(125_000_000, 'en'), '12,500,000 toman');
  assert.equal(formatTomanFigure(1_250_000), '۱۲۵٬۰۰۰');
  assert.equal(formatTomanFigure(1_250_000, 'en'), '125,000');
});

test('formatToman keeps large amounts exact', () => {
  assert.equal(formatToman(12_345_678_900_000n), '۱٬۲۳۴٬۵۶۷٬۸۹۰٬۰۰۰ تومان');
});

test('whole numbers are grouped in threes the same way as Intl writes them', () => {
  for (const value of [0, 7, 999, 1_000, 12_345, 1_403, 999_999, 1_000_000, -1_000, 123_456_789_012]) {
    assert.equal(formatWholeNumber(value), new Intl.NumberFormat('fa-IR').format(value), `fa ${value}`);
    assert.equal(formatWholeNumber(value, 'en'), new Intl.NumberFormat('en-US').format(value), `en ${value}`);
  }
});
