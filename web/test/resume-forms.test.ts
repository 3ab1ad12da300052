// How the resume forms become the contract's shapes: Persian and Arabic-Indic digits, Jalali
// dates from three selects, the year list of spec §9, and which field a server code belongs to.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codesForField, parseItem, parsePersonal } from '../app/lib/resume/schemas.ts';
import { formatIsoDate, isoToJalali, monthNames, yearChoices } from '../app/lib/resume/dates.ts';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

test('personal info: trimmed text, Latin digits, a Jalali birthday as a Gregorian date, unknown choices dropped', () => {
  const value = parsePersonal(
    form({
      firstName: ' سارا ',
      lastName: 'محمدی',
      phone: '۰۹۱۲۱۲۳۴۵۶۷',
      'birthday.y': '۱۳۷۰',
      'birthday.m': '1',
      'birthday.d': '1',
      gender: 'female',
      militaryStatus: 'general',
      hasDisability: 'on',
    }),
  );
  assert.equal(value.firstName, 'سارا');
  assert.equal(value.phone, '09121234567');
  assert.equal(value.birthday, '1991-03-21');
  assert.equal(value.gender, 'female');
  assert.equal(value.militaryStatus, null);
  assert.equal(value.hasDisability, true);
  assert.equal(value.isForeigner, false);
  assert.equal(value.email, null);
});

test('an empty form is the empty shape (the server names what is missing)', () => {
  const value = parsePersonal(form({}));
  assert.equal(value.firstName, '');
  assert.equal(value.birthday, null);
});

test('a date with a day the month does not have is passed on as invalid, not moved to another day', () => {
  const value = parseItem(
    'jobs',
    form({ jobTitle: 'پرستار', 'startDate.y': '1400', 'startDate.m': '12', 'startDate.d': '31' }),
  );
  assert.equal(value.startDate, 'invalid');
  assert.equal(parseItem('jobs', form({ 'startDate.y': '1400', 'startDate.m': '12' })).startDate, 'invalid');
});

test('education: a GPA with a Persian decimal point and Persian digits, years as numbers', () => {
  const value = parseItem('educations', form({ university: 'تهران', gpa: '۱۷٫۵', startYear: '۱۳۹۵', endYear: '1399' }));
  assert.equal(value.gpa, 17.5);
  assert.equal(value.startYear, 1395);
  assert.equal(value.endYear, 1399);
  assert.equal(value.currentlyEnrolled, false);
});

test('publication authors split on Persian and Latin commas; levels only from the list', () => {
  assert.deepEqual(
    parseItem('publications', form({ title: 'مقاله', authors: 'علی رضایی، مریم احمدی, Sara' })).authors,
    ['علی رضایی', 'مریم احمدی', 'Sara'],
  );
  assert.equal(parseItem('skills', form({ name: 'تزریقات', level: 'expert' })).level, 'expert');
  assert.equal(parseItem('languages', form({ name: 'انگلیسی', level: 'expert' })).level, null);
});

test('server codes find their field, and only theirs', () => {
  const codes = [
    'EXC_RESUMES_END_DATE_IS_BEFORE_START_DATE',
    'EXC_RESUMES_START_DATE_IS_IN_FUTURE',
    'EXC_RESUMES_FIRST_NAME_IS_REQUIRED',
  ];
  assert.deepEqual(codesForField(codes, 'endDate'), ['EXC_RESUMES_END_DATE_IS_BEFORE_START_DATE']);
  assert.deepEqual(codesForField(codes, 'startDate'), ['EXC_RESUMES_START_DATE_IS_IN_FUTURE']);
  assert.deepEqual(codesForField(codes, 'firstName'), ['EXC_RESUMES_FIRST_NAME_IS_REQUIRED']);
  assert.deepEqual(codesForField(codes, 'lastName'), []);
});

test('the year list: the current Jalali year in Tehran and the hundred before it', () => {
  // 20 March 2026 21:00 UTC is already 1 Farvardin 1405 in Tehran (UTC+3:30).
  const years = yearChoices(new Date('2026-03-20T21:00:00Z'));
  assert.equal(years.length, 101);
  assert.equal(years[0], 1405);
  assert.equal(years.at(-1), 1305);
  assert.equal(yearChoices(new Date('2026-03-20T20:00:00Z'))[0], 1404);
});

test('dates are shown in the Jalali calendar with Persian digits', () => {
  assert.deepEqual(isoToJalali('2024-03-20'), { y: 1403, m: 1, d: 1 });
  assert.equal(formatIsoDate('2024-03-20', 'fa'), '۱ فروردین ۱۴۰۳');
  assert.equal(monthNames('fa')[0], 'فروردین');
  assert.equal(monthNames('fa')[11], 'اسفند');
});
