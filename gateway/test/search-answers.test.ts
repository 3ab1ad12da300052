// The anonymous search answers the gateway keeps (../src/services/recruitment/search-answers.ts):
// identical queries share one service call while it is fresh, different ones do not, a failed
// search is asked again, and outside production nothing is kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { searchQuery } from '../src/services/recruitment/posting-schemas.ts';
import { createSearchAnswers, searchAnswerTtlMs } from '../src/services/recruitment/search-answers.ts';
import type { PageOfCards } from '../src/services/recruitment/client.ts';

const page = (total: number): PageOfCards => ({ items: [], page: { page: 1, pageSize: 20, total } }) as PageOfCards;

function counter() {
  let calls = 0;
  return {
    load: async () => page(++calls),
    get calls() {
      return calls;
    },
  };
}

test('identical queries share one answer until it is older than its time to live', async () => {
  let now = 1_000;
  const answers = createSearchAnswers(15_000, { now: () => now });
  const service = counter();
  const query = searchQuery.parse({ q: 'پرستار', province: 'tehran' });

  const [first, second] = await Promise.all([answers.get(query, service.load), answers.get(query, service.load)]);
  assert.equal(service.calls, 1, 'two identical searches at once ask the service once');
  assert.deepEqual(first, second);

  now += 14_000;
  assert.equal((await answers.get(searchQuery.parse({ q: 'پرستار', province: 'tehran' }), service.load)).page.total, 1);
  assert.equal(service.calls, 1);

  now += 2_000;
  assert.equal((await answers.get(query, service.load)).page.total, 2, 'after 15 s the service is asked again');
  assert.equal(service.calls, 2);
});

test('a different query or page is its own answer', async () => {
  const answers = createSearchAnswers(15_000);
  const service = counter();
  await answers.get(searchQuery.parse({ q: 'پرستار' }), service.load);
  await answers.get(searchQuery.parse({ q: 'پرستار', page: '2' }), service.load);
  await answers.get(searchQuery.parse({ q: 'ماما' }), service.load);
  assert.equal(service.calls, 3);
});

test('a failed search is not kept', async () => {
  const answers = createSearchAnswers(15_000);
  const query = searchQuery.parse({ q: 'پرستار' });
  await assert.rejects(answers.get(query, async () => Promise.reject(new Error('service down'))));
  assert.equal((await answers.get(query, async () => page(7))).page.total, 7);
});

test('only production keeps answers', async () => {
  assert.equal(searchAnswerTtlMs('production'), 15_000);
  assert.equal(searchAnswerTtlMs('test'), 0);
  assert.equal(searchAnswerTtlMs('development'), 0);
  const answers = createSearchAnswers(searchAnswerTtlMs('test'));
  const service = counter();
  const query = searchQuery.parse({ q: 'پرستار' });
  await answers.get(query, service.load);
  await answers.get(query, service.load);
  assert.equal(service.calls, 2);
});
