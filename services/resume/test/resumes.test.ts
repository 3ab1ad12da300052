// The resume service over real gRPC on a real database: personal information and the six
// sections with every field rule, ownership, slugs, completeness and the outbox events.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { create } from '@bufbuild/protobuf';
import * as grpc from '@grpc/grpc-js';
import { grpcServiceDefinition, METADATA_USER_ID } from '@darmankar/platform/grpc';
import { GetCurrentUserResumeRequestSchema, ResumeService, Section } from '@darmankar/proto/resume/v1/resume_pb';
import { RESUME_TOPIC } from '../src/events/resume-events.ts';
import { newUser, rejectsWith, startTestResume, type TestResume } from './helpers.ts';

let t: TestResume;
before(async () => {
  t = await startTestResume();
});
after(async () => {
  await t.stop();
});

const as = (userId: string) => ({ userId });
const personal = (fields: Record<string, unknown> = {}) => ({ firstName: 'مریم', lastName: 'احمدی', ...fields });

async function createFor(userId = newUser(), fields: Record<string, unknown> = {}) {
  const { resume } = await t.client.createResume({ personal: personal(fields) }, as(userId));
  return { userId, resume: resume! };
}

describe('personal information', () => {
  test('names stored as typed (Arabic letters kept); phone, email and dates parsed: Persian and Arabic-Indic digits as Latin', async () => {
    const { resume } = await createFor(newUser(), {
      firstName: 'علي',
      lastName: 'كريمي',
      phone: '۰۹۱۲ ١٢٣ ۴۵۶۷',
      birthday: '۱۳۷۰-01-05'.replace('۱۳۷۰', '1991'),
      email: 'Ali@Example.COM',
    });
    assert.equal(resume.personal!.firstName, 'علي');
    assert.equal(resume.personal!.lastName, 'كريمي');
    assert.equal(resume.slug, 'علی-کریمی', 'the slug is matched on, so it is normalised');
    assert.equal(resume.personal!.phone, '09121234567');
    assert.equal(resume.personal!.email, 'ali@example.com');
    const persianDate = await createFor(newUser(), { birthday: '۱۹۹۱-۰۱-۰۵' });
    assert.equal(persianDate.resume.personal!.birthday, '1991-01-05');
  });

  const refusals: Array<[string, Record<string, unknown>, string[]]> = [
    [
      'first and last name missing',
      { firstName: ' ', lastName: '' },
      ['EXC_RESUMES_FIRST_NAME_IS_REQUIRED', 'EXC_RESUMES_LAST_NAME_IS_REQUIRED'],
    ],
    [
      'names too long',
      { firstName: 'ا'.repeat(51), lastName: 'ب'.repeat(51) },
      ['EXC_RESUMES_FIRST_NAME_IS_TOO_LONG', 'EXC_RESUMES_LAST_NAME_IS_TOO_LONG'],
    ],
    ['email', { email: 'not-an-email' }, ['EXC_RESUMES_EMAIL_IS_INVALID']],
    ['phone with Devanagari digits', { phone: '०९१२१२३४५६७' }, ['EXC_RESUMES_PHONE_IS_INVALID']],
    ['phone too short', { phone: '12' }, ['EXC_RESUMES_PHONE_IS_INVALID']],
    ['birthday not a date', { birthday: '1991-02-30' }, ['EXC_RESUMES_BIRTHDAY_IS_INVALID']],
    ['birthday tomorrow in Tehran', { birthday: '2026-03-21' }, ['EXC_RESUMES_BIRTHDAY_IS_IN_FUTURE']],
    ['birthday with Bengali digits', { birthday: '১৯৯১-০১-০৫' }, ['EXC_RESUMES_BIRTHDAY_IS_INVALID']],
    [
      'choices',
      { gender: 'other', maritalStatus: 'x', militaryStatus: 'y' },
      [
        'EXC_RESUMES_GENDER_IS_INVALID',
        'EXC_RESUMES_MARITAL_STATUS_IS_INVALID',
        'EXC_RESUMES_MILITARY_STATUS_IS_INVALID',
      ],
    ],
    ['url', { url: 'javascript:alert(1)' }, ['EXC_RESUMES_URL_IS_INVALID']],
    [
      'headline and about too long',
      { jobTitle: 'ا'.repeat(101), about: 'ا'.repeat(2001) },
      ['EXC_RESUMES_JOB_TITLE_IS_TOO_LONG', 'EXC_RESUMES_ABOUT_IS_TOO_LONG'],
    ],
    // Closed lists (docs/adr/023): ids of the list, a city of its province.
    [
      'province and city typed, not picked',
      { province: 'تهران', city: 'تهران' },
      ['EXC_RESUMES_PROVINCE_IS_INVALID', 'EXC_RESUMES_CITY_IS_INVALID'],
    ],
    ['a city outside its province', { province: 'tehran', city: 'mashhad' }, ['EXC_RESUMES_CITY_IS_INVALID']],
    [
      'statuses by their old codes',
      { maritalStatus: 'متاهل', militaryStatus: 'not_served' },
      ['EXC_RESUMES_MARITAL_STATUS_IS_INVALID', 'EXC_RESUMES_MILITARY_STATUS_IS_INVALID'],
    ],
  ];
  for (const [what, fields, codes] of refusals) {
    test(`refused: ${what}, and nothing is stored`, async () => {
      const userId = newUser();
      await rejectsWith(t.client.createResume({ personal: personal(fields) }, as(userId)), ...(codes as never[]));
      assert.equal(await t.db.resume.count({ where: { ownerUserId: userId } }), 0);
    });
  }

  test('"today" is the date in Tehran: a birthday of the 20th is fine, the 21st only once Tehran is there', async () => {
    await createFor(newUser(), { birthday: '2026-03-20' });
    const userId = newUser();
    await rejectsWith(
      t.client.createResume({ personal: personal({ birthday: '2026-03-21' }) }, as(userId)),
      'EXC_RESUMES_BIRTHDAY_IS_IN_FUTURE',
    );
    t.clock.advance(60 * 60 * 1000); // 00:30 on the 21st in Tehran, still the 20th in UTC
    await createFor(userId, { birthday: '2026-03-21' });
    t.clock.advance(-60 * 60 * 1000);
  });

  test('a second resume is refused; an update keeps the slug', async () => {
    const { userId, resume } = await createFor(newUser(), { firstName: 'سارا', lastName: 'نیکو' });
    await rejectsWith(t.client.createResume({ personal: personal() }, as(userId)), 'EXC_RESUMES_ALREADY_EXISTS');
    const { resume: updated } = await t.client.updateResume(
      { resumeId: resume.id, personal: personal({ firstName: 'سارا', lastName: 'نیکوکار' }) },
      as(userId),
    );
    assert.equal(updated!.slug, resume.slug);
    assert.equal(updated!.personal!.lastName, 'نیکوکار');
  });

  test('an update with broken rules changes nothing', async () => {
    const { userId, resume } = await createFor(newUser(), { city: 'tehran' });
    await rejectsWith(
      t.client.updateResume(
        { resumeId: resume.id, personal: personal({ firstName: '', city: 'karaj', email: 'x@' }) },
        as(userId),
      ),
      'EXC_RESUMES_FIRST_NAME_IS_REQUIRED',
      'EXC_RESUMES_EMAIL_IS_INVALID',
    );
    const row = await t.db.resume.findUniqueOrThrow({ where: { id: resume.id } });
    assert.deepEqual(
      [row.firstName, row.province, row.city, row.email],
      ['مریم', 'tehran', 'tehran', null],
      'a city alone names its province',
    );
  });

  test('closed lists are stored as ids: province, city, marital and military status', async () => {
    const { resume } = await createFor(newUser(), {
      province: 'khorasan-razavi',
      city: 'mashhad',
      maritalStatus: 'married',
      militaryStatus: 'permanent-exemption',
    });
    const saved = resume.personal!;
    assert.deepEqual(
      [saved.province, saved.city, saved.maritalStatus, saved.militaryStatus],
      ['khorasan-razavi', 'mashhad', 'married', 'permanent-exemption'],
    );
  });
});

describe('slugs', () => {
  test('readable from the name, unique with a number, stable when the name changes', async () => {
    const first = await createFor(newUser(), { firstName: 'نرگس', lastName: 'یزدانی' });
    const second = await createFor(newUser(), { firstName: 'نرگس', lastName: 'یزداني' });
    const third = await createFor(newUser(), { firstName: 'Narges', lastName: 'Yazdani!' });
    assert.equal(first.resume.slug, 'نرگس-یزدانی');
    assert.equal(second.resume.slug, 'نرگس-یزدانی-2');
    assert.equal(third.resume.slug, 'narges-yazdani');
    await t.client.updateResume(
      { resumeId: first.resume.id, personal: personal({ firstName: 'نسرین', lastName: 'یزدانی' }) },
      as(first.userId),
    );
    const { resume } = await t.client.getResumeBySlug({ slug: 'نرگس-یزدانی' });
    assert.equal(resume!.id, first.resume.id);
    assert.equal(resume!.personal!.firstName, 'نسرین');
  });

  test('many people of one name at once all get their own slug', async () => {
    const created = await Promise.all(
      Array.from({ length: 25 }, () => createFor(newUser(), { firstName: 'رضا', lastName: 'همنام' })),
    );
    assert.equal(new Set(created.map((c) => c.resume.slug)).size, 25);
    assert.ok(
      created.every((c) => c.resume.slug.startsWith('رضا-همنام')),
      'every slug still reads as the name',
    );
  });
});

describe('sections', () => {
  const item = (caseName: string, value: Record<string, unknown>): { item: never } => ({
    item: { item: { case: caseName, value } } as never,
  });
  const education = (fields: Record<string, unknown> = {}) =>
    item('education', {
      university: 'دانشگاه تهران',
      fieldOfStudy: 'پرستاری',
      degreeLevel: 'bachelor',
      startYear: '1395',
      endYear: '1399',
      ...fields,
    });
  const job = (fields: Record<string, unknown> = {}) =>
    item('job', {
      jobTitle: 'پرستار',
      companyName: 'بیمارستان',
      startDate: '2020-01-01',
      endDate: '2022-01-01',
      ...fields,
    });

  const refusals: Array<[string, unknown, string[]]> = [
    [
      'education: required fields',
      item('education', {}),
      [
        'EXC_RESUMES_UNIVERSITY_IS_REQUIRED',
        'EXC_RESUMES_FIELD_OF_STUDY_IS_REQUIRED',
        'EXC_RESUMES_DEGREE_LEVEL_IS_REQUIRED',
        'EXC_RESUMES_START_YEAR_IS_REQUIRED',
        'EXC_RESUMES_END_YEAR_IS_REQUIRED',
      ],
    ],
    [
      'education: too long',
      education({ university: 'ا'.repeat(101), fieldOfStudy: 'ا'.repeat(101) }),
      ['EXC_RESUMES_UNIVERSITY_IS_TOO_LONG', 'EXC_RESUMES_FIELD_OF_STUDY_IS_TOO_LONG'],
    ],
    [
      'education: degree level typed, not picked',
      education({ degreeLevel: 'کارشناسی' }),
      ['EXC_RESUMES_DEGREE_LEVEL_IS_INVALID'],
    ],
    ['education: GPA over 20', education({ gpa: '20.01' }), ['EXC_RESUMES_GPA_IS_INVALID']],
    ['education: GPA with three decimals', education({ gpa: '17.125' }), ['EXC_RESUMES_GPA_IS_INVALID']],
    ['education: GPA negative', education({ gpa: '-1' }), ['EXC_RESUMES_GPA_IS_INVALID']],
    [
      'education: years in the future (1405 before Nowruz)',
      education({ startYear: '1405', endYear: '1405' }),
      ['EXC_RESUMES_START_YEAR_IS_IN_FUTURE', 'EXC_RESUMES_END_YEAR_IS_IN_FUTURE'],
    ],
    [
      'education: years more than a hundred back',
      education({ startYear: '1303', endYear: '1303' }),
      ['EXC_RESUMES_START_YEAR_IS_INVALID', 'EXC_RESUMES_END_YEAR_IS_INVALID'],
    ],
    [
      'education: not years',
      education({ startYear: '95', endYear: 'abcd' }),
      ['EXC_RESUMES_START_YEAR_IS_INVALID', 'EXC_RESUMES_END_YEAR_IS_INVALID'],
    ],
    [
      'education: end before start',
      education({ startYear: '1399', endYear: '1395' }),
      ['EXC_RESUMES_END_YEAR_IS_BEFORE_START_YEAR'],
    ],
    [
      'job: required fields',
      item('job', {}),
      [
        'EXC_RESUMES_JOB_TITLE_IS_REQUIRED',
        'EXC_RESUMES_COMPANY_NAME_IS_REQUIRED',
        'EXC_RESUMES_START_DATE_IS_REQUIRED',
        'EXC_RESUMES_END_DATE_IS_REQUIRED',
      ],
    ],
    [
      'job: dates in the future',
      job({ startDate: '2026-03-21', endDate: '2027-01-01' }),
      ['EXC_RESUMES_START_DATE_IS_IN_FUTURE', 'EXC_RESUMES_END_DATE_IS_IN_FUTURE'],
    ],
    [
      'job: invalid dates',
      job({ startDate: '2020-13-01', endDate: 'yesterday' }),
      ['EXC_RESUMES_START_DATE_IS_INVALID', 'EXC_RESUMES_END_DATE_IS_INVALID'],
    ],
    [
      'job: end before start',
      job({ startDate: '2022-01-02', endDate: '2022-01-01' }),
      ['EXC_RESUMES_END_DATE_IS_BEFORE_START_DATE'],
    ],
    [
      'job: too long',
      job({ jobTitle: 'ا'.repeat(101), companyName: 'ا'.repeat(101), description: 'ا'.repeat(2001) }),
      [
        'EXC_RESUMES_JOB_TITLE_IS_TOO_LONG',
        'EXC_RESUMES_COMPANY_NAME_IS_TOO_LONG',
        'EXC_RESUMES_DESCRIPTION_IS_TOO_LONG',
      ],
    ],
    [
      'job: closed lists typed, not picked',
      job({ industry: 'درمان', employmentType: 'تمام وقت', province: 'tehran', city: 'shiraz' }),
      ['EXC_RESUMES_INDUSTRY_IS_INVALID', 'EXC_RESUMES_EMPLOYMENT_TYPE_IS_INVALID', 'EXC_RESUMES_CITY_IS_INVALID'],
    ],
    ['skill: required', item('skill', {}), ['EXC_RESUMES_NAME_IS_REQUIRED', 'EXC_RESUMES_LEVEL_IS_REQUIRED']],
    [
      'skill: level native is for languages',
      item('skill', { name: 'تزریقات', level: 'native' }),
      ['EXC_RESUMES_LEVEL_IS_INVALID'],
    ],
    [
      'language: level expert is for skills',
      item('language', { name: 'انگلیسی', level: 'expert' }),
      ['EXC_RESUMES_LEVEL_IS_INVALID'],
    ],
    [
      'language: name too long',
      item('language', { name: 'ا'.repeat(101), level: 'native' }),
      ['EXC_RESUMES_NAME_IS_TOO_LONG'],
    ],
    [
      'certificate: required',
      item('certificate', {}),
      ['EXC_RESUMES_TITLE_IS_REQUIRED', 'EXC_RESUMES_ISSUED_BY_IS_REQUIRED'],
    ],
    [
      'certificate: link, hours, date',
      item('certificate', {
        title: 'ACLS',
        issuedBy: 'انجمن',
        link: 'ftp://x.y',
        durationHours: '0',
        completionDate: '2026-03-21',
      }),
      [
        'EXC_RESUMES_LINK_IS_INVALID',
        'EXC_RESUMES_DURATION_HOURS_IS_INVALID',
        'EXC_RESUMES_COMPLETION_DATE_IS_IN_FUTURE',
      ],
    ],
    [
      'certificate: hours over 10000',
      item('certificate', { title: 'ACLS', issuedBy: 'انجمن', durationHours: '10001' }),
      ['EXC_RESUMES_DURATION_HOURS_IS_INVALID'],
    ],
    [
      'certificate: too long',
      item('certificate', { title: 'ا'.repeat(101), issuedBy: 'ا'.repeat(101) }),
      ['EXC_RESUMES_TITLE_IS_TOO_LONG', 'EXC_RESUMES_ISSUED_BY_IS_TOO_LONG'],
    ],
    ['publication: required', item('publication', {}), ['EXC_RESUMES_TITLE_IS_REQUIRED']],
    [
      'publication: the rest',
      item('publication', {
        title: 'مقاله',
        publisher: 'ا'.repeat(101),
        authors: Array.from({ length: 21 }, () => 'نویسنده'),
        date: '2026-04-01',
        link: 'not a link',
        description: 'ا'.repeat(2001),
      }),
      [
        'EXC_RESUMES_PUBLISHER_IS_TOO_LONG',
        'EXC_RESUMES_AUTHORS_IS_INVALID',
        'EXC_RESUMES_DATE_IS_IN_FUTURE',
        'EXC_RESUMES_LINK_IS_INVALID',
        'EXC_RESUMES_DESCRIPTION_IS_TOO_LONG',
      ],
    ],
    [
      'publication: invalid date',
      item('publication', { title: 'مقاله', date: '2020-02-30' }),
      ['EXC_RESUMES_DATE_IS_INVALID'],
    ],
  ];

  let owner: string;
  let resumeId: string;
  before(async () => {
    const created = await createFor();
    owner = created.userId;
    resumeId = created.resume.id;
  });

  for (const [what, request, codes] of refusals) {
    test(`refused: ${what}, nothing stored`, async () => {
      await rejectsWith(t.client.addItem({ resumeId, ...(request as object) }, as(owner)), ...(codes as never[]));
      assert.equal(await t.db.resumeItem.count({ where: { resumeId } }), 0);
    });
  }

  test('currently enrolled / employed: no end needed, and an end sent along is dropped', async () => {
    const studying = await t.client.addItem(
      { resumeId, ...education({ endYear: undefined, currentlyEnrolled: true }) },
      as(owner),
    );
    assert.equal(studying.item!.item.case, 'education');
    assert.equal((studying.item!.item.value as { endYear?: string }).endYear, undefined);
    const working = await t.client.addItem(
      { resumeId, ...job({ endDate: '2019-01-01', currentlyEmployed: true }) },
      as(owner),
    );
    assert.equal((working.item!.item.value as { endDate?: string }).endDate, undefined);
    for (const id of [studying.item!.item.value!.id, working.item!.item.value!.id])
      await t.db.resumeItem.delete({ where: { id } });
  });

  test('digits in every accepted script; GPA with the Persian decimal separator', async () => {
    const added = await t.client.addItem(
      { resumeId, ...education({ startYear: '۱۳۹۵', endYear: '١٣٩٩', gpa: '۱۸٫۲۵' }) },
      as(owner),
    );
    const value = added.item!.item.value as { startYear: string; endYear: string; gpa: string };
    assert.deepEqual([value.startYear, value.endYear, value.gpa], ['1395', '1399', '18.25']);
    await t.db.resumeItem.delete({ where: { id: (added.item!.item.value as { id: string }).id } });
  });

  test('the current Jalali year is judged in Tehran: 1405 is refused on the eve of Nowruz and accepted after midnight there', async () => {
    const at1405 = education({ startYear: '1405', endYear: undefined, currentlyEnrolled: true });
    await rejectsWith(t.client.addItem({ resumeId, ...at1405 }, as(owner)), 'EXC_RESUMES_START_YEAR_IS_IN_FUTURE');
    t.clock.advance(60 * 60 * 1000);
    try {
      const added = await t.client.addItem({ resumeId, ...at1405 }, as(owner));
      await t.db.resumeItem.delete({ where: { id: (added.item!.item.value as { id: string }).id } });
    } finally {
      t.clock.advance(-60 * 60 * 1000);
    }
  });

  test('list, update and delete; jobs and educations newest first', async () => {
    const older = await t.client.addItem(
      { resumeId, ...job({ startDate: '2015-01-01', endDate: '2016-01-01' }) },
      as(owner),
    );
    const newer = await t.client.addItem(
      { resumeId, ...job({ startDate: '2018-01-01', endDate: '2019-01-01' }) },
      as(owner),
    );
    const olderId = (older.item!.item.value as { id: string }).id;
    let listed = await t.client.listItems({ resumeId, section: Section.JOBS }, as(owner));
    assert.deepEqual(
      listed.items.map((i) => (i.item.value as { id: string }).id),
      [(newer.item!.item.value as { id: string }).id, olderId],
    );
    await t.client.updateItem(
      { resumeId, itemId: olderId, ...job({ startDate: '2021-01-01', endDate: '2022-01-01' }) },
      as(owner),
    );
    listed = await t.client.listItems({ resumeId, section: Section.JOBS }, as(owner));
    assert.equal((listed.items[0]!.item.value as { id: string }).id, olderId);
    await rejectsWith(
      t.client.updateItem({ resumeId, itemId: olderId, ...job({ endDate: '2000-01-01' }) }, as(owner)),
      'EXC_RESUMES_END_DATE_IS_BEFORE_START_DATE',
    );
    await rejectsWith(
      t.client.deleteItem({ resumeId, section: Section.SKILLS, itemId: olderId }, as(owner)),
      'EXC_RESUMES_ITEM_NOT_FOUND',
    );
    await rejectsWith(
      t.client.deleteItem(
        { resumeId, section: Section.JOBS, itemId: '00000000-0000-4000-8000-000000000000' },
        as(owner),
      ),
      'EXC_RESUMES_ITEM_NOT_FOUND',
    );
    for (const entry of listed.items)
      await t.client.deleteItem(
        { resumeId, section: Section.JOBS, itemId: (entry.item.value as { id: string }).id },
        as(owner),
      );
    assert.equal((await t.client.listItems({ resumeId, section: Section.JOBS }, as(owner))).items.length, 0);
  });

  test('deletes and changes of one item at the same moment: one delete wins, every other call is told the item is gone', async () => {
    const added = await t.client.addItem({ resumeId, ...job() }, as(owner));
    const itemId = (added.item!.item.value as { id: string }).id;
    const calls = [
      ...Array.from({ length: 4 }, () => t.client.deleteItem({ resumeId, section: Section.JOBS, itemId }, as(owner))),
      ...Array.from({ length: 4 }, () =>
        t.client.updateItem({ resumeId, itemId, ...job({ jobTitle: 'سرپرستار' }) }, as(owner)),
      ),
    ];
    const results = await Promise.allSettled(calls);
    const deletes = results.slice(0, 4);
    assert.equal(deletes.filter((result) => result.status === 'fulfilled').length, 1, 'exactly one delete succeeds');
    for (const result of results)
      if (result.status === 'rejected') await rejectsWith(Promise.reject(result.reason), 'EXC_RESUMES_ITEM_NOT_FOUND');
    assert.equal(await t.db.resumeItem.count({ where: { id: itemId } }), 0);
  });
});

describe('ownership', () => {
  test('another user can neither read privately nor change anything, and nothing changes', async () => {
    const { userId, resume } = await createFor(newUser(), {
      email: 'owner@example.com',
      phone: '09120000001',
      birthday: '1990-01-01',
    });
    const { item } = await t.client.addItem(
      { resumeId: resume.id, item: { item: { case: 'skill', value: { name: 'تزریقات', level: 'expert' } } } } as never,
      as(userId),
    );
    const itemId = (item!.item.value as { id: string }).id;
    const other = newUser();
    const before = await t.db.resume.findUniqueOrThrow({ where: { id: resume.id }, include: { items: true } });
    const calls = [
      () => t.client.updateResume({ resumeId: resume.id, personal: personal({ firstName: 'دزد' }) }, as(other)),
      () => t.client.removePicture({ resumeId: resume.id }, as(other)),
      () => t.client.removeCustomResume({ resumeId: resume.id }, as(other)),
      () => t.client.setPicture({ resumeId: resume.id, fileId: '00000000-0000-4000-8000-000000000000' }, as(other)),
      () => t.client.issueCustomResumeLink({ resumeId: resume.id }, as(other)),
      () => t.client.listItems({ resumeId: resume.id, section: Section.SKILLS }, as(other)),
      () =>
        t.client.addItem(
          { resumeId: resume.id, item: { item: { case: 'skill', value: { name: 'x', level: 'expert' } } } } as never,
          as(other),
        ),
      () =>
        t.client.updateItem(
          {
            resumeId: resume.id,
            itemId,
            item: { item: { case: 'skill', value: { name: 'x', level: 'expert' } } },
          } as never,
          as(other),
        ),
      () => t.client.deleteItem({ resumeId: resume.id, section: Section.SKILLS, itemId }, as(other)),
    ];
    for (const call of calls) await rejectsWith(call(), 'EXC_AUTHORIZATION_FORBIDDEN');
    // Someone else's item id sent along one's own resume.
    const own = await createFor(other);
    await rejectsWith(
      t.client.deleteItem({ resumeId: own.resume.id, section: Section.SKILLS, itemId }, as(other)),
      'EXC_AUTHORIZATION_FORBIDDEN',
    );
    assert.deepEqual(
      await t.db.resume.findUniqueOrThrow({ where: { id: resume.id }, include: { items: true } }),
      before,
    );

    const publicView = (await t.client.getResumeBySlug({ slug: resume.slug })).resume!;
    assert.deepEqual(
      [publicView.personal!.email, publicView.personal!.phone, publicView.personal!.birthday, publicView.ownedByCaller],
      [undefined, undefined, undefined, false],
    );
    const ownerView = (await t.client.getResumeBySlug({ slug: resume.slug }, as(userId))).resume!;
    assert.deepEqual(
      [ownerView.personal!.email, ownerView.personal!.phone, ownerView.ownedByCaller],
      ['owner@example.com', '09120000001', true],
    );
  });

  test('unknown resumes and users without one', async () => {
    await rejectsWith(t.client.getCurrentUserResume({}, as(newUser())), 'EXC_RESUME_ID_IS_INVALID');
    await rejectsWith(t.client.getResumeBySlug({ slug: 'nobody-here' }), 'EXC_RESUME_ID_IS_INVALID');
    await rejectsWith(
      t.client.updateResume({ resumeId: 'not-a-uuid', personal: personal() }, as(newUser())),
      'EXC_RESUME_ID_IS_INVALID',
    );
    await rejectsWith(t.client.getCurrentUserResume({}), 'EXC_AUTHENTICATION_REQUIRED');
  });

  test('a direct call claiming a user with x-user-id and no caller assertion is refused', async () => {
    const { userId } = await createFor();
    const Raw = grpc.makeGenericClientConstructor(grpcServiceDefinition(ResumeService), 'Raw');
    const raw = new Raw(`127.0.0.1:${t.service.port}`, grpc.credentials.createInsecure()) as unknown as Record<
      string,
      Function
    > &
      grpc.Client;
    const metadata = new grpc.Metadata();
    metadata.set(METADATA_USER_ID, userId);
    const error = await new Promise<grpc.ServiceError | null>((resolve) => {
      raw.getCurrentUserResume!(
        create(GetCurrentUserResumeRequestSchema, {}),
        metadata,
        { deadline: Date.now() + 5_000 },
        (failure: grpc.ServiceError | null) => {
          raw.close();
          resolve(failure);
        },
      );
    });
    assert.equal(error?.code, grpc.status.UNAUTHENTICATED);
    assert.equal(String(error?.metadata.get('exc')[0]), 'EXC_AUTHENTICATION_REQUIRED');
  });
});

describe('completeness and events', () => {
  test('the score follows the filled parts, and every change is an event in the outbox', async () => {
    const { userId, resume } = await createFor();
    assert.equal(resume.completeness!.score, 0);
    const { resume: personalDone } = await t.client.updateResume(
      { resumeId: resume.id, personal: personal({ jobTitle: 'پرستار', city: 'tehran', email: 'a@b.ir' }) },
      as(userId),
    );
    assert.deepEqual([personalDone!.completeness!.score, personalDone!.completeness!.personal], [20, true]);
    await t.client.addItem(
      { resumeId: resume.id, item: { item: { case: 'skill', value: { name: 'تزریقات', level: 'expert' } } } } as never,
      as(userId),
    );
    await t.client.addItem(
      {
        resumeId: resume.id,
        item: { item: { case: 'language', value: { name: 'انگلیسی', level: 'advanced' } } },
      } as never,
      as(userId),
    );
    const { resume: now } = await t.client.getCurrentUserResume({}, as(userId));
    assert.deepEqual(
      [now!.completeness!.score, now!.completeness!.skills, now!.completeness!.languages, now!.completeness!.jobs],
      [40, true, true, false],
    );

    const rows = await t.db.$queryRawUnsafe<Array<{ topic: string; type: string }>>(
      'SELECT topic, type FROM outbox WHERE key = $1 ORDER BY seq',
      resume.id,
    );
    assert.deepEqual(
      rows.map((row) => row.type),
      [
        'darmankar.resume.v1.ResumeCreated',
        'darmankar.resume.v1.ResumeUpdated',
        'darmankar.resume.v1.ResumeUpdated',
        'darmankar.resume.v1.ResumeUpdated',
        'darmankar.resume.v1.ResumeUpdated',
      ],
    );
    assert.ok(rows.every((row) => row.topic === RESUME_TOPIC));
  });

  test('a refused change writes no event', async () => {
    const { userId, resume } = await createFor();
    const count = async () =>
      (
        await t.db.$queryRawUnsafe<Array<{ n: bigint }>>('SELECT count(*) AS n FROM outbox WHERE key = $1', resume.id)
      )[0]!.n;
    const before = await count();
    await rejectsWith(
      t.client.updateResume({ resumeId: resume.id, personal: personal({ firstName: '' }) }, as(userId)),
      'EXC_RESUMES_FIRST_NAME_IS_REQUIRED',
    );
    await rejectsWith(
      t.client.updateResume({ resumeId: resume.id, personal: personal() }, as(newUser())),
      'EXC_AUTHORIZATION_FORBIDDEN',
    );
    assert.equal(await count(), before);
  });
});
