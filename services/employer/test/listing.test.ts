// employers/list and list/promoted: promoted first, filters, normalised text, paging codes;
// the operator's promotion command.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { testClock } from '@darmankar/platform/testing';
import { setPromotion } from '../src/cli/promote.ts';
import { newUser, rejectsWith, startTestEmployer, type TestEmployer } from './helpers.ts';

const clock = testClock();
let service: TestEmployer;
const ids: Record<string, string> = {};

before(async () => {
  service = await startTestEmployer(clock);
  const owner = newUser();
  const add = async (key: string, brand: string, fields: Record<string, string> = {}) => {
    const employer = (await service.client.createEmployer({ brand, isSelfEmployed: false }, { userId: owner }))
      .employer!;
    if (Object.keys(fields).length > 0)
      await service.client.updateEmployer(
        { employerId: employer.id, isSelfEmployed: false, fields: { brand, ...fields } },
        { userId: owner },
      );
    ids[key] = employer.id;
    clock.advance(1000);
    return employer;
  };
  await add('a', 'بیمارستان آرمان', {
    province: 'tehran',
    city: 'tehran',
    industry: 'healthcare',
    registeredName: 'شرکت آرمان سلامت',
  });
  await add('b', 'كلينيك ياس', { province: 'isfahan', city: 'kashan', industry: 'diagnostics' });
  await add('c', 'داروخانه ۲۴ ساعته', { province: 'tehran', city: 'tehran', industry: 'pharmaceutical' });
  await add('d', 'Clinic 50%_off', {});
});
after(async () => {
  await service.stop();
});

const list = (query: Record<string, unknown> = {}) => {
  const { page = 1, pageSize = 20, order = 'newest', ...filters } = query as Record<string, never>;
  return service.client.listEmployers({ page: { page, pageSize, order }, ...filters });
};

test('newest first, promoted before all; the operator command switches promotion', async () => {
  assert.deepEqual(
    (await list()).items.map((e) => e.id),
    [ids.d, ids.c, ids.b, ids.a],
  );
  const slug = (await service.db.employer.findUniqueOrThrow({ where: { id: ids.a! } })).slug;
  assert.deepEqual(await setPromotion(service.databaseUrl, slug, true, clock), {
    slug,
    isPromoted: true,
    byOperator: true,
    byPlanId: null,
  });
  assert.deepEqual(
    (await list()).items.map((e) => e.id),
    [ids.a, ids.d, ids.c, ids.b],
  );
  assert.deepEqual(
    (await list({ order: 'brand', province: 'tehran' })).items.map((e) => e.id),
    [ids.a, ids.c],
  );
  const promoted = await service.client.listPromotedEmployers({});
  assert.deepEqual(
    promoted.items.map((e) => [e.id, e.isPromoted]),
    [[ids.a, true]],
  );
  await setPromotion(service.databaseUrl, slug, false, clock);
  assert.deepEqual((await service.client.listPromotedEmployers({})).items, []);
  await rejectsWith(setPromotion(service.databaseUrl, 'no-such-slug', true, clock), 'EXC_EMPLOYERS_NOT_FOUND');
  await setPromotion(service.databaseUrl, slug, true, clock);
});

test('filters and normalised text (Arabic letters, Persian digits) over brand and registered name', async () => {
  assert.deepEqual(
    (await list({ province: 'tehran' })).items.map((e) => e.id),
    [ids.a, ids.c],
    'the promoted one first',
  );
  assert.deepEqual(
    (await list({ city: 'kashan' })).items.map((e) => e.id),
    [ids.b],
  );
  assert.deepEqual(
    (await list({ industry: 'pharmaceutical' })).items.map((e) => e.id),
    [ids.c],
  );
  assert.deepEqual(
    (await list({ text: 'کلینیک یاس' })).items.map((e) => e.id),
    [ids.b],
    'Persian query finds the Arabic-spelled brand',
  );
  assert.deepEqual(
    (await list({ text: 'داروخانه 24' })).items.map((e) => e.id),
    [ids.c],
    'Latin digits find Persian ones',
  );
  assert.deepEqual(
    (await list({ text: 'آرمان سلامت' })).items.map((e) => e.id),
    [ids.a],
    'registered name searched',
  );
  assert.deepEqual(
    (await list({ text: '50%_' })).items.map((e) => e.id),
    [ids.d],
    '% and _ are literal',
  );
  assert.deepEqual(
    (await list({ text: '%' })).items.map((e) => e.id),
    [ids.d],
  );
  const page = await list({ pageSize: 2, page: 2, order: 'brand' });
  assert.equal(page.items.length, 2);
  assert.deepEqual([page.page!.page, page.page!.pageSize, page.page!.total], [2, 2, 4n]);
});

test('paging and filters are validated', async () => {
  await rejectsWith(list({ page: -1 }), 'EXC_PAGINATION_PAGE_IS_INVALID');
  await rejectsWith(list({ pageSize: 51 }), 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID');
  await rejectsWith(list({ order: 'id; drop table employers' }), 'EXC_PAGINATION_ORDER_IS_INVALID');
  await rejectsWith(
    list({ page: 10_001, pageSize: 0 - 1, order: 'x' }),
    'EXC_PAGINATION_PAGE_IS_INVALID',
    'EXC_PAGINATION_PAGE_SIZE_IS_INVALID',
    'EXC_PAGINATION_ORDER_IS_INVALID',
  );
  await rejectsWith(list({ text: 'ا'.repeat(101) }), 'EXC_EMPLOYERS_FILTER_IS_INVALID');
  // Closed-list filters take the list's ids (docs/adr/023): a title or an unknown id is refused.
  await rejectsWith(list({ province: 'تهران' }), 'EXC_EMPLOYERS_FILTER_IS_INVALID');
  await rejectsWith(list({ city: 'nowhere' }), 'EXC_EMPLOYERS_FILTER_IS_INVALID');
  await rejectsWith(list({ industry: 'tehran' }), 'EXC_EMPLOYERS_FILTER_IS_INVALID');
  await rejectsWith(list({ employerType: 'x'.repeat(300) }), 'EXC_EMPLOYERS_FILTER_IS_INVALID');
  assert.deepEqual((await list({ employerType: 'self-employed' })).items, []);
});
