// Closed lists through the gateway (docs/adr/023): companies saved before the lists were enforced
// (typed Persian titles from the form, ids from the demo data) and companies saved through the
// form's pickers are all found by the same province filter; a title or an unknown id is refused.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { employerConfig, employerService, type RunningEmployerService } from '@darmankar/employer';
import { createLogger } from '@darmankar/platform/log';
import {
  applyMigrations,
  dropDatabase,
  PLATFORM_MIGRATIONS_DIR,
  serviceMigrationSets,
} from '@darmankar/platform/migrate';
import { createTestDatabase, testPostgresUrl, type TestDatabase } from '@darmankar/platform/testing';
import { assertError, login, newCellphone, startStack, type Stack } from './helpers.ts';

const eventsUrl = (() => {
  const url = new URL(testPostgresUrl());
  url.pathname = `/dk_test_events_gw_lists_${randomBytes(4).toString('hex')}`;
  return url.toString();
})();

let stack: Stack;
let employerDb: TestDatabase;
let firstMigrationDir: string;
let employer: RunningEmployerService;
const legacy: Record<string, string> = {};

async function insertLegacy(client: pg.Client, brand: string, province: string, city: string): Promise<string> {
  const id = randomUUID();
  await client.query(
    `INSERT INTO employers (id, slug, owner_user_id, is_self_employed, brand, province, city, medical_document_file_ids, benefits, is_promoted, search_text, created_at, updated_at)
     VALUES ($1, $2, $3, false, $4, $5, $6, '{}', '{}', false, $4, now(), now())`,
    [id, `legacy-${id}`, randomUUID(), brand, province, city],
  );
  return id;
}

before(async () => {
  // The employer database as it was while the fields were free text: its first migration only.
  firstMigrationDir = await mkdtemp(path.join(tmpdir(), 'dk-gateway-lists-'));
  await copyFile(
    path.join(employerService.dir, 'migrations', '0001_employers.sql'),
    path.join(firstMigrationDir, '0001_employers.sql'),
  );
  employerDb = await createTestDatabase('gateway_lists', [
    { name: 'platform', dir: PLATFORM_MIGRATIONS_DIR },
    { name: 'service', dir: firstMigrationDir },
  ]);
  const client = new pg.Client({ connectionString: employerDb.url });
  await client.connect();
  try {
    legacy.typed = await insertLegacy(client, 'درمانگاه تایپ‌شده', 'تهران', 'تهران');
    legacy.seeded = await insertLegacy(client, 'درمانگاه نمونه', 'tehran', 'tehran');
    legacy.mashhad = await insertLegacy(client, 'درمانگاه مشهد', 'خراسان رضوی', 'مشهد');
  } finally {
    await client.end();
  }
  await applyMigrations(employerDb.url, serviceMigrationSets(employerService.dir));
  employer = await employerService.start(
    employerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: employerDb.url,
      GRPC_PORT: '0',
      EVENTS_DATABASE_URL: eventsUrl,
    }),
    { log: createLogger('employer-test', 'silent') },
  );
  stack = await startStack({
    authEnv: { EVENTS_DATABASE_URL: eventsUrl },
    gatewayEnv: { EMPLOYER_GRPC_URL: `127.0.0.1:${employer.port}` },
  });
});
after(async () => {
  await stack?.stop();
  await employer?.stop();
  await employerDb?.drop();
  await dropDatabase(eventsUrl);
  await rm(firstMigrationDir, { recursive: true, force: true });
});

function call(method: string, route: string, headers: Record<string, string> = {}, body?: unknown): Promise<Response> {
  return fetch(`${stack.url}/api/v1/${route}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function ok(pending: Promise<Response>): Promise<any> {
  const response = await pending;
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  return body;
}

test('the province filter finds companies typed before, seeded before and picked in the form', async () => {
  const { session } = await login(stack.url, newCellphone());
  const headers = { authorization: `Bearer ${session!.accessToken}` };
  const created = await ok(call('POST', 'employers', headers, { brand: 'درمانگاه فرم', isSelfEmployed: false }));
  const saved = await ok(
    call('PUT', `employers/${created.id}/company`, headers, {
      brand: 'درمانگاه فرم',
      province: 'tehran',
      city: 'tehran',
      industry: 'healthcare',
    }),
  );
  assert.deepEqual([saved.province, saved.city, saved.industry], ['tehran', 'tehran', 'healthcare']);

  const inTehran = await ok(call('GET', 'employers/list?province=tehran&pageSize=50'));
  assert.deepEqual(inTehran.items.map((item: any) => item.id).sort(), [legacy.typed, legacy.seeded, created.id].sort());
  assert.ok(inTehran.items.every((item: any) => item.province === 'tehran' && item.city === 'tehran'));
  const inMashhad = await ok(call('GET', 'employers/list?city=mashhad'));
  assert.deepEqual(
    inMashhad.items.map((item: any) => [item.id, item.province]),
    [[legacy.mashhad, 'khorasan-razavi']],
  );

  await assertError(
    await call('GET', `employers/list?province=${encodeURIComponent('تهران')}`),
    400,
    'EXC_EMPLOYERS_FILTER_IS_INVALID',
  );
  await assertError(
    await call('PUT', `employers/${created.id}/company`, headers, { brand: 'درمانگاه فرم', province: 'تهران' }),
    400,
    'EXC_EMPLOYERS_PROVINCE_IS_INVALID',
  );
  await assertError(
    await call('PUT', `employers/${created.id}/company`, headers, {
      brand: 'درمانگاه فرم',
      province: 'tehran',
      city: 'mashhad',
    }),
    400,
    'EXC_EMPLOYERS_CITY_IS_INVALID',
  );
  await assertError(
    await call('PUT', `employers/${created.id}/company`, headers, {
      brand: 'درمانگاه فرم',
      industry: 'x'.repeat(90),
      ownershipType: 'nope',
    }),
    400,
    'EXC_EMPLOYERS_INDUSTRY_IS_INVALID',
    'EXC_EMPLOYERS_OWNERSHIP_TYPE_IS_INVALID',
  );

  // The page description speaks Persian: the titles, never the ids.
  const seo = await ok(call('GET', `employers/by-slug-with-seo/${encodeURIComponent(created.slug)}`));
  assert.match(seo.seo.description, /در تهران، تهران/);
  assert.doesNotMatch(seo.seo.description, /tehran/);
});
