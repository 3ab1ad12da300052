// resumes/* through the real gateway, the real resume service and the real files service (each
// started through its package entry on its own throw-away database): every field rule, the
// authorisation matrix over every call, the picture and the custom resume through the files
// service, and the service stopped.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { filesConfig, filesService, type RunningFilesService } from '@darmankar/files';
import { EXC_CATALOGUE } from '@darmankar/platform/errors/catalogue';
import { createLogger } from '@darmankar/platform/log';
import { serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, type TestDatabase } from '@darmankar/platform/testing';
import { PERSIAN_TEXT_CASES } from '@darmankar/platform/testing/persian-text-cases';
import { resumeConfig, resumeService, type RunningResumeService } from '@darmankar/resume';
import { login, newCellphone, startStack, type Stack } from './helpers.ts';

let filesDatabase: TestDatabase;
let resumeDatabase: TestDatabase;
let dir: string;
let files: RunningFilesService;
let resume: RunningResumeService;
let stack: Stack;

before(async () => {
  [filesDatabase, resumeDatabase] = await Promise.all([
    createTestDatabase('gateway_resume_files', serviceMigrationSets(filesService.dir)),
    createTestDatabase('gateway_resume', serviceMigrationSets(resumeService.dir)),
  ]);
  dir = await mkdtemp(path.join(tmpdir(), 'dk-gateway-resume-'));
  files = await filesService.start(
    filesConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: filesDatabase.url,
      GRPC_PORT: '0',
      FILES_DIR: dir,
    }),
    { log: createLogger('files-test', 'silent') },
  );
  resume = await resumeService.start(
    resumeConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: resumeDatabase.url,
      GRPC_PORT: '0',
      FILES_GRPC_URL: `127.0.0.1:${files.port}`,
    }),
    { log: createLogger('resume-test', 'silent') },
  );
  stack = await startStack({
    gatewayEnv: { FILES_GRPC_URL: `127.0.0.1:${files.port}`, RESUME_GRPC_URL: `127.0.0.1:${resume.port}` },
  });
});
after(async () => {
  await stack?.stop();
  await resume?.stop();
  await files?.stop();
  await Promise.all([filesDatabase?.drop(), resumeDatabase?.drop()]);
  await rm(dir, { recursive: true, force: true });
});

let lastOctet = 0;
/** Per-IP limits would see every local test as one client: each client here has its own address. */
const newClientIp = () => `10.8.${process.pid % 250}.${(++lastOctet % 250) + 1}`;

interface Client {
  id: string | undefined;
  headers: Record<string, string>;
}

async function user(): Promise<Client> {
  const { user: who, session } = await login(stack.url, newCellphone());
  return { id: who.id, headers: { authorization: `Bearer ${session!.accessToken}`, 'x-forwarded-for': newClientIp() } };
}
const anonymous = (): Client => ({ id: undefined, headers: { 'x-forwarded-for': newClientIp() } });

function call(client: Client, method: string, route: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { ...client.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${stack.url}/api/v1/${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function ok<T = any>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  assert.equal(answer.status, status, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A refusal: its status, and exactly these codes (in any order) in the exc header and body. */
async function refused(response: Response | Promise<Response>, status: number, codes: string[]): Promise<void> {
  const answer = await response;
  const body = (await answer.json()) as { exc: string[]; message: string };
  assert.equal(answer.status, status, `expected ${status} ${codes}, got ${answer.status} ${JSON.stringify(body)}`);
  assert.deepEqual(answer.headers.get('exc')!.split(',').sort(), [...codes].sort());
  assert.deepEqual([...body.exc].sort(), [...codes].sort());
  assert.match(body.message, /[\u0600-\u06ff]/, 'the message is Persian');
}

async function upload(client: Client, category: string, content: Uint8Array, fileName: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  return (
    await ok<{ id: string }>(
      fetch(`${stack.url}/api/v1/files/upload?category=${category}`, {
        method: 'POST',
        headers: client.headers,
        body: form,
      }),
    )
  ).id;
}

const picture = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, ' '), tail]);
}

const personal = {
  firstName: 'مریم',
  lastName: 'احمدی',
  email: 'maryam@example.com',
  phone: '09121234567',
  birthday: '1990-05-01',
  gender: 'female',
  maritalStatus: 'single',
  militaryStatus: null,
  hasDisability: false,
  isForeigner: false,
  province: 'tehran',
  city: 'tehran',
  url: 'https://example.com',
  jobTitle: 'پرستار',
  about: 'پرستار بخش مراقبت‌های ویژه',
};
const validItems: Record<string, Record<string, unknown>> = {
  educations: {
    university: 'دانشگاه تهران',
    fieldOfStudy: 'پرستاری',
    degreeLevel: 'bachelor',
    gpa: 17.5,
    startYear: 1395,
    endYear: 1399,
    currentlyEnrolled: false,
  },
  jobs: {
    jobTitle: 'پرستار',
    companyName: 'بیمارستان امام',
    industry: 'healthcare',
    employmentType: 'full-time',
    province: 'tehran',
    city: 'tehran',
    currentlyEmployed: false,
    description: null,
    startDate: '2020-01-01',
    endDate: '2022-01-01',
  },
  skills: { name: 'تزریقات', level: 'expert' },
  certificates: {
    title: 'ACLS',
    issuedBy: 'انجمن قلب',
    link: 'https://example.com/acls',
    durationHours: 16,
    completionDate: '2021-06-01',
  },
  publications: {
    title: 'مراقبت از بیماران',
    publisher: 'نشر طب',
    authors: ['مریم احمدی', 'علی رضایی'],
    date: '2022-01-01',
    link: null,
    description: null,
  },
  languages: { name: 'انگلیسی', level: 'advanced' },
};
const SECTIONS = Object.keys(validItems);

describe('field rules through the gateway', () => {
  let owner: Client;
  let resumeId: string;
  const seen = new Set<string>();
  before(async () => {
    owner = await user();
    resumeId = (await ok(call(owner, 'POST', 'resumes', personal))).id;
  });

  const far = '2999-01-01';
  const long = (n: number) => 'ا'.repeat(n);
  const personalCases: Array<[Record<string, unknown>, string[]]> = [
    [{ firstName: '', lastName: ' ' }, ['EXC_RESUMES_FIRST_NAME_IS_REQUIRED', 'EXC_RESUMES_LAST_NAME_IS_REQUIRED']],
    [
      {
        firstName: long(51),
        lastName: long(51),
        province: 'تهران',
        city: long(51),
        jobTitle: long(101),
        about: long(2001),
      },
      [
        'EXC_RESUMES_FIRST_NAME_IS_TOO_LONG',
        'EXC_RESUMES_LAST_NAME_IS_TOO_LONG',
        'EXC_RESUMES_PROVINCE_IS_INVALID',
        'EXC_RESUMES_CITY_IS_INVALID',
        'EXC_RESUMES_JOB_TITLE_IS_TOO_LONG',
        'EXC_RESUMES_ABOUT_IS_TOO_LONG',
      ],
    ],
    [
      {
        email: 'a@b',
        phone: '०९१२',
        birthday: '1990-02-31',
        gender: 'x',
        maritalStatus: 'x',
        militaryStatus: 'x',
        url: 'ftp://example.com',
      },
      [
        'EXC_RESUMES_EMAIL_IS_INVALID',
        'EXC_RESUMES_PHONE_IS_INVALID',
        'EXC_RESUMES_BIRTHDAY_IS_INVALID',
        'EXC_RESUMES_GENDER_IS_INVALID',
        'EXC_RESUMES_MARITAL_STATUS_IS_INVALID',
        'EXC_RESUMES_MILITARY_STATUS_IS_INVALID',
        'EXC_RESUMES_URL_IS_INVALID',
      ],
    ],
    [{ birthday: far }, ['EXC_RESUMES_BIRTHDAY_IS_IN_FUTURE']],
  ];
  const sectionCases: Array<[string, Record<string, unknown>, string[]]> = [
    [
      'educations',
      { university: '', fieldOfStudy: null, startYear: null },
      [
        'EXC_RESUMES_UNIVERSITY_IS_REQUIRED',
        'EXC_RESUMES_FIELD_OF_STUDY_IS_REQUIRED',
        'EXC_RESUMES_DEGREE_LEVEL_IS_REQUIRED',
        'EXC_RESUMES_START_YEAR_IS_REQUIRED',
        'EXC_RESUMES_END_YEAR_IS_REQUIRED',
      ],
    ],
    [
      'educations',
      { ...validItems.educations, university: long(101), fieldOfStudy: long(101), degreeLevel: 'کارشناسی', gpa: 20.5 },
      [
        'EXC_RESUMES_UNIVERSITY_IS_TOO_LONG',
        'EXC_RESUMES_FIELD_OF_STUDY_IS_TOO_LONG',
        'EXC_RESUMES_DEGREE_LEVEL_IS_INVALID',
        'EXC_RESUMES_GPA_IS_INVALID',
      ],
    ],
    [
      'educations',
      { ...validItems.educations, startYear: 9999, endYear: 9999 },
      ['EXC_RESUMES_START_YEAR_IS_IN_FUTURE', 'EXC_RESUMES_END_YEAR_IS_IN_FUTURE'],
    ],
    [
      'educations',
      { ...validItems.educations, startYear: '۱۲۰۰', endYear: 'x' },
      ['EXC_RESUMES_START_YEAR_IS_INVALID', 'EXC_RESUMES_END_YEAR_IS_INVALID'],
    ],
    [
      'educations',
      { ...validItems.educations, startYear: 1399, endYear: 1398 },
      ['EXC_RESUMES_END_YEAR_IS_BEFORE_START_YEAR'],
    ],
    [
      'jobs',
      {},
      [
        'EXC_RESUMES_JOB_TITLE_IS_REQUIRED',
        'EXC_RESUMES_COMPANY_NAME_IS_REQUIRED',
        'EXC_RESUMES_START_DATE_IS_REQUIRED',
        'EXC_RESUMES_END_DATE_IS_REQUIRED',
      ],
    ],
    [
      'jobs',
      {
        ...validItems.jobs,
        jobTitle: long(101),
        companyName: long(101),
        industry: long(101),
        employmentType: 'تمام‌وقت',
        province: 'tehran',
        city: 'mashhad',
        description: long(2001),
      },
      [
        'EXC_RESUMES_JOB_TITLE_IS_TOO_LONG',
        'EXC_RESUMES_COMPANY_NAME_IS_TOO_LONG',
        'EXC_RESUMES_INDUSTRY_IS_INVALID',
        'EXC_RESUMES_EMPLOYMENT_TYPE_IS_INVALID',
        'EXC_RESUMES_CITY_IS_INVALID',
        'EXC_RESUMES_DESCRIPTION_IS_TOO_LONG',
      ],
    ],
    [
      'jobs',
      { ...validItems.jobs, startDate: far, endDate: far },
      ['EXC_RESUMES_START_DATE_IS_IN_FUTURE', 'EXC_RESUMES_END_DATE_IS_IN_FUTURE'],
    ],
    [
      'jobs',
      { ...validItems.jobs, startDate: '2020-00-01', endDate: '۲۰۲۰/۰۱/۰۱' },
      ['EXC_RESUMES_START_DATE_IS_INVALID', 'EXC_RESUMES_END_DATE_IS_INVALID'],
    ],
    [
      'jobs',
      { ...validItems.jobs, startDate: '2021-01-01', endDate: '2020-12-31' },
      ['EXC_RESUMES_END_DATE_IS_BEFORE_START_DATE'],
    ],
    ['skills', { name: '', level: '' }, ['EXC_RESUMES_NAME_IS_REQUIRED', 'EXC_RESUMES_LEVEL_IS_REQUIRED']],
    ['skills', { name: long(101), level: 'native' }, ['EXC_RESUMES_NAME_IS_TOO_LONG', 'EXC_RESUMES_LEVEL_IS_INVALID']],
    ['languages', { name: 'انگلیسی', level: 'expert' }, ['EXC_RESUMES_LEVEL_IS_INVALID']],
    ['certificates', {}, ['EXC_RESUMES_TITLE_IS_REQUIRED', 'EXC_RESUMES_ISSUED_BY_IS_REQUIRED']],
    [
      'certificates',
      { title: long(101), issuedBy: long(101), link: 'example', durationHours: 1.5, completionDate: far },
      [
        'EXC_RESUMES_TITLE_IS_TOO_LONG',
        'EXC_RESUMES_ISSUED_BY_IS_TOO_LONG',
        'EXC_RESUMES_LINK_IS_INVALID',
        'EXC_RESUMES_DURATION_HOURS_IS_INVALID',
        'EXC_RESUMES_COMPLETION_DATE_IS_IN_FUTURE',
      ],
    ],
    [
      'certificates',
      { ...validItems.certificates, completionDate: '2021-02-29' },
      ['EXC_RESUMES_COMPLETION_DATE_IS_INVALID'],
    ],
    [
      'publications',
      {
        title: long(201),
        publisher: long(101),
        authors: Array.from({ length: 21 }, () => 'الف'),
        date: far,
        link: 'x',
        description: long(2001),
      },
      [
        'EXC_RESUMES_TITLE_IS_TOO_LONG',
        'EXC_RESUMES_PUBLISHER_IS_TOO_LONG',
        'EXC_RESUMES_AUTHORS_IS_INVALID',
        'EXC_RESUMES_DATE_IS_IN_FUTURE',
        'EXC_RESUMES_LINK_IS_INVALID',
        'EXC_RESUMES_DESCRIPTION_IS_TOO_LONG',
      ],
    ],
    ['publications', { title: 'مقاله', date: 'x' }, ['EXC_RESUMES_DATE_IS_INVALID']],
  ];

  for (const [fields, codes] of personalCases) {
    test(`PUT resumes/{id}: ${codes.join(', ')}; nothing changed`, async () => {
      const before = await ok(call(owner, 'GET', 'resumes/by-current-user'));
      await refused(call(owner, 'PUT', `resumes/${resumeId}`, { ...personal, ...fields }), 400, codes);
      assert.deepEqual(await ok(call(owner, 'GET', 'resumes/by-current-user')), before);
      codes.forEach((code) => seen.add(code));
    });
  }
  for (const [section, body, codes] of sectionCases) {
    test(`POST resumes/{id}/${section}: ${codes.join(', ')}; nothing stored`, async () => {
      await refused(call(owner, 'POST', `resumes/${resumeId}/${section}`, body), 400, codes);
      assert.deepEqual((await ok(call(owner, 'GET', `resumes/${resumeId}/${section}`))).items, []);
      codes.forEach((code) => seen.add(code));
    });
  }

  test('every field rule code of the catalogue was met above', () => {
    const all = Object.keys(EXC_CATALOGUE).filter((code) => /^EXC_RESUMES_.+_IS_/.test(code));
    assert.deepEqual(
      all.filter((code) => !seen.has(code)),
      [],
    );
  });

  test('numbers typed in any script come back as numbers, free text as typed', async () => {
    const education = await ok(
      call(owner, 'POST', `resumes/${resumeId}/educations`, {
        ...validItems.educations,
        university: 'دانشگاه علوم پزشكي',
        gpa: '۱۸٫۵',
        startYear: '١٣٩٥',
        endYear: null,
        currentlyEnrolled: true,
      }),
    );
    assert.deepEqual(
      { ...education, id: undefined },
      {
        id: undefined,
        university: 'دانشگاه علوم پزشكي',
        fieldOfStudy: 'پرستاری',
        degreeLevel: 'bachelor',
        gpa: 18.5,
        startYear: 1395,
        endYear: null,
        currentlyEnrolled: true,
      },
    );
    await ok(call(owner, 'DELETE', `resumes/${resumeId}/educations/${education.id}`), 204);
    const wrongType = await call(owner, 'POST', `resumes/${resumeId}/skills`, { name: 42, level: 'expert' });
    await refused(wrongType, 400, ['EXC_BAD_REQUEST']);
  });
});

describe('authorisation: every call × owner, another user, anonymous', () => {
  let owner: Client;
  let other: Client;
  let resumeId: string;
  let slug: string;
  const itemIds: Record<string, string> = {};
  let ownerPicture: string;
  let ownerCustom: string;
  let otherPicture: string;

  before(async () => {
    [owner, other] = await Promise.all([user(), user()]);
    const created = await ok(call(owner, 'POST', 'resumes', personal));
    resumeId = created.id;
    slug = created.slug;
    for (const section of SECTIONS)
      itemIds[section] = (await ok(call(owner, 'POST', `resumes/${resumeId}/${section}`, validItems[section]))).id;
    ownerPicture = await upload(owner, 'RESUME_PICTURE', await picture(), 'me.jpg');
    ownerCustom = await upload(owner, 'CUSTOM_RESUME', pdf(3000), 'cv.pdf');
    otherPicture = await upload(other, 'RESUME_PICTURE', await picture(), 'other.jpg');
  });

  type Case = {
    name: string;
    method: string;
    route: () => string;
    body?: () => unknown;
    owner: number;
    other: [number, string] | 'public';
  };
  const cases: Case[] = [
    {
      name: 'PUT resumes/{id}',
      method: 'PUT',
      route: () => `resumes/${resumeId}`,
      body: () => ({ ...personal, firstName: 'تغییر' }),
      owner: 200,
      other: [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
    },
    {
      name: 'POST resumes/{id}/picture',
      method: 'POST',
      route: () => `resumes/${resumeId}/picture`,
      body: () => ({ fileId: ownerPicture }),
      owner: 200,
      other: [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
    },
    {
      name: 'DELETE resumes/{id}/picture',
      method: 'DELETE',
      route: () => `resumes/${resumeId}/picture`,
      owner: 200,
      other: [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
    },
    {
      name: 'POST resumes/{id}/custom',
      method: 'POST',
      route: () => `resumes/${resumeId}/custom`,
      body: () => ({ fileId: ownerCustom, fileName: 'رزومه.pdf' }),
      owner: 200,
      other: [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
    },
    {
      name: 'GET resumes/{id}/custom/link',
      method: 'GET',
      route: () => `resumes/${resumeId}/custom/link`,
      owner: 200,
      other: [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
    },
    {
      name: 'DELETE resumes/{id}/custom',
      method: 'DELETE',
      route: () => `resumes/${resumeId}/custom`,
      owner: 200,
      other: [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
    },
    ...SECTIONS.flatMap((section): Case[] => [
      {
        name: `GET resumes/{id}/${section}`,
        method: 'GET',
        route: () => `resumes/${resumeId}/${section}`,
        owner: 200,
        other: [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
      },
      {
        name: `POST resumes/{id}/${section}`,
        method: 'POST',
        route: () => `resumes/${resumeId}/${section}`,
        body: () => validItems[section],
        owner: 200,
        other: [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
      },
      {
        name: `PUT resumes/{id}/${section}/{itemId}`,
        method: 'PUT',
        route: () => `resumes/${resumeId}/${section}/${itemIds[section]}`,
        body: () => validItems[section],
        owner: 200,
        other: [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
      },
      {
        name: `DELETE resumes/{id}/${section}/{itemId}`,
        method: 'DELETE',
        route: () => `resumes/${resumeId}/${section}/${itemIds[section]}`,
        owner: 204,
        other: [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
      },
    ]),
    {
      name: 'GET resumes/by-slug/{slug}',
      method: 'GET',
      route: () => `resumes/by-slug/${encodeURIComponent(slug)}`,
      owner: 200,
      other: 'public',
    },
    {
      name: 'GET resumes/by-current-user',
      method: 'GET',
      route: () => 'resumes/by-current-user',
      owner: 200,
      other: [404, 'EXC_RESUME_ID_IS_INVALID'],
    },
    {
      name: 'GET resumes/by-current-user/id-and-slug',
      method: 'GET',
      route: () => 'resumes/by-current-user/id-and-slug',
      owner: 200,
      other: [404, 'EXC_RESUME_ID_IS_INVALID'],
    },
    { name: 'POST resumes', method: 'POST', route: () => 'resumes', body: () => personal, owner: 409, other: 'public' },
  ];

  for (const entry of cases) {
    test(entry.name, async () => {
      const snapshot = () => ok(call(owner, 'GET', 'resumes/by-current-user'));
      const before = await snapshot();
      const body = entry.body?.();
      // Anonymous: the session comes first (by-slug is the one public read).
      const anon = call(anonymous(), entry.method, entry.route(), body);
      if (entry.name.includes('by-slug')) {
        const view = await ok(anon);
        assert.deepEqual(
          [view.email, view.phone, view.birthday, view.maritalStatus, view.fileId],
          [null, null, null, null, null],
        );
        assert.equal(view.firstName, before.firstName);
      } else {
        await refused(anon, 401, ['EXC_AUTHENTICATION_REQUIRED']);
      }
      // Another logged-in user.
      if (entry.other === 'public') {
        if (entry.name.includes('by-slug')) {
          const view = await ok(call(other, entry.method, entry.route(), body));
          assert.deepEqual([view.email, view.phone, view.birthday, view.hasDisability], [null, null, null, false]);
        }
      } else {
        await refused(
          call(
            other,
            entry.method,
            entry.route(),
            entry.name.includes('picture') && body ? { fileId: otherPicture } : body,
          ),
          entry.other[0],
          [entry.other[1]],
        );
      }
      assert.deepEqual(await snapshot(), before, 'nothing changed');
      // The owner.
      const mine = await call(owner, entry.method, entry.route(), body);
      if (entry.owner === 409) await refused(mine, 409, ['EXC_RESUMES_ALREADY_EXISTS']);
      else {
        const answer = await ok(mine, entry.owner);
        if (entry.name.includes('by-slug'))
          assert.equal(answer.email, personal.email, 'the owner sees the private fields');
      }
    });
  }

  test('POST resumes by another user makes their own resume, not a change to this one', async () => {
    const before = await ok(call(owner, 'GET', 'resumes/by-current-user'));
    const theirs = await ok(call(other, 'POST', 'resumes', personal));
    assert.notEqual(theirs.id, resumeId);
    assert.notEqual(theirs.slug, slug);
    assert.deepEqual(await ok(call(owner, 'GET', 'resumes/by-current-user')), before);
    // An item id of this resume sent along their own resume id.
    const item = await ok(call(owner, 'POST', `resumes/${resumeId}/skills`, validItems.skills));
    await refused(call(other, 'DELETE', `resumes/${theirs.id}/skills/${item.id}`), 403, [
      'EXC_AUTHORIZATION_FORBIDDEN',
    ]);
    await refused(call(owner, 'DELETE', `resumes/${resumeId}/skills/00000000-0000-4000-8000-000000000000`), 404, [
      'EXC_RESUMES_ITEM_NOT_FOUND',
    ]);
    await refused(call(owner, 'PUT', 'resumes/00000000-0000-4000-8000-000000000000', personal), 404, [
      'EXC_RESUME_ID_IS_INVALID',
    ]);
  });
});

describe('picture and custom resume through the files service', () => {
  test('an uploaded picture set on the resume is shown at /api/v1/files/{pic}?width=256; a replaced one is let go', async () => {
    const owner = await user();
    const { id } = await ok(call(owner, 'POST', 'resumes', personal));
    const first = await upload(owner, 'RESUME_PICTURE', await picture(), 'first.jpg');
    const withPicture = await ok(call(owner, 'POST', `resumes/${id}/picture`, { fileId: first }));
    assert.equal(withPicture.pic, first);
    assert.equal(withPicture.completeness.sections.picture, true);
    const image = await fetch(`${stack.url}/api/v1/files/${withPicture.pic}?width=256`);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/webp');
    assert.equal((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width, 256);

    // Claimed by the resume: its uploader cannot delete it from under it.
    await refused(call(owner, 'DELETE', `files/${first}`), 409, ['EXC_FILES_CANNOT_REMOVE']);
    const second = await upload(owner, 'RESUME_PICTURE', await picture(), 'second.jpg');
    assert.equal((await ok(call(owner, 'POST', `resumes/${id}/picture`, { fileId: second }))).pic, second);
    // The first was released, so its uploader may now remove it.
    await ok(call(owner, 'DELETE', `files/${first}`), 204);

    const stranger = await user();
    const theirs = await upload(stranger, 'RESUME_PICTURE', await picture(), 'theirs.jpg');
    await refused(call(owner, 'POST', `resumes/${id}/picture`, { fileId: theirs }), 403, [
      'EXC_AUTHORIZATION_FORBIDDEN',
    ]);
    const document = await upload(owner, 'CUSTOM_RESUME', pdf(2000), 'cv.pdf');
    await refused(call(owner, 'POST', `resumes/${id}/picture`, { fileId: document }), 400, [
      'EXC_FILES_CATEGORY_MISMATCH',
    ]);
    await refused(
      call(owner, 'POST', `resumes/${id}/picture`, { fileId: '00000000-0000-4000-8000-000000000000' }),
      404,
      ['EXC_FILES_NOT_FOUND'],
    );
    assert.equal((await ok(call(owner, 'GET', 'resumes/by-current-user'))).pic, second, 'nothing changed');
    assert.equal((await ok(call(owner, 'DELETE', `resumes/${id}/picture`))).pic, null);
  });

  test('a custom resume is read through a short-lived signed link that works', async () => {
    const owner = await user();
    const { id } = await ok(call(owner, 'POST', 'resumes', personal));
    await refused(call(owner, 'GET', `resumes/${id}/custom/link`), 404, ['EXC_RESUMES_CUSTOM_RESUME_NOT_FOUND']);
    const bytes = pdf(5000);
    const fileId = await upload(owner, 'CUSTOM_RESUME', bytes, 'cv.pdf');
    const withCustom = await ok(call(owner, 'POST', `resumes/${id}/custom`, { fileId, fileName: 'رزومهٔ مريم.pdf' }));
    assert.deepEqual(
      [withCustom.fileId, withCustom.customFileName],
      [fileId, 'رزومهٔ مريم.pdf'],
      'the name as given: ezafe and Arabic yeh kept',
    );
    const link = await ok(call(owner, 'GET', `resumes/${id}/custom/link`));
    assert.ok(Date.parse(link.expiresAt) > Date.now());
    const read = await fetch(`${stack.url}${link.url}`);
    assert.equal(read.status, 200);
    assert.deepEqual(Buffer.from(await read.arrayBuffer()), bytes);
    // The private file is not public, and the public view does not name it.
    await refused(fetch(`${stack.url}/api/v1/files/${fileId}`), 404, ['EXC_FILES_NOT_FOUND']);
    const publicView = await ok(call(anonymous(), 'GET', `resumes/by-slug/${encodeURIComponent(withCustom.slug)}`));
    assert.deepEqual([publicView.fileId, publicView.customFileName], [null, null]);
  });
});

describe('free text is stored and shown as typed (docs/conventions.md, Persian text)', () => {
  for (const { label, typed } of PERSIAN_TEXT_CASES) {
    test(`${label}: «${typed}» in every free-text field, to the owner and to the public`, async () => {
      const owner = await user();
      // Bidi overrides and isolates around it and a Windows line break inside are all that change.
      const about = `\u202e${typed}\u202c\r\n${typed}\u2069`;
      const { id, slug } = await ok(
        call(owner, 'POST', 'resumes', { ...personal, firstName: typed, lastName: typed, jobTitle: typed, about }),
      );
      const expected = { firstName: typed, lastName: typed, jobTitle: typed, about: `${typed}\n${typed}` };
      const pick = (view: any) => ({
        firstName: view.firstName,
        lastName: view.lastName,
        jobTitle: view.jobTitle,
        about: view.about,
      });
      assert.deepEqual(pick(await ok(call(owner, 'GET', 'resumes/by-current-user'))), expected, 'the edit form');
      assert.deepEqual(
        pick(await ok(call(anonymous(), 'GET', `resumes/by-slug/${encodeURIComponent(slug)}`))),
        expected,
        'the public page',
      );
      assert.deepEqual(
        pick(
          await ok(
            call(owner, 'PUT', `resumes/${id}`, {
              ...personal,
              firstName: typed,
              lastName: typed,
              jobTitle: typed,
              about,
            }),
          ),
        ),
        expected,
        'saved again',
      );

      const items: Record<string, Record<string, unknown>> = {
        educations: { ...validItems.educations, university: typed, fieldOfStudy: typed },
        jobs: { ...validItems.jobs, jobTitle: typed, companyName: typed, description: `${typed}\n${typed}` },
        skills: { ...validItems.skills, name: typed },
        certificates: { ...validItems.certificates, title: typed, issuedBy: typed },
        publications: {
          ...validItems.publications,
          title: typed,
          publisher: typed,
          authors: [typed, ` ${typed} `],
          description: typed,
        },
        languages: { ...validItems.languages, name: typed },
      };
      const texts: Record<string, string[]> = {
        educations: ['university', 'fieldOfStudy'],
        jobs: ['jobTitle', 'companyName', 'description'],
        skills: ['name'],
        certificates: ['title', 'issuedBy'],
        publications: ['title', 'publisher', 'authors', 'description'],
        languages: ['name'],
      };
      for (const [section, body] of Object.entries(items)) {
        const wanted = Object.fromEntries(
          texts[section]!.map((key) => [
            key,
            key === 'authors' ? [typed, typed] : key === 'description' ? body[key] : typed,
          ]),
        );
        const saved = await ok(call(owner, 'POST', `resumes/${id}/${section}`, body));
        assert.deepEqual(
          Object.fromEntries(texts[section]!.map((key) => [key, saved[key]])),
          wanted,
          `${section}: as saved`,
        );
        const listed = (await ok(call(owner, 'GET', `resumes/${id}/${section}`))).items[0];
        assert.deepEqual(
          Object.fromEntries(texts[section]!.map((key) => [key, listed[key]])),
          wanted,
          `${section}: as listed`,
        );
      }
    });
  }
});

describe('the service stopped', () => {
  test('its routes answer 503 at once', async () => {
    const owner = await user();
    await resume.stop();
    resume = { ...resume, stop: async () => {} };
    await refused(call(owner, 'GET', 'resumes/by-current-user'), 503, ['EXC_SERVICE_UNAVAILABLE']);
    await refused(call(anonymous(), 'GET', 'resumes/by-slug/someone'), 503, ['EXC_SERVICE_UNAVAILABLE']);
  });
});
