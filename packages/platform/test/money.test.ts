import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatToman, rialsToToman } from '../src/money.ts';

test('rials become toman by dropping one zero', () => {
  assert.equal(rialsToToman(125_000_000), 12_500_000);
  assert.equal(rialsToToman(10n), 1);
  assert.equal(rialsToToman(0), 0);
  assert.equal(rialsToToman(15), 1, 'a fraction of a toman is dropped');
});

test('formatToman writes Persian digits and separators', () => {
  assert.equal(formatToman(125_000_000), '۱۲٬۵۰۰٬۰۰۰ تومان');
  assert.equal(formatToman(5_000), '۵۰۰ تومان');
  assert.equal(formatToman(125_000_000, 'en'), '12,500,000 toman');
});

test('formatToman keeps large amounts exact', () => {
  assert.equal(formatToman(12_345_678_900_000n), '۱٬۲۳۴٬۵۶۷٬۸۹۰٬۰۰۰ تومان');
});
