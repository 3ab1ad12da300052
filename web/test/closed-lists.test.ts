// The closed lists on the screens (docs/adr/023): ids shown by their titles in the page's
// language, values saved before the lists were enforced shown as typed, and links made while the
// company filters took typed text still finding the item.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listIdOf, listTitle, listTitles } from '../app/lib/closed-lists.ts';

test('an id is shown by its Persian or English title; a value naming no item as it was stored', () => {
  assert.equal(listTitle('provinces', 'khorasan-razavi', 'fa'), 'خراسان رضوی');
  assert.equal(listTitle('provinces', 'khorasan-razavi', 'en'), 'Razavi Khorasan');
  assert.equal(listTitle('militaryServiceStatuses', 'permanent-exemption', 'fa'), 'معافیت دائم');
  assert.equal(listTitle('degreeLevels', 'bachelor', 'en'), "Bachelor's degree");
  assert.equal(listTitle('degreeLevels', 'دوره کوتاه', 'fa'), 'دوره کوتاه');
  assert.equal(listTitle('cities', null, 'fa'), null);
  assert.equal(listTitle('cities', '', 'en'), null);
});

test('a card line joins the titles present, in order', () => {
  assert.equal(
    listTitles(
      [
        ['industries', 'healthcare'],
        ['provinces', 'tehran'],
        ['cities', 'tehran'],
      ],
      'fa',
    ),
    'درمان و سلامت · تهران · تهران',
  );
  assert.equal(
    listTitles(
      [
        ['industries', null],
        ['provinces', 'fars'],
        ['cities', 'shiraz'],
      ],
      'en',
    ),
    'Fars · Shiraz',
  );
  assert.equal(
    listTitles(
      [
        ['provinces', 'isfahan'],
        ['cities', 'kashan'],
      ],
      'fa',
      '، ',
    ),
    'اصفهان، کاشان',
  );
});

test('a query value: the id itself, or the item whose title it is; nothing for a value naming no item', () => {
  assert.equal(listIdOf('provinces', 'tehran'), 'tehran');
  assert.equal(listIdOf('provinces', ' خراسان رضوی '), 'khorasan-razavi');
  assert.equal(listIdOf('provinces', 'razavi khorasan'), 'khorasan-razavi');
  assert.equal(listIdOf('cities', 'مشهد'), 'mashhad');
  assert.equal(listIdOf('provinces', 'آتلانتیس'), null);
  assert.equal(listIdOf('industries', ''), null);
  assert.equal(listIdOf('industries', undefined), null);
});
