import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cleanText,
  isDigits,
  isValidNationalId,
  normalizeCellphone,
  normalizeForSearch,
  normalizePersian,
  toLatinDigits,
  toPersianDigits,
} from '../src/persian.ts';
import { PERSIAN_TEXT_CASES } from '../src/testing/persian-text-cases.ts';

test('normalizePersian turns Arabic letters into Persian ones', () => {
  assert.equal(normalizePersian('علي'), 'علی');
  assert.equal(normalizePersian('موسى'), 'موسی');
  assert.equal(normalizePersian('كار'), 'کار');
  assert.equal(normalizePersian('پرستارة'), 'پرستاره');
});

test('normalizePersian drops diacritics and tatweel, keeps ZWNJ, collapses spaces', () => {
  assert.equal(normalizePersian('پَرَسْتار'), 'پرستار');
  assert.equal(normalizePersian('مـــدیر'), 'مدیر');
  assert.equal(normalizePersian('  می\u200cخواهم \t  کار  '), 'می\u200cخواهم کار');
});

test('digits convert both ways', () => {
  assert.equal(toLatinDigits('۰۱۲۳۴۵۶۷۸۹'), '0123456789');
  assert.equal(toLatinDigits('٠١٢٣٤٥٦٧٨٩'), '0123456789');
  assert.equal(toPersianDigits('1403/12/30'), '۱۴۰۳/۱۲/۳۰');
  assert.equal(toPersianDigits(250), '۲۵۰');
  assert.equal(normalizePersian('کد ۱۲۳ و ٤٥٦'), 'کد 123 و 456');
  assert.ok(isDigits('۰۹۱۲'));
  assert.ok(isDigits('٠٩١٢'));
  assert.ok(!isDigits('09a2'));
  assert.ok(!isDigits(''));
});

test('normalizeForSearch folds ZWNJ, Arabic letters and case so variants match', () => {
  assert.equal(normalizeForSearch('می\u200cخواهم'), normalizeForSearch('می خواهم'));
  assert.equal(normalizeForSearch('كارشناس ICU'), 'کارشناس icu');
  assert.equal(normalizeForSearch('بیمارستان\u200c \u200cها'), 'بیمارستان ها');
  assert.equal(normalizeForSearch('\u200cپرستار\u200c'), 'پرستار', 'a ZWNJ at either end leaves no space behind');
  assert.equal(normalizeForSearch('\u200c \u064e'), '', 'only ZWNJ, spaces and diacritics: nothing to search for');
});

test('normalizeCellphone accepts every usual way of writing an Iranian cellphone', () => {
  for (const input of [
    '09121234567',
    '+989121234567',
    '00989121234567',
    '989121234567',
    '9121234567',
    '۰۹۱۲۱۲۳۴۵۶۷',
    '٠٩١٢١٢٣٤٥٦٧',
    '0912 123 4567',
    '+98 912-123-4567',
    ' ۰۹۱۲ ۱۲۳ ۴۵۶۷ ',
  ]) {
    assert.equal(normalizeCellphone(input), '09121234567', input);
  }
  assert.equal(normalizeCellphone('09901234567'), '09901234567', 'new operator prefixes are accepted');
});

test('normalizeCellphone rejects letters, wrong lengths and landline prefixes', () => {
  for (const input of [
    '',
    '0912abc4567',
    '09121234567a',
    '0912123',
    '091212345678',
    '08121234567',
    '02112345678',
    '+9809121234567',
    '0989121234567',
    '+1 912 123 4567',
  ]) {
    assert.equal(normalizeCellphone(input), null, input);
  }
});

test('isValidNationalId checks the checksum and accepts Persian digits', () => {
  assert.ok(isValidNationalId('0499370899'));
  assert.ok(isValidNationalId('۰۴۹۹۳۷۰۸۹۹'));
  assert.ok(isValidNationalId('0790419904'));
  assert.ok(isValidNationalId('499370899'), 'a leading zero may be dropped');
  assert.ok(!isValidNationalId('0499370890'), 'wrong check digit');
  assert.ok(!isValidNationalId('1234567890'));
  assert.ok(!isValidNationalId('1111111111'), 'repeated digits pass the checksum but are not issued');
  assert.ok(!isValidNationalId('04993708a9'));
  assert.ok(!isValidNationalId('12345'));
  assert.ok(!isValidNationalId('04993708999'));
});

test('cleanText keeps every Persian string as typed: digits of three scripts, ZWNJ, ezafe, tanween, Arabic yeh and kaf', () => {
  for (const { label, typed } of PERSIAN_TEXT_CASES) assert.equal(cleanText(typed), typed, label);
  for (const { label, typed } of PERSIAN_TEXT_CASES)
    assert.equal(cleanText(`  ${typed}\n`), typed, `${label}: only the ends are trimmed`);
  // What the old normalisation did to the same text, so the table would catch it coming back.
  assert.notEqual(normalizePersian('۱۲ سال'), '۱۲ سال');
});

test('cleanText drops invisible controls and bidi overrides, embeddings and isolates, keeps ZWNJ, ZWJ and the bidi marks', () => {
  assert.equal(cleanText('\u202eپرستار\u202c'), 'پرستار', 'right-to-left override and pop');
  assert.equal(cleanText('\u202aICU\u202c بخش \u202b۱\u202c'), 'ICU بخش ۱', 'embeddings');
  assert.equal(cleanText('\u2066a\u2069\u2067ب\u2069\u2068ج\u2069'), 'aبج', 'isolates');
  assert.equal(
    cleanText('\ufeffمدیر\u0000 داخلی\u0007\u001b\u007f\u0085'),
    'مدیر داخلی',
    'BOM, NUL, BEL, ESC, DEL, NEL at the end',
  );
  assert.equal(
    cleanText('می\u200cخواهم \u200dلا\u200e ICU\u200f \u061c'),
    'می\u200cخواهم \u200dلا\u200e ICU\u200f \u061c',
  );
  assert.equal(
    cleanText('سطر اول\r\nسطر دوم\rسطر سوم\u2028چهارم'),
    'سطر اول\nسطر دوم\nسطر سوم\nچهارم',
    'line breaks become \\n',
  );
  assert.equal(cleanText('  دو  فاصله\tو تب  '), 'دو  فاصله\tو تب', 'inner spaces and tabs stay');
  assert.equal(
    cleanText('نام\n\tخانوادگی', { singleLine: true }),
    'نام  خانوادگی',
    'single line: breaks and tabs become spaces',
  );
  assert.equal(cleanText('\u202e \u2069'), '', 'nothing but controls and spaces: empty');
});
