import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDigits, isValidNationalId, normalizeCellphone, normalizeForSearch, normalizePersian, toLatinDigits, toPersianDigits } from '../src/persian.ts';

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
  for (const input of ['09121234567', '+989121234567', '00989121234567', '989121234567', '9121234567', '۰۹۱۲۱۲۳۴۵۶۷', '٠٩١٢١٢٣٤٥٦٧', '0912 123 4567', '+98 912-123-4567', ' ۰۹۱۲ ۱۲۳ ۴۵۶۷ ']) {
    assert.equal(normalizeCellphone(input), '09121234567', input);
  }
  assert.equal(normalizeCellphone('09901234567'), '09901234567', 'new operator prefixes are accepted');
});

test('normalizeCellphone rejects letters, wrong lengths and landline prefixes', () => {
  for (const input of ['', '0912abc4567', '09121234567a', '0912123', '091212345678', '08121234567', '02112345678', '+9809121234567', '0989121234567', '+1 912 123 4567']) {
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
