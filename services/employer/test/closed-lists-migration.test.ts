// Migration 0002: rows written while province, city, industry and the types were free text get
// the closed lists' ids (docs/adr/023); what names no item is emptied and kept in
// closed_list_leftovers.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR, serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, type TestDatabase } from '@darmankar/platform/testing';
import { EMPLOYER_SERVICE_DIR } from '../src/db/migrate.ts';

let database: TestDatabase;
let client: pg.Client;
let before0001: string;

before(async () => {
  // The database as it was before 0002: only the first migration applied.
  before0001 = await mkdtemp(path.join(tmpdir(), 'employer-0001-'));
  await copyFile(
    path.join(EMPLOYER_SERVICE_DIR, 'migrations', '0001_employers.sql'),
    path.join(before0001, '0001_employers.sql'),
  );
  database = await createTestDatabase('employer_lists', [
    { name: 'platform', dir: PLATFORM_MIGRATIONS_DIR },
    { name: 'service', dir: before0001 },
  ]);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
after(async () => {
  await client?.end();
  await database?.drop();
  await rm(before0001, { recursive: true, force: true });
});

type Old = { employer_type?: string; industry?: string; ownership_type?: string; province?: string; city?: string };

async function insertOld(values: Old): Promise<string> {
  const id = randomUUID();
  await client.query(
    `INSERT INTO employers (id, slug, owner_user_id, is_self_employed, brand, employer_type, industry, ownership_type, province, city,
       medical_document_file_ids, benefits, is_promoted, search_text, created_at, updated_at)
     VALUES ($1, $2, $3, false, 'نمونه', $4, $5, $6, $7, $8, '{}', '{}', false, 'نمونه', now(), now())`,
    [
      id,
      `s-${id}`,
      randomUUID(),
      values.employer_type ?? null,
      values.industry ?? null,
      values.ownership_type ?? null,
      values.province ?? null,
      values.city ?? null,
    ],
  );
  return id;
}

test('typed titles, English names and ids become ids; unknown values become NULL and are kept aside', async () => {
  const typed = await insertOld({
    province: 'تهران',
    city: 'تهران',
    industry: 'درمان و سلامت',
    ownership_type: 'خصوصی',
    employer_type: 'سازمان یا شرکت',
  });
  const arabic = await insertOld({ province: ' استان خراسان رضوي ', city: 'مشهد', industry: 'دارويي' });
  const seeded = await insertOld({ province: 'khorasan-razavi', city: 'mashhad', industry: 'healthcare' });
  const english = await insertOld({ province: 'Isfahan', city: 'kashan', ownership_type: 'Private' });
  const unknown = await insertOld({ province: 'آتلانتیس', city: 'شیراز', industry: 'فضانوردی' });
  const mismatch = await insertOld({ province: 'تهران', city: 'مشهد' });
  const empty = await insertOld({});

  const applied = await applyMigrations(database.url, serviceMigrationSets(EMPLOYER_SERVICE_DIR));
  assert.equal(applied[0], 'service/0002_closed_lists.sql', 'the migration under test runs next');

  const rows = new Map(
    (
      await client.query<Old & { id: string }>(
        'SELECT id, employer_type, industry, ownership_type, province, city FROM employers',
      )
    ).rows.map((row) => [row.id, row]),
  );
  const fields = (id: string) => {
    const { id: _, ...rest } = rows.get(id)!;
    return rest;
  };
  assert.deepEqual(fields(typed), {
    employer_type: 'organization',
    industry: 'healthcare',
    ownership_type: 'private',
    province: 'tehran',
    city: 'tehran',
  });
  assert.deepEqual(fields(arabic), {
    employer_type: null,
    industry: 'pharmaceutical',
    ownership_type: null,
    province: 'khorasan-razavi',
    city: 'mashhad',
  });
  assert.deepEqual(fields(seeded), {
    employer_type: null,
    industry: 'healthcare',
    ownership_type: null,
    province: 'khorasan-razavi',
    city: 'mashhad',
  });
  assert.deepEqual(fields(english), {
    employer_type: null,
    industry: null,
    ownership_type: 'private',
    province: 'isfahan',
    city: 'kashan',
  });
  assert.deepEqual(
    fields(unknown),
    { employer_type: null, industry: null, ownership_type: null, province: 'fars', city: 'shiraz' },
    'the province comes from the city',
  );
  assert.deepEqual(
    fields(mismatch),
    { employer_type: null, industry: null, ownership_type: null, province: 'tehran', city: null },
    'a city outside its province is dropped',
  );
  assert.deepEqual(fields(empty), {
    employer_type: null,
    industry: null,
    ownership_type: null,
    province: null,
    city: null,
  });

  const leftovers = (
    await client.query<{ employer_id: string; column_name: string; value: string }>(
      'SELECT employer_id, column_name, value FROM closed_list_leftovers ORDER BY value',
    )
  ).rows;
  assert.deepEqual(
    leftovers.map((row) => [row.employer_id, row.column_name, row.value]),
    [
      [unknown, 'province', 'آتلانتیس'],
      [unknown, 'industry', 'فضانوردی'],
      [mismatch, 'city', 'مشهد'],
    ].sort((a, b) => (a[2]! < b[2]! ? -1 : 1)),
  );
});
