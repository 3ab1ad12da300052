// The closed lists every service validates against and the web app shows titles from.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CLOSED_LIST_NAMES,
  CLOSED_LIST_PARENT,
  closedList,
  closedListOptions,
  isClosedListName,
  isValid,
  title,
} from '../src/closed-lists.ts';

test('an id is valid only in its own list, and a city only in its own province', () => {
  assert.equal(isValid('provinces', 'tehran'), true);
  assert.equal(isValid('provinces', 'تهران'), false);
  assert.equal(isValid('industries', 'tehran'), false);
  assert.equal(isValid('cities', 'mashhad'), true);
  assert.equal(isValid('cities', 'mashhad', 'khorasan-razavi'), true);
  assert.equal(isValid('cities', 'mashhad', 'tehran'), false);
  assert.equal(isValid('cities', 'nowhere', 'tehran'), false);
  assert.equal(isValid('provinces', '__proto__'), false);
});

test('titles by locale: English where the item has one, null for an unknown id', () => {
  assert.equal(title('provinces', 'khorasan-razavi', 'fa'), 'خراسان رضوی');
  assert.equal(title('provinces', 'khorasan-razavi', 'en'), 'Razavi Khorasan');
  assert.equal(title('industries', 'healthcare', 'fa'), 'درمان و سلامت');
  assert.equal(title('provinces', 'atlantis', 'fa'), null);
  assert.equal(title('provinces', null, 'fa'), null);
});

test('every list has unique well-formed ids and titles; every city names a province', () => {
  for (const name of CLOSED_LIST_NAMES) {
    const ids = closedList(name).map((item) => item.id);
    assert.ok(ids.length > 0, name);
    assert.equal(new Set(ids).size, ids.length, `${name}: ids are unique`);
    for (const item of closedList(name)) {
      assert.match(item.id, /^[a-z0-9]+(?:-[a-z0-9]+)*$/, `${name}/${item.id}`);
      assert.ok(item.title.length > 0 && (item.titleEn ?? 'x').length > 0, `${name}/${item.id}`);
      const parent = CLOSED_LIST_PARENT[name];
      if (parent) assert.ok(item.parent && isValid(parent, item.parent), `${name}/${item.id}: parent ${item.parent}`);
      else assert.equal(item.parent, undefined, `${name}/${item.id}`);
    }
  }
  assert.equal(isClosedListName('cities'), true);
  assert.equal(isClosedListName('universities'), false);
});

test("picker options in file order, a province's cities only when asked", () => {
  const options = closedListOptions('cities', 'en', 'tehran');
  assert.ok(options.length >= 3);
  assert.ok(options.every((option) => option.parent === 'tehran'));
  assert.deepEqual(options[0], { id: 'tehran', label: 'Tehran', parent: 'tehran' });
  assert.equal(closedListOptions('provinces', 'fa')[0]?.label, 'تهران');
});
