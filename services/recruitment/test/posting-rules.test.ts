// The field rules of a posting (spec §5), through the real service: every broken rule named at
// once, min = max refused for salary and age, ranges, times (any digits), overlaps, pagination.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { newEmployer, rejectsWith, startStack, validInput, type PostingInputInit, type Stack } from './stack.ts';

let stack: Stack;
let owner: string;
let employerId: string;

before(async () => {
  stack = await startStack();
  ({ owner, employerId } = await newEmployer(stack));
});
after(async () => {
  await stack?.stop();
});

const create = (fields: Partial<PostingInputInit>) =>
  stack.recruitment.createPosting({ employerId, fields: validInput(fields), publish: false }, { userId: owner });

test('a valid draft is saved as typed: free text kept, times written HH:MM, ids kept', async () => {
  const posting = (
    await create({
      title: '  پرستار  بخش ICU ',
      region: 'ونک\u200cشمالی',
      workingHours: [{ weekday: 2, from: '۷:۳۰', to: '١٤:٠٠' }],
    })
  ).posting!;
  assert.equal(posting.fields!.title, 'پرستار  بخش ICU', 'trimmed, inner spaces as typed');
  assert.equal(posting.fields!.region, 'ونک\u200cشمالی', 'ZWNJ kept');
  assert.deepEqual(
    posting.fields!.workingHours.map((span) => [span.weekday, span.from, span.to]),
    [[2, '07:30', '14:00']],
    'Persian and Arabic-Indic digits parsed',
  );
  assert.match(posting.slug, /^پرستار-بخش-icu-[0-9a-f]{6}$/, 'a readable Persian slug with a short suffix');
  assert.equal(posting.fields!.minSalary!.rials, 150_000_000n);
});

test('min = max is refused for the salary and for the age; min > max too', async () => {
  await rejectsWith(
    create({ minSalary: { rials: 100n }, maxSalary: { rials: 100n } }),
    'EXC_RECRUITMENTS_SALARY_RANGE_IS_INVALID',
  );
  await rejectsWith(create({ minAge: 30, maxAge: 30 }), 'EXC_RECRUITMENTS_AGE_RANGE_IS_INVALID');
  await rejectsWith(
    create({ minSalary: { rials: 200n }, maxSalary: { rials: 100n }, minAge: 40, maxAge: 30 }),
    'EXC_RECRUITMENTS_SALARY_RANGE_IS_INVALID',
    'EXC_RECRUITMENTS_AGE_RANGE_IS_INVALID',
  );
  // Only one bound is fine.
  await create({ minSalary: { rials: 100n }, maxSalary: undefined, minAge: undefined, maxAge: 60 });
});

test('bounds: ages 15–80, salaries positive, experience 0–29, business travel hours', async () => {
  await rejectsWith(
    create({
      minAge: 14,
      maxAge: 81,
      minSalary: { rials: 0n },
      maxSalary: { rials: -5n },
      experienceYears: 30,
      businessTravelHours: 745,
    }),
    'EXC_RECRUITMENTS_MIN_AGE_IS_INVALID',
    'EXC_RECRUITMENTS_MAX_AGE_IS_INVALID',
    'EXC_RECRUITMENTS_MIN_SALARY_IS_INVALID',
    'EXC_RECRUITMENTS_MAX_SALARY_IS_INVALID',
    'EXC_RECRUITMENTS_EXPERIENCE_YEARS_IS_INVALID',
    'EXC_RECRUITMENTS_BUSINESS_TRAVEL_HOURS_IS_INVALID',
  );
  await rejectsWith(create({ experienceYears: -1 }), 'EXC_RECRUITMENTS_EXPERIENCE_YEARS_IS_INVALID');
  const none = (await create({ experienceYears: 0, minAge: 15, maxAge: 80 })).posting!;
  assert.equal(none.fields!.experienceYears, 0, "0 is 'no work history'");
});

test('working hours: weekday 0–6, valid times, to after from, no overlapping spans of one day', async () => {
  const bad: PostingInputInit['workingHours'][] = [
    [{ weekday: 7, from: '08:00', to: '12:00' }],
    [{ weekday: -1, from: '08:00', to: '12:00' }],
    [{ weekday: 0, from: '24:00', to: '25:00' }],
    [{ weekday: 0, from: '08:60', to: '12:00' }],
    [{ weekday: 0, from: 'هشت', to: '12:00' }],
    [{ weekday: 0, from: '12:00', to: '12:00' }],
    [{ weekday: 0, from: '14:00', to: '08:00' }],
    [
      { weekday: 3, from: '08:00', to: '12:00' },
      { weekday: 3, from: '11:00', to: '15:00' },
    ],
  ];
  for (const workingHours of bad)
    await rejectsWith(create({ workingHours }), 'EXC_RECRUITMENTS_WORKING_HOURS_IS_INVALID');
  const split = (
    await create({
      workingHours: [
        { weekday: 3, from: '16:00', to: '20:00' },
        { weekday: 3, from: '08:00', to: '12:00' },
        { weekday: 4, from: '08:00', to: '12:00' },
      ],
    })
  ).posting!;
  assert.equal(split.fields!.workingHours.length, 3, 'a split shift (two spans that do not overlap) is fine');
});

test('closed lists and suggestions: every bad id named at once', async () => {
  await rejectsWith(
    create({
      title: '',
      jobCategory: 'astronaut',
      employmentType: 'slave',
      workType: '',
      gender: 'other',
      province: 'isfahan',
      city: 'tabriz',
      organizationalLevel: 'emperor',
      languages: [{ id: 'klingon', level: 'native' }],
      skills: [{ name: '', level: 'expert' }],
      educations: [{ degreeLevel: 'phd-of-everything', fieldOfStudy: '' }],
      benefits: ['free-yacht'],
      shiftPatterns: ['morning', 'afternoon'],
      facilityType: 'spaceship',
      medicalSpecialty: 'alchemy',
      hiringTemplateId: 'not-a-uuid',
    }),
    'EXC_RECRUITMENTS_TITLE_IS_REQUIRED',
    'EXC_RECRUITMENTS_JOB_CATEGORY_IS_INVALID',
    'EXC_RECRUITMENTS_EMPLOYMENT_TYPE_IS_INVALID',
    'EXC_RECRUITMENTS_WORK_TYPE_IS_REQUIRED',
    'EXC_RECRUITMENTS_GENDER_IS_INVALID',
    'EXC_RECRUITMENTS_CITY_IS_INVALID',
    'EXC_RECRUITMENTS_ORGANIZATIONAL_LEVEL_IS_INVALID',
    'EXC_RECRUITMENTS_LANGUAGES_IS_INVALID',
    'EXC_RECRUITMENTS_SKILLS_IS_INVALID',
    'EXC_RECRUITMENTS_EDUCATIONS_IS_INVALID',
    'EXC_RECRUITMENTS_BENEFITS_IS_INVALID',
    'EXC_RECRUITMENTS_SHIFT_PATTERNS_IS_INVALID',
    'EXC_RECRUITMENTS_FACILITY_TYPE_IS_INVALID',
    'EXC_RECRUITMENTS_MEDICAL_SPECIALTY_IS_INVALID',
    'EXC_HIRING_TEMPLATE_NOT_FOUND',
  );
  await rejectsWith(
    create({ jobCategory: '', employmentType: '', province: '', city: '' }),
    'EXC_RECRUITMENTS_JOB_CATEGORY_IS_REQUIRED',
    'EXC_RECRUITMENTS_EMPLOYMENT_TYPE_IS_REQUIRED',
    'EXC_RECRUITMENTS_PROVINCE_IS_REQUIRED',
    'EXC_RECRUITMENTS_CITY_IS_REQUIRED',
  );
  await rejectsWith(
    create({ title: 'ع'.repeat(151), description: 'ش'.repeat(10_001), region: 'م'.repeat(101) }),
    'EXC_RECRUITMENTS_TITLE_IS_TOO_LONG',
    'EXC_RECRUITMENTS_DESCRIPTION_IS_TOO_LONG',
    'EXC_RECRUITMENTS_REGION_IS_TOO_LONG',
  );
  await rejectsWith(
    create({ hiringTemplateId: '00000000-0000-4000-8000-000000000000' }),
    'EXC_HIRING_TEMPLATE_NOT_FOUND',
  );
  const fine = (
    await create({
      province: 'isfahan',
      city: 'kashan',
      facilityType: 'hospital',
      medicalSpecialty: 'internal-medicine',
      organizationalLevel: 'staff',
      gender: 'female',
    })
  ).posting!;
  assert.equal(fine.fields!.city, 'kashan');
  assert.equal(await stack.db.posting.count({ where: { employerId, title: '' } }), 0, 'a refused posting is not saved');
});

test('pagination of the employer list: page, size and order are checked', async () => {
  const list = (page: { page?: number; pageSize?: number; order?: string }) =>
    stack.recruitment.listEmployerPostings({ employerId, page }, { userId: owner });
  await rejectsWith(list({ page: -1 }), 'EXC_PAGINATION_PAGE_IS_INVALID');
  await rejectsWith(list({ pageSize: 51 }), 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID');
  await rejectsWith(
    list({ page: 10_001, pageSize: 100, order: 'salary' }),
    'EXC_PAGINATION_PAGE_IS_INVALID',
    'EXC_PAGINATION_PAGE_SIZE_IS_INVALID',
    'EXC_PAGINATION_ORDER_IS_INVALID',
  );
  const first = await list({ page: 1, pageSize: 2 });
  assert.equal(first.items.length, 2);
  assert.ok(first.page!.total > 2n);
  const second = await list({ page: 2, pageSize: 2 });
  assert.notDeepEqual(
    second.items.map((card) => card.id),
    first.items.map((card) => card.id),
  );
  await assert.rejects(
    stack.recruitment.listEmployerPostings({ employerId, text: 'ک'.repeat(201) }, { userId: owner }),
    (error: unknown) =>
      error instanceof DomainError && error.codes.includes('EXC_RECRUITMENTS_SEARCH_TEXT_IS_TOO_LONG'),
  );
  const byTitle = await stack.recruitment.listEmployerPostings(
    { employerId, text: 'پرستار بخش icu' },
    { userId: owner },
  );
  assert.ok(byTitle.items.length > 0 && byTitle.items.every((card) => card.title.includes('ICU')));
  const none = await stack.recruitment.listEmployerPostings({ employerId, text: 'جراح مغز' }, { userId: owner });
  assert.equal(none.items.length, 0);
});
