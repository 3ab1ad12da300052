import { test } from 'node:test';
import assert from 'node:assert/strict';
import { numberToWords as persianToolsNumberToWords } from '@persian-tools/persian-tools';
import { NUMBER_WORDS_MAX_DIGITS, NUMBER_WORDS_OUT_OF_RANGE, numberToWords } from '../src/number-words.ts';

test('small numbers, teens, tens and hundreds', () => {
  assert.equal(numberToWords(0), 'صفر');
  assert.equal(numberToWords(1), 'یک');
  assert.equal(numberToWords(11), 'یازده');
  assert.equal(numberToWords(19), 'نوزده');
  assert.equal(numberToWords(20), 'بیست');
  assert.equal(numberToWords(45), 'چهل و پنج');
  assert.equal(numberToWords(101), 'صد و یک');
  assert.equal(numberToWords(700), 'هفتصد');
  assert.equal(numberToWords(999), 'نهصد و نود و نه');
});

test('thousands, millions and milliards, empty groups skipped', () => {
  assert.equal(numberToWords(1_000), 'یک هزار');
  assert.equal(numberToWords(100_010), 'صد هزار و ده');
  assert.equal(numberToWords(1_000_000), 'یک میلیون');
  assert.equal(numberToWords(1_200_000), 'یک میلیون و دویست هزار');
  assert.equal(numberToWords(1_000_001), 'یک میلیون و یک');
  assert.equal(numberToWords(1_200_000_000), 'یک میلیارد و دویست میلیون');
  assert.equal(numberToWords(12_500_000), 'دوازده میلیون و پانصد هزار');
});

test('negatives are «منفی …»', () => {
  assert.equal(numberToWords(-5), 'منفی پنج');
  assert.equal(numberToWords(-1_200_000n), 'منفی یک میلیون و دویست هزار');
  assert.equal(numberToWords('-0'), 'صفر');
});

test('up to 10^63 and 66 digits; more is out of range', () => {
  assert.equal(NUMBER_WORDS_OUT_OF_RANGE, 'out of range');
  assert.equal(numberToWords(10n ** 63n), 'یک ویجینتیلیون');
  const largest = 10n ** 66n - 1n;
  assert.equal(largest.toString().length, NUMBER_WORDS_MAX_DIGITS);
  const group = 'نهصد و نود و نه';
  const words = numberToWords(largest);
  assert.ok(words.startsWith(`${group} ویجینتیلیون و ${group} نوودسیلیون و `), words);
  assert.ok(words.endsWith(`و ${group} هزار و ${group}`), words);
  assert.equal(words.split(group).length - 1, 22, 'each of the 22 groups is said');
  assert.equal(numberToWords(10n ** 66n), NUMBER_WORDS_OUT_OF_RANGE, '67 digits');
  assert.equal(numberToWords(`-${'9'.repeat(67)}`), NUMBER_WORDS_OUT_OF_RANGE);
  assert.equal(numberToWords(`${'0'.repeat(70)}7`), 'هفت', 'leading zeros are not digits of the number');
});

test('every scale word is used once across 10^0 … 10^63', () => {
  const scales = Array.from({ length: 22 }, (_, i) => numberToWords(10n ** BigInt(i * 3)).replace(/^یک ?/, ''));
  assert.deepEqual(scales.slice(0, 5), ['', 'هزار', 'میلیون', 'میلیارد', 'تریلیون']);
  assert.equal(new Set(scales).size, 22);
  assert.ok(
    scales.every((word) => !word.includes(' ')),
    'one word per scale',
  );
});

test('bigint, number and string input say the same', () => {
  const digits = '123456789012345678901234567890';
  // 30 digits: ten groups, the highest 10^27 (اکتیلیون).
  const expected =
    'صد و بیست و سه اکتیلیون و چهارصد و پنجاه و شش سپتیلیون و هفتصد و هشتاد و نه سکستیلیون و دوازده کوینتیلیون و ' +
    'سیصد و چهل و پنج کوادریلیون و ششصد و هفتاد و هشت تریلیون و نهصد و یک میلیارد و دویست و سی و چهار میلیون و ' +
    'پانصد و شصت و هفت هزار و هشتصد و نود';
  assert.equal(numberToWords(BigInt(digits)), expected);
  assert.equal(numberToWords(digits), expected);
  assert.equal(numberToWords('۱۲۳٬۴۵۶'), numberToWords(123_456), 'Persian digits and separators');
  assert.equal(numberToWords(' 1,200,000 '), 'یک میلیون و دویست هزار');
  assert.equal(numberToWords(1_200_000n), numberToWords(1_200_000));
});

test('what is not a whole number is refused', () => {
  for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, '', '12a', '1.5', '--1'])
    assert.throws(() => numberToWords(bad), RangeError, String(bad));
});

test('agrees with persian-tools wherever that reaches (safe integers), bar its spaced hundreds', () => {
  // persian-tools writes «هفت صد» for «هفتصد» and «کوآدریلیون»; the words are otherwise the same.
  const theirs = (value: number) =>
    String(persianToolsNumberToWords(value))
      .replace(/(سه|چهار|شش|هفت|هشت|نه) صد/g, '$1صد')
      .replace('کوآدریلیون', 'کوادریلیون');
  let seed = 20;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const values = [7, 13, 300, 1_003, 90_019, 400_000_400, Number.MAX_SAFE_INTEGER];
  for (let i = 0; i < 300; i++) values.push(Math.floor(random() ** 4 * Number.MAX_SAFE_INTEGER));
  for (const value of values) assert.equal(numberToWords(value), theirs(value), String(value));
});
