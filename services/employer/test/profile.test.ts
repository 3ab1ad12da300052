// The employer profile rules (§5) through the real service: each rule its code, nothing
// stored on refusal, digits in any script, completion, slugs and the default template.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { testClock } from '@darmankar/platform/testing';
import type { EmployerFields } from '@darmankar/proto/employer/v1/employer_pb';
import { newUser, rejectsWith, startTestEmployer, type TestEmployer } from './helpers.ts';

// 2026-03-20 20:00 UTC is 2026-03-20 23:30 in Tehran; 21:00 UTC is already the 21st there.
const clock = testClock(Date.UTC(2026, 2, 20, 20, 0, 0));
let service: TestEmployer;

before(async () => {
  service = await startTestEmployer(clock);
});
after(async () => {
  await service.stop();
});

const ORG_ID = '10380284790';
const PERSON_ID = '0499370899';

async function create(owner: string, brand = 'درمانگاه نمونه', isSelfEmployed = false) {
  return (await service.client.createEmployer({ brand, isSelfEmployed }, { userId: owner })).employer!;
}

type Fields = Partial<Omit<EmployerFields, '$typeName'>>;
const update = (owner: string, employerId: string, fields: Fields, isSelfEmployed = false) =>
  service.client.updateEmployer(
    { employerId, isSelfEmployed, fields: { brand: 'درمانگاه نمونه', ...fields } },
    { userId: owner },
  );

test('creation: brand required and at most 100 characters; the creator owns it; slugs are readable, unique and stable', async () => {
  const owner = newUser();
  await rejectsWith(
    service.client.createEmployer({ brand: '  ', isSelfEmployed: false }, { userId: owner }),
    'EXC_EMPLOYERS_BRAND_IS_REQUIRED',
  );
  await rejectsWith(
    service.client.createEmployer({ brand: 'ب'.repeat(10 * 1024), isSelfEmployed: false }, { userId: owner }),
    'EXC_EMPLOYERS_BRAND_IS_TOO_LONG',
  );
  await rejectsWith(
    service.client.createEmployer({ brand: 'x', isSelfEmployed: false }),
    'EXC_AUTHENTICATION_REQUIRED',
  );
  assert.equal(await service.db.employer.count({ where: { ownerUserId: owner } }), 0, 'nothing stored on refusal');

  const first = await create(owner, 'كلينيك  سلامت Plus');
  assert.equal(first.fields!.brand, 'كلينيك  سلامت Plus', 'the brand as typed: Arabic letters and both spaces kept');
  assert.equal(first.slug, 'کلینیک-سلامت-plus', 'the slug is matched on: normalised');
  const second = await create(newUser(), 'کلینیک سلامت plus');
  assert.equal(second.slug, 'کلینیک-سلامت-plus-2');
  await update(owner, first.id, { brand: 'نام تازه' });
  assert.equal(
    (await service.client.getPublicEmployer({ slug: first.slug })).employer!.fields!.brand,
    'نام تازه',
    'the slug outlives a brand change',
  );
  assert.equal((await service.client.getEmployerId({ slug: first.slug })).id, first.id);
  const mine = await service.client.listMyEmployers({}, { userId: owner });
  assert.deepEqual(
    mine.items.map((item) => [item.id, item.permissions.length]),
    [[first.id, 6]],
  );
});

test('creations of the same brand at the same moment all succeed, each with its own slug', async () => {
  const created = await Promise.all(Array.from({ length: 12 }, () => create(newUser(), 'درمانگاه هم‌زمان')));
  const base = created[0]!.slug.replace(/-\d+$/, '');
  assert.deepEqual(
    created.map((employer) => employer.slug).sort(),
    [base, ...Array.from({ length: 11 }, (_, i) => `${base}-${i + 2}`)].sort(),
  );
});

test('every employer starts with a default template of the five kinds', async () => {
  const owner = newUser();
  const employer = await create(owner);
  const { items } = await service.client.listTemplates({ employerId: employer.id }, { userId: owner });
  assert.equal(items.length, 1);
  assert.equal(items[0]!.isDefault, true);
  assert.deepEqual(
    items[0]!.steps.map((step) => step.kind),
    ['in_review', 'interview', 'offer', 'accepted', 'rejected'],
  );
});

test('national ids: the organisation شناسه ملی and the personal code, checksums verified, digits in any script', async () => {
  const owner = newUser();
  const employer = await create(owner);
  await rejectsWith(update(owner, employer.id, { nationalId: '10380284791' }), 'EXC_EMPLOYERS_NATIONAL_ID_IS_INVALID');
  await rejectsWith(update(owner, employer.id, { nationalId: PERSON_ID }), 'EXC_EMPLOYERS_NATIONAL_ID_IS_INVALID');
  await rejectsWith(update(owner, employer.id, { nationalId: '1038028479' }), 'EXC_EMPLOYERS_NATIONAL_ID_IS_INVALID');
  assert.equal(
    (await service.db.employer.findUniqueOrThrow({ where: { id: employer.id } })).nationalId,
    null,
    'nothing stored on refusal',
  );
  const persian = await update(owner, employer.id, { nationalId: '۱۰۳۸۰۲۸۴۷۹۰', registrationNumber: '١٢٣٤٥' });
  assert.equal(persian.employer!.fields!.nationalId, ORG_ID);
  assert.equal(persian.employer!.fields!.registrationNumber, '12345');

  await rejectsWith(update(owner, employer.id, { nationalId: ORG_ID }, true), 'EXC_EMPLOYERS_NATIONAL_ID_IS_INVALID');
  await rejectsWith(
    update(owner, employer.id, { nationalId: '0499370898' }, true),
    'EXC_EMPLOYERS_NATIONAL_ID_IS_INVALID',
  );
  const self = await update(owner, employer.id, { nationalId: '۰۴۹۹۳۷۰۸۹۹' }, true);
  assert.equal(self.employer!.fields!.nationalId, PERSON_ID);
  assert.equal(self.employer!.isSelfEmployed, true);
});

test('establishment date: a real date, not in the future in Tehran', async () => {
  const owner = newUser();
  const employer = await create(owner);
  await rejectsWith(
    update(owner, employer.id, { establishmentDate: '2026-03-21' }),
    'EXC_EMPLOYERS_ESTABLISHMENT_DATE_IS_IN_FUTURE',
  );
  await rejectsWith(
    update(owner, employer.id, { establishmentDate: '2025-02-30' }),
    'EXC_EMPLOYERS_ESTABLISHMENT_DATE_IS_INVALID',
  );
  await rejectsWith(
    update(owner, employer.id, { establishmentDate: '1403/01/01' }),
    'EXC_EMPLOYERS_ESTABLISHMENT_DATE_IS_INVALID',
  );
  assert.equal(
    (await update(owner, employer.id, { establishmentDate: '2026-03-20' })).employer!.fields!.establishmentDate,
    '2026-03-20',
  );
  clock.advance(3600_000); // 21:00 UTC: the 21st has begun in Tehran
  assert.equal(
    (await update(owner, employer.id, { establishmentDate: '2026-03-21' })).employer!.fields!.establishmentDate,
    '2026-03-21',
  );
  await rejectsWith(
    update(owner, employer.id, { establishmentDate: '2026-03-22' }),
    'EXC_EMPLOYERS_ESTABLISHMENT_DATE_IS_IN_FUTURE',
  );
});

test('website http(s) only; cellphone, phone and email normalised or refused; lengths; several codes at once', async () => {
  const owner = newUser();
  const employer = await create(owner);
  for (const website of ['ftp://example.com', 'javascript:alert(1)', 'example', 'http://user:pass@example.com']) {
    await rejectsWith(update(owner, employer.id, { website }), 'EXC_EMPLOYERS_WEBSITE_IS_INVALID');
  }
  await rejectsWith(update(owner, employer.id, { cellphone: '0212345678' }), 'EXC_EMPLOYERS_CELLPHONE_IS_INVALID');
  await rejectsWith(update(owner, employer.id, { phone: 'abc' }), 'EXC_EMPLOYERS_PHONE_IS_INVALID');
  await rejectsWith(
    update(owner, employer.id, { contactEmail: 'not-an-email' }),
    'EXC_EMPLOYERS_CONTACT_EMAIL_IS_INVALID',
  );
  await rejectsWith(update(owner, employer.id, { about: 'a'.repeat(5001) }), 'EXC_EMPLOYERS_ABOUT_IS_TOO_LONG');
  await rejectsWith(
    update(owner, employer.id, { numberOfEmployees: '7' }),
    'EXC_EMPLOYERS_NUMBER_OF_EMPLOYEES_IS_INVALID',
  );
  await rejectsWith(update(owner, employer.id, { logo: '../etc/passwd' }), 'EXC_EMPLOYERS_FILE_ID_IS_INVALID');
  await rejectsWith(
    update(owner, employer.id, { brand: '', website: 'ftp://x.y', contactEmail: 'x' }),
    'EXC_EMPLOYERS_BRAND_IS_REQUIRED',
    'EXC_EMPLOYERS_WEBSITE_IS_INVALID',
    'EXC_EMPLOYERS_CONTACT_EMAIL_IS_INVALID',
  );

  const saved = (
    await update(owner, employer.id, {
      website: 'https://clinic.example.ir',
      cellphone: '+98 ۹۱۲ ۱۲۳ ۴۵۶۷',
      phone: '۰۲۱-۸۸۸۸۸۸۸۸',
      contactEmail: 'HR@Clinic.IR',
      numberOfEmployees: '11-50',
      about: 'درباره ما',
      benefits: ['بیمه', 'بيمه', ' ناهار '],
      contactFirstName: 'علی',
      contactLastName: 'كريمي',
    })
  ).employer!.fields!;
  assert.equal(saved.cellphone, '09121234567');
  assert.equal(saved.phone, '02188888888');
  assert.equal(saved.contactEmail, 'hr@clinic.ir');
  assert.deepEqual(saved.benefits, ['بیمه', 'ناهار'], 'two spellings of one benefit are one, the first kept as typed');
  assert.equal(saved.contactLastName, 'كريمي', 'names as typed');
});

test('closed lists: province, city, industry and the types are list ids, a city within its province', async () => {
  const owner = newUser();
  const employer = await create(owner);
  await rejectsWith(update(owner, employer.id, { province: 'تهران' }), 'EXC_EMPLOYERS_PROVINCE_IS_INVALID');
  await rejectsWith(update(owner, employer.id, { province: 'atlantis' }), 'EXC_EMPLOYERS_PROVINCE_IS_INVALID');
  await rejectsWith(
    update(owner, employer.id, { province: 'tehran', city: 'mashhad' }),
    'EXC_EMPLOYERS_CITY_IS_INVALID',
  );
  await rejectsWith(update(owner, employer.id, { province: 'tehran', city: 'تهران' }), 'EXC_EMPLOYERS_CITY_IS_INVALID');
  await rejectsWith(update(owner, employer.id, { industry: 'درمان و سلامت' }), 'EXC_EMPLOYERS_INDUSTRY_IS_INVALID');
  await rejectsWith(
    update(owner, employer.id, { employerType: 'hospital', ownershipType: 'tehran' }),
    'EXC_EMPLOYERS_EMPLOYER_TYPE_IS_INVALID',
    'EXC_EMPLOYERS_OWNERSHIP_TYPE_IS_INVALID',
  );

  const saved = (
    await update(owner, employer.id, {
      province: 'khorasan-razavi',
      city: 'mashhad',
      industry: 'healthcare',
      employerType: 'organization',
      ownershipType: 'private',
    })
  ).employer!.fields!;
  assert.deepEqual(
    [saved.province, saved.city, saved.industry, saved.employerType, saved.ownershipType],
    ['khorasan-razavi', 'mashhad', 'healthcare', 'organization', 'private'],
  );
  const cityAlone = (await update(owner, employer.id, { city: 'shiraz' })).employer!.fields!;
  assert.deepEqual([cityAlone.province, cityAlone.city], ['fars', 'shiraz'], 'a city alone names its province');
  const cleared = (await update(owner, employer.id, { province: '', city: '' })).employer!.fields!;
  assert.deepEqual([cleared.province, cleared.city], [undefined, undefined]);
});

test('profile completion: a medical registration number, or a national id with a registration number', async () => {
  const owner = newUser();
  const employer = await create(owner);
  const completed = async () =>
    (await service.client.isProfileCompleted({ employerId: employer.id }, { userId: owner })).isProfileCompleted;
  assert.equal(await completed(), false);
  await update(owner, employer.id, { nationalId: ORG_ID });
  assert.equal(await completed(), false, 'a national id alone is not enough');
  await update(owner, employer.id, { nationalId: ORG_ID, registrationNumber: '4567' });
  assert.equal(await completed(), true);
  await update(owner, employer.id, { medicalRegistrationNumber: '۱۲۳۴۵' }, true);
  assert.equal(await completed(), true, 'a medical registration number alone is enough');
  await update(owner, employer.id, {}, true);
  assert.equal(await completed(), false);
  await rejectsWith(
    update(owner, employer.id, { medicalRegistrationNumber: '12a' }),
    'EXC_EMPLOYERS_MEDICAL_REGISTRATION_NUMBER_IS_INVALID',
  );
});
