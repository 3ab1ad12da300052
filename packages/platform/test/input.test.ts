import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDomainError } from '../src/errors/domain-error.ts';
import { isUuid, pageErrors, pageOrDefaults, parsePage, requireCaller } from '../src/input.ts';

const ID = '0b7e5c2a-1f3d-4e6a-9c8b-2d4f6a8c0e1b';

function codesOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return error.codes;
    throw error;
  }
  return [];
}

test('isUuid: the usual spelling in either case; nothing else', () => {
  assert.equal(isUuid(ID), true);
  assert.equal(isUuid(ID.toUpperCase()), true);
  assert.equal(isUuid(undefined), false);
  assert.equal(isUuid(''), false);
  assert.equal(isUuid(`${ID}x`), false);
  assert.equal(isUuid(ID.replaceAll('-', '')), false);
});

test('requireCaller: a vouched UUID passes; no caller or anything else is EXC_AUTHENTICATION_REQUIRED', () => {
  assert.equal(requireCaller(ID), ID);
  assert.deepEqual(
    codesOf(() => requireCaller(undefined)),
    ['EXC_AUTHENTICATION_REQUIRED'],
  );
  assert.deepEqual(
    codesOf(() => requireCaller('someone')),
    ['EXC_AUTHENTICATION_REQUIRED'],
  );
});

test('paging: page 1 and 20 a page unless asked, at most 10,000 pages and 50 a page, each broken limit named', () => {
  assert.deepEqual(pageOrDefaults(undefined, 0), { page: 1, pageSize: 20 });
  assert.deepEqual(parsePage(3, 50), { page: 3, pageSize: 50 });
  assert.deepEqual(pageErrors({ page: 10_000, pageSize: 1 }), []);
  assert.deepEqual(
    codesOf(() => parsePage(10_001, 51)),
    ['EXC_PAGINATION_PAGE_IS_INVALID', 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID'],
  );
  assert.deepEqual(
    codesOf(() => parsePage(-1, 20)),
    ['EXC_PAGINATION_PAGE_IS_INVALID'],
  );
  assert.deepEqual(
    codesOf(() => parsePage(1.5, 2.5)),
    ['EXC_PAGINATION_PAGE_IS_INVALID', 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID'],
  );
});
