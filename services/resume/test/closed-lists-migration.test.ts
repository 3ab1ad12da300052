// Migration 0002: resumes written while places, statuses, industries, employment types and degree
// levels were free text get the closed lists' ids (docs/adr/023); what names no item is emptied
// and kept in closed_list_leftovers (a required degree level is left as typed).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR, serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, type TestDatabase } from '@darmankar/platform/testing';
import { RESUME_SERVICE_DIR } from '../src/db/migrate.ts';

let database: TestDatabase;
let client: pg.Client;
let firstOnly: string;

before(async () => {
  firstOnly = await mkdtemp(path.join(tmpdir(), 'resume-0001-'));
  await copyFile(
    path.join(RESUME_SERVICE_DIR, 'migrations', '0001_resumes.sql'),
    path.join(firstOnly, '0001_resumes.sql'),
  );
  database = await createTestDatabase('resume_lists', [
    { name: 'platform', dir: PLATFORM_MIGRATIONS_DIR },
    { name: 'service', dir: firstOnly },
  ]);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
after(async () => {
  await client?.end();
  await database?.drop();
  await rm(firstOnly, { recursive: true, force: true });
});

async function insertResume(fields: {
  province?: string;
  city?: string;
  marital_status?: string;
  military_status?: string;
}): Promise<string> {
  const id = randomUUID();
  await client.query(
    `INSERT INTO resumes (id, owner_user_id, slug, first_name, last_name, province, city, marital_status, military_status, has_disability, is_foreigner, created_at, updated_at)
     VALUES ($1, $2, $3, 'مریم', 'احمدی', $4, $5, $6, $7, false, false, now(), now())`,
    [
      id,
      randomUUID(),
      `s-${id}`,
      fields.province ?? null,
      fields.city ?? null,
      fields.marital_status ?? null,
      fields.military_status ?? null,
    ],
  );
  return id;
}

async function insertItem(resumeId: string, section: string, data: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  await client.query(
    `INSERT INTO resume_items (id, resume_id, section, data, created_at) VALUES ($1, $2, $3, $4, now())`,
    [id, resumeId, section, JSON.stringify(data)],
  );
  return id;
}

test('typed titles and old codes become ids; unknown values become NULL and are kept aside', async () => {
  const typed = await insertResume({
    province: 'اصفهان',
    city: 'كاشان',
    marital_status: 'married',
    military_status: 'exempt',
  });
  const codes = await insertResume({
    province: 'tehran',
    city: 'tehran',
    marital_status: 'single',
    military_status: 'not_served',
  });
  const unknown = await insertResume({ province: 'ناکجا', city: 'شیراز', military_status: 'educational_exemption' });
  const job = await insertItem(typed, 'jobs', {
    jobTitle: 'پرستار',
    companyName: 'بیمارستان',
    industry: 'درمان و سلامت',
    employmentType: 'تمام وقت',
    province: null,
    city: 'مشهد',
    currentlyEmployed: true,
    description: null,
    startDate: '2020-01-01',
    endDate: null,
  });
  const oddJob = await insertItem(typed, 'jobs', {
    jobTitle: 'پرستار',
    companyName: 'درمانگاه',
    industry: 'کشاورزی',
    employmentType: null,
    province: 'تهران',
    city: 'شیراز',
    currentlyEmployed: false,
    description: null,
    startDate: '2019-01-01',
    endDate: '2019-06-01',
  });
  const bachelor = await insertItem(typed, 'educations', {
    university: 'دانشگاه تهران',
    fieldOfStudy: 'پرستاری',
    degreeLevel: 'کارشناسي',
    gpa: null,
    startYear: 1395,
    endYear: 1399,
    currentlyEnrolled: false,
  });
  const odd = await insertItem(typed, 'educations', {
    university: 'دانشگاه تهران',
    fieldOfStudy: 'پرستاری',
    degreeLevel: 'دوره کوتاه',
    gpa: null,
    startYear: 1395,
    endYear: 1396,
    currentlyEnrolled: false,
  });

  assert.deepEqual(await applyMigrations(database.url, serviceMigrationSets(RESUME_SERVICE_DIR)), [
    'service/0002_closed_lists.sql',
  ]);

  const resumes = new Map(
    (await client.query('SELECT id, province, city, marital_status, military_status FROM resumes')).rows.map((row) => [
      row.id,
      [row.province, row.city, row.marital_status, row.military_status],
    ]),
  );
  assert.deepEqual(resumes.get(typed), ['isfahan', 'kashan', 'married', 'permanent-exemption']);
  assert.deepEqual(resumes.get(codes), ['tehran', 'tehran', 'single', 'eligible']);
  assert.deepEqual(
    resumes.get(unknown),
    ['fars', 'shiraz', null, 'educational-exemption'],
    'the province comes from the city',
  );

  const items = new Map(
    (await client.query('SELECT id, data FROM resume_items')).rows.map((row) => [row.id, row.data]),
  );
  const pick = (id: string, ...keys: string[]) => keys.map((key) => items.get(id)[key]);
  assert.deepEqual(pick(job, 'industry', 'employmentType', 'province', 'city', 'jobTitle'), [
    'healthcare',
    'full-time',
    'khorasan-razavi',
    'mashhad',
    'پرستار',
  ]);
  assert.deepEqual(pick(oddJob, 'industry', 'employmentType', 'province', 'city'), [null, null, 'tehran', null]);
  assert.deepEqual(pick(bachelor, 'degreeLevel', 'startYear'), ['bachelor', 1395]);
  assert.deepEqual(pick(odd, 'degreeLevel'), ['دوره کوتاه'], 'a required degree level naming no item is left as typed');

  const leftovers = (await client.query('SELECT owner_id, resume_id, field, value FROM closed_list_leftovers')).rows
    .map((row) => `${row.owner_id === row.resume_id ? 'resume' : row.owner_id}/${row.field}=${row.value}`)
    .sort();
  assert.deepEqual(leftovers, [`${oddJob}/city=شیراز`, `${oddJob}/industry=کشاورزی`, 'resume/province=ناکجا'].sort());
});
