// The posting form's pure parts: form values ↔ the contract's body, toman ↔ rial, weekday hours,
// and the service's field codes matched to the form's fields.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeForPostingField, formDefaults, NOT_A_NUMBER, postingFieldsFromForm } from '../app/lib/postings/form.ts';
import { rialsToTomanText, tomanTextToRials } from '../app/lib/postings/money.ts';
import { listQueryFrom, listSearch, pageCount } from '../app/lib/postings/query.ts';
import { publicPostingPath } from '../app/lib/postings/types.ts';
import { hoursFromRows, isValidSpan, normaliseTime, rowsFromHours } from '../app/lib/postings/working-hours.ts';

function form(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

test('toman typed with Persian, Arabic-Indic or Latin digits and separators is stored as rials', () => {
  assert.equal(tomanTextToRials('۱۵٬۰۰۰٬۰۰۰'), 150_000_000);
  assert.equal(tomanTextToRials('١٢,٥٠٠,٠٠٠'), 125_000_000);
  assert.equal(tomanTextToRials(' 20000000 '), 200_000_000);
  assert.equal(tomanTextToRials('12 000 000'), 120_000_000);
  assert.equal(tomanTextToRials(''), null);
  assert.equal(tomanTextToRials(null), null);
  assert.ok(Number.isNaN(tomanTextToRials('ده میلیون')));
  assert.ok(Number.isNaN(tomanTextToRials('12.5')));
  assert.equal(rialsToTomanText(150_000_000), '15000000');
  assert.equal(rialsToTomanText(155), '15');
  assert.equal(rialsToTomanText(null), '');
});

test('times are written HH:MM from any digits, and a span needs its end after its start', () => {
  assert.equal(normaliseTime('۸:۳۰'), '08:30');
  assert.equal(normaliseTime('8:5'), '08:05');
  assert.equal(normaliseTime(' 14:00 '), '14:00');
  assert.equal(normaliseTime('noon'), 'noon');
  assert.equal(isValidSpan('08:00', '16:00'), true);
  assert.equal(isValidSpan('16:00', '08:00'), false);
  assert.equal(isValidSpan('08:00', '08:00'), false);
  assert.equal(isValidSpan('25:00', '26:00'), false);
  assert.equal(isValidSpan('x', '10:00'), false);
});

test('the weekday editor has seven rows, Saturday first, and sends only the days switched on', () => {
  const rows = rowsFromHours([{ weekday: 2, from: '08:00', to: '14:00' }]);
  assert.deepEqual(
    rows.map((row) => [row.weekday, row.on]),
    [
      [0, false],
      [1, false],
      [2, true],
      [3, false],
      [4, false],
      [5, false],
      [6, false],
    ],
  );
  rows[5] = { weekday: 5, on: true, from: '۹:۰۰', to: '۱۳:۰۰' };
  rows[0] = { weekday: 0, on: false, from: '07:00', to: '15:00' };
  assert.deepEqual(hoursFromRows(rows), [
    { weekday: 2, from: '08:00', to: '14:00' },
    { weekday: 5, from: '09:00', to: '13:00' },
  ]);
});

test('the form becomes the contract body: digits, toman, rows, checkboxes and the weekday hours', () => {
  const body = postingFieldsFromForm(
    form([
      ['title', '  کارشناس پرستاری بخش ICU '],
      ['description', 'شیفت در گردش\nبیمه از روز اول'],
      ['jobCategory', 'nursing'],
      ['employmentType', 'full-time'],
      ['gender', 'any'],
      ['minAge', '۲۵'],
      ['maxAge', '45'],
      ['minSalaryToman', '۱۵٬۰۰۰٬۰۰۰'],
      ['maxSalaryToman', '20,000,000'],
      ['salaryVisible', 'on'],
      ['experienceYears', '0'],
      ['province', 'tehran'],
      ['city', 'tehran'],
      ['languages[0].id', 'english'],
      ['languages[0].level', 'intermediate'],
      ['languages[1].id', ''],
      ['languages[1].level', ''],
      ['skills[0].name', 'تزریقات'],
      ['skills[0].level', 'expert'],
      ['educations[0].degreeLevel', 'bachelor'],
      ['educations[0].fieldOfStudy', 'nursing'],
      ['hours[0].weekday', '0'],
      ['hours[0].on', 'on'],
      ['hours[0].from', '۷:۳۰'],
      ['hours[0].to', '14:00'],
      ['hours[1].weekday', '1'],
      ['hours[1].from', '08:00'],
      ['hours[1].to', '12:00'],
      ['hours[6].weekday', '6'],
      ['hours[6].on', 'on'],
      ['hours[6].from', '08:00'],
      ['hours[6].to', '12:00'],
      ['militaryServiceRequired', 'on'],
      ['benefits', 'social-insurance'],
      ['benefits', 'performance-pay'],
      ['shiftPatterns', 'night'],
      ['hiringTemplateId', ''],
    ]),
  );
  assert.equal(body.title, 'کارشناس پرستاری بخش ICU');
  assert.equal(body.description, 'شیفت در گردش\nبیمه از روز اول');
  assert.equal(body.minAge, 25);
  assert.equal(body.maxAge, 45);
  assert.equal(body.minSalaryRials, 150_000_000);
  assert.equal(body.maxSalaryRials, 200_000_000);
  assert.equal(body.salaryVisible, true);
  assert.equal(body.experienceYears, 0, '"no work history" is 0, not absent');
  assert.deepEqual(body.languages, [{ id: 'english', level: 'intermediate' }]);
  assert.deepEqual(body.skills, [{ name: 'تزریقات', level: 'expert' }]);
  assert.deepEqual(body.educations, [{ degreeLevel: 'bachelor', fieldOfStudy: 'nursing' }]);
  assert.deepEqual(body.workingHours, [
    { weekday: 0, from: '07:30', to: '14:00' },
    { weekday: 6, from: '08:00', to: '12:00' },
  ]);
  assert.equal(body.militaryServiceRequired, true);
  assert.equal(body.acceptsDisability, false);
  assert.deepEqual(body.benefits, ['social-insurance', 'performance-pay']);
  assert.deepEqual(body.shiftPatterns, ['night']);
  assert.equal(body.hiringTemplateId, '');
  assert.equal(body.businessTravelHours, null, 'an empty optional number is not stated');
  assert.equal(body.region, '');
});

test('a number field holding no number is sent as -1, for the service to refuse under its field', () => {
  const body = postingFieldsFromForm(
    form([
      ['minAge', 'بیست'],
      ['minSalaryToman', 'ده میلیون'],
    ]),
  );
  assert.equal(body.minAge, NOT_A_NUMBER);
  assert.equal(body.minSalaryRials, NOT_A_NUMBER);
  assert.equal(body.maxSalaryRials, null);
  assert.equal(body.salaryVisible, false, 'an unticked switch is false');
  assert.deepEqual(body.workingHours, []);
});

test('a posting prefills the form (edit, clone) and round-trips to the same body', () => {
  const fields = {
    title: 'ماما',
    description: 'زایشگاه',
    jobCategory: 'midwifery',
    gender: 'female',
    minAge: 22,
    minSalaryRials: 120_000_000,
    salaryVisible: false,
    experienceYears: 3,
    languages: [{ id: 'english', level: 'beginner' }],
    workingHours: [{ weekday: 3, from: '08:00', to: '16:00' }],
    benefits: ['social-insurance'],
  };
  const defaults = formDefaults({ id: 'p1', ...fields });
  assert.equal(defaults.minSalaryToman, '12000000');
  assert.equal(defaults.salaryVisible, false);
  assert.equal(defaults.experienceYears, '3');
  assert.equal(defaults.hours[3]!.on, true);
  assert.equal(defaults.hours.length, 7);
  const entries: Array<[string, string]> = [
    ['title', defaults.title],
    ['description', defaults.description],
    ['jobCategory', defaults.jobCategory],
    ['gender', defaults.gender],
    ['minAge', defaults.minAge],
    ['minSalaryToman', defaults.minSalaryToman],
    ['experienceYears', defaults.experienceYears],
    ['languages[0].id', defaults.languages[0]!.id],
    ['languages[0].level', defaults.languages[0]!.level],
    ...defaults.benefits.map((id): [string, string] => ['benefits', id]),
  ];
  defaults.hours.forEach((row) => {
    entries.push([`hours[${row.weekday}].weekday`, String(row.weekday)]);
    if (row.on) entries.push([`hours[${row.weekday}].on`, 'on']);
    entries.push([`hours[${row.weekday}].from`, row.from], [`hours[${row.weekday}].to`, row.to]);
  });
  const body = postingFieldsFromForm(form(entries));
  assert.equal(body.minSalaryRials, 120_000_000);
  assert.equal(body.minAge, 22);
  assert.deepEqual(body.workingHours, fields.workingHours);
  assert.deepEqual(body.languages, fields.languages);
  assert.equal(formDefaults(null).salaryVisible, true, 'a new posting shows its salary by default');
  assert.equal(formDefaults(null).gender, 'any');
});

test('the ad list keeps its status, title search and page in the URL', () => {
  const query = listQueryFrom(new URLSearchParams('status=published&text= پرستار &page=۳'));
  assert.deepEqual(query, { status: 'published', text: 'پرستار', page: 3 });
  assert.deepEqual(listQueryFrom(new URLSearchParams('status=deleted&page=-2')), { status: null, text: '', page: 1 });
  assert.equal(listSearch(query, { page: 4 }), '?status=published&text=%D9%BE%D8%B1%D8%B3%D8%AA%D8%A7%D8%B1&page=4');
  assert.equal(
    listSearch(query, { status: 'draft' }),
    '?status=draft&text=%D9%BE%D8%B1%D8%B3%D8%AA%D8%A7%D8%B1',
    'a new filter starts at page 1',
  );
  assert.equal(listSearch({ status: null, text: '', page: 1 }, {}), '');
  assert.equal(pageCount(0, 10), 1);
  assert.equal(pageCount(21, 10), 3);
  assert.equal(publicPostingPath('nursing', 'icu-nurse-1'), '/applicants/recruitments/nursing/icu-nurse-1');
  assert.equal(publicPostingPath('nursing', ''), null);
});

test("the service's field codes mark the field at fault", () => {
  const codes = ['EXC_RECRUITMENTS_TITLE_IS_REQUIRED', 'EXC_RECRUITMENTS_MAX_SALARY_IS_INVALID'];
  assert.equal(codeForPostingField(codes, 'title'), 'EXC_RECRUITMENTS_TITLE_IS_REQUIRED');
  assert.equal(codeForPostingField(codes, 'maxSalaryToman'), 'EXC_RECRUITMENTS_MAX_SALARY_IS_INVALID');
  assert.equal(codeForPostingField(codes, 'minSalaryToman'), undefined);
  assert.equal(
    codeForPostingField(['EXC_RECRUITMENTS_JOB_CATEGORY_IS_INVALID'], 'jobCategory'),
    'EXC_RECRUITMENTS_JOB_CATEGORY_IS_INVALID',
  );
  assert.equal(
    codeForPostingField(['EXC_RECRUITMENTS_WORKING_HOURS_IS_INVALID'], 'hours'),
    'EXC_RECRUITMENTS_WORKING_HOURS_IS_INVALID',
  );
  const range = ['EXC_RECRUITMENTS_AGE_RANGE_IS_INVALID'];
  assert.equal(codeForPostingField(range, 'minAge'), range[0], 'a range rule marks both ends');
  assert.equal(codeForPostingField(range, 'maxAge'), range[0]);
  assert.equal(
    codeForPostingField(['EXC_HIRING_TEMPLATE_NOT_FOUND'], 'hiringTemplateId'),
    'EXC_HIRING_TEMPLATE_NOT_FOUND',
  );
});
