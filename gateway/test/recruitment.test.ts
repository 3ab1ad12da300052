// suggestions/* through the real gateway and the real recruitment service (started through
// its package entry, on its own throw-away database): the answers, every code the routes
// declare, and the service stopped.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { recruitmentConfig, recruitmentService, type RunningRecruitmentService } from '@darmankar/recruitment';
import { createLogger } from '@darmankar/platform/log';
import { serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, type TestDatabase } from '@darmankar/platform/testing';
import { openApiDocument } from '../src/document.ts';
import { assertError, startStack, type Stack } from './helpers.ts';

let database: TestDatabase;
let recruitment: RunningRecruitmentService | undefined;
let stack: Stack;

before(async () => {
  database = await createTestDatabase('gateway_recruitment', serviceMigrationSets(recruitmentService.dir));
  recruitment = await recruitmentService.start(
    recruitmentConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, GRPC_PORT: '0' }),
    { log: createLogger('recruitment-test', 'silent') },
  );
  stack = await startStack({ gatewayEnv: { RECRUITMENT_GRPC_URL: `127.0.0.1:${recruitment.port}` } });
});

after(async () => {
  await stack?.stop();
  await recruitment?.stop();
  await database?.drop();
});

const get = (path: string) => fetch(`${stack.url}/api/v1/suggestions/${path}`);
const search = (category: string, text: string) =>
  get(`search?category=${encodeURIComponent(category)}&text=${encodeURIComponent(text)}`);

type Item = { id: string; title: string; titleEn?: string; parent?: { id: string; title: string } };

describe('GET /api/v1/suggestions/list', () => {
  test('several categories at once, in the order asked, each item with its id and titles', async () => {
    const response = await get('list?categories=cities,provinces,jobCategories');
    assert.equal(response.status, 200);
    const { categories } = (await response.json()) as { categories: Record<string, Item[]> };
    assert.deepEqual(Object.keys(categories), ['cities', 'provinces', 'jobCategories']);
    assert.equal(categories.provinces!.length, 31);
    assert.deepEqual(categories.provinces![0], { id: 'tehran', title: 'تهران', titleEn: 'Tehran' });
    const kashan = categories.cities!.find((city) => city.id === 'kashan');
    assert.deepEqual(kashan, {
      id: 'kashan',
      title: 'کاشان',
      titleEn: 'Kashan',
      parent: { id: 'isfahan', title: 'اصفهان' },
    });
    assert.ok(
      categories.cities!.every((city) => categories.provinces!.some((province) => province.id === city.parent?.id)),
      'every city names a province',
    );
    assert.deepEqual(
      categories.jobCategories!.slice(0, 3).map((item) => item.id),
      ['nursing', 'medicine', 'dentistry'],
    );
  });

  test('every category the document names is served, and repeats and spaces are forgiven', async () => {
    const operation = (openApiDocument() as any).paths['/api/v1/suggestions/list'].get;
    const documented: string[] =
      operation.responses['200'].content['application/json'].schema.properties.categories.propertyNames.enum;
    assert.equal(documented.length, 21);
    const response = await get(`list?categories=${documented.join(',')},%20provinces%20,,provinces`);
    assert.equal(response.status, 200);
    const { categories } = (await response.json()) as { categories: Record<string, Item[]> };
    assert.deepEqual(Object.keys(categories), documented);
    for (const name of documented) assert.ok(categories[name]!.length > 0, name);
  });

  test('no category, or an unknown one', async () => {
    await assertError(await get('list'), 400, 'EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED');
    await assertError(await get('list?categories='), 400, 'EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED');
    await assertError(await get('list?categories=,%20,'), 400, 'EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED');
    await assertError(await get('list?categories=provinces,planets'), 400, 'EXC_SUGGESTIONS_CATEGORY_IS_INVALID');
    await assertError(await get('list?categories=provinces&categories=cities'), 400, 'EXC_BAD_REQUEST');
  });
});

describe('GET /api/v1/suggestions/search', () => {
  test('Persian spelling variants, digits, a prefix and a typo find the item; best first, at most ten', async () => {
    const cases: Array<[string, string, string]> = [
      ['jobTitles', 'پزشك عمومي', 'general-practitioner'],
      ['fieldsOfStudy', 'دندانپزشکی', 'dentistry'],
      ['facilityTypes', 'اورژانس ۱۱۵', 'ems-station'],
      ['universities', 'علوم پزشکی شیر', 'sums'],
      ['jobCategories', 'پرستری', 'nursing'],
    ];
    for (const [category, text, expected] of cases) {
      const response = await search(category, text);
      assert.equal(response.status, 200, `${category} ${text}`);
      const { items } = (await response.json()) as { items: Item[] };
      assert.equal(items[0]?.id, expected, `${category} "${text}"`);
      assert.ok(items.length <= 10);
    }
    const { items } = (await (await search('cities', 'مشهد')).json()) as { items: Item[] };
    assert.deepEqual(items[0], {
      id: 'mashhad',
      title: 'مشهد',
      titleEn: 'Mashhad',
      parent: { id: 'khorasan-razavi', title: 'خراسان رضوی' },
    });
  });

  test('nothing matches: an empty list, not an error', async () => {
    const response = await search('languages', 'qqqqqq');
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { items: [] });
  });

  test('each bad category or text has its code; several come comma-joined', async () => {
    await assertError(
      await get('search?text=%D8%AA%D9%87%D8%B1%D8%A7%D9%86'),
      400,
      'EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED',
    );
    await assertError(await search('planets', 'تهران'), 400, 'EXC_SUGGESTIONS_CATEGORY_IS_INVALID');
    await assertError(await get('search?category=cities'), 400, 'EXC_SUGGESTIONS_TEXT_IS_REQUIRED');
    await assertError(await search('cities', '\u200c \u064e'), 400, 'EXC_SUGGESTIONS_TEXT_IS_REQUIRED');
    await assertError(await search('cities', 'ت'.repeat(101)), 400, 'EXC_SUGGESTIONS_TEXT_IS_TOO_LONG');
    await assertError(await search('cities', 'تهران\u0000'), 400, 'EXC_SUGGESTIONS_TEXT_IS_INVALID');
    await assertError(
      await get('search'),
      400,
      'EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED',
      'EXC_SUGGESTIONS_TEXT_IS_REQUIRED',
    );
    await assertError(
      await search('planets', 'ت'.repeat(101)),
      400,
      'EXC_SUGGESTIONS_CATEGORY_IS_INVALID',
      'EXC_SUGGESTIONS_TEXT_IS_TOO_LONG',
    );
    await assertError(await get('search?category=cities&text=a&text=b'), 400, 'EXC_BAD_REQUEST');
  });
});

describe('the OpenAPI document', () => {
  test('declares both routes: public, their query parameters, their answers and every suggestion code under 400', () => {
    const paths = (openApiDocument() as any).paths;
    const expected = {
      '/api/v1/suggestions/list': {
        params: ['categories'],
        codes: ['EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED', 'EXC_SUGGESTIONS_CATEGORY_IS_INVALID'],
      },
      '/api/v1/suggestions/search': {
        params: ['category', 'text'],
        codes: [
          'EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED',
          'EXC_SUGGESTIONS_CATEGORY_IS_INVALID',
          'EXC_SUGGESTIONS_TEXT_IS_REQUIRED',
          'EXC_SUGGESTIONS_TEXT_IS_TOO_LONG',
          'EXC_SUGGESTIONS_TEXT_IS_INVALID',
        ],
      },
    };
    for (const [path, { params, codes }] of Object.entries(expected)) {
      const operation = paths[path]?.get;
      assert.ok(operation, path);
      assert.deepEqual(operation.security, [], `${path} needs no session`);
      assert.deepEqual(
        operation.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`),
        params.map((name) => `query:${name}`),
      );
      const item = path.endsWith('list')
        ? operation.responses['200'].content['application/json'].schema.properties.categories.additionalProperties
        : operation.responses['200'].content['application/json'].schema.properties.items;
      assert.ok(JSON.stringify(item).includes('"parent"'), `${path} documents the item with its parent`);
      for (const code of codes)
        assert.ok(operation.responses['400'].content['application/json'].examples[code], `${path} ${code}`);
      assert.ok(operation.responses['503'].content['application/json'].examples.EXC_SERVICE_UNAVAILABLE);
    }
  });
});

describe('the service stopped', () => {
  test('both routes answer 503 EXC_SERVICE_UNAVAILABLE at once; the gateway stays ready', async () => {
    await recruitment!.stop();
    recruitment = undefined;
    await assertError(await get('list?categories=provinces'), 503, 'EXC_SERVICE_UNAVAILABLE');
    await assertError(await search('cities', 'تهران'), 503, 'EXC_SERVICE_UNAVAILABLE');
    assert.equal((await fetch(`${stack.url}/readyz`)).status, 200);
  });
});
