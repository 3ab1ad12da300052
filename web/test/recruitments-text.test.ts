// How a posting's figures read (lib/recruitments/text.ts): salary in toman or 'agreed', experience
// per spec §9, the publication date relative up to 21 days, the posting's address.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { translator } from '../app/i18n/index.ts';
import { pageWindow } from '../app/components/recruitments/Pagination.tsx';
import {
  experienceChoiceText,
  experienceText,
  pageCount,
  postingPath,
  publishedText,
  salaryText,
  timeText,
} from '../app/lib/recruitments/text.ts';

const fa = translator('fa');
const en = translator('en');

test('a salary range reads in toman (rials / 10) with Persian digits', () => {
  assert.equal(salaryText(150_000_000, 200_000_000, 'fa', fa), '۱۵٬۰۰۰٬۰۰۰ تا ۲۰٬۰۰۰٬۰۰۰ تومان');
  assert.equal(salaryText(150_000_000, 200_000_000, 'en', en), '15,000,000 to 20,000,000 toman');
});

test('one bound reads "from" or "up to"', () => {
  assert.equal(salaryText(150_000_000, null, 'fa', fa), 'از ۱۵٬۰۰۰٬۰۰۰ تومان');
  assert.equal(salaryText(null, 200_000_000, 'fa', fa), 'تا ۲۰٬۰۰۰٬۰۰۰ تومان');
});

test('a hidden or unstated salary is "agreed"', () => {
  assert.equal(salaryText(null, null, 'fa', fa), 'توافقی');
  assert.equal(salaryText(undefined, undefined, 'en', en), 'Negotiable');
  assert.equal(salaryText(0, 0, 'fa', fa), 'توافقی');
});

test("experience: 'no work history' for 0, n years otherwise, nothing when not stated", () => {
  assert.equal(experienceText(0, 'fa', fa), 'بدون سابقهٔ کار');
  assert.equal(experienceText(3, 'fa', fa), '۳ سال سابقه');
  assert.equal(experienceText(null, 'fa', fa), null);
  assert.equal(experienceChoiceText(0, 'en', en), 'No work history needed');
  assert.equal(experienceChoiceText(29, 'fa', fa), 'حداکثر ۲۹ سال');
});

test('published: today, yesterday, n days ago up to 21 days, then the full Jalali date', () => {
  const now = new Date('2025-06-10T08:00:00Z');
  assert.equal(publishedText('2025-06-10T01:00:00Z', 'fa', now), 'امروز');
  assert.equal(publishedText('2025-06-09T10:00:00Z', 'fa', now), 'دیروز');
  assert.equal(publishedText('2025-06-05T10:00:00Z', 'fa', now), '۵ روز پیش');
  assert.equal(publishedText('2025-05-20T10:00:00Z', 'fa', now), '۲۱ روز پیش');
  assert.equal(publishedText('2025-05-19T10:00:00Z', 'fa', now), '۲۹ اردیبهشت ۱۴۰۴');
  assert.equal(publishedText('2025-06-05T10:00:00Z', 'en', now), '5 days ago');
  assert.equal(publishedText(null, 'fa', now), null);
  assert.equal(publishedText('not a date', 'fa', now), null);
});

test('working hours read in the page digits', () => {
  assert.equal(timeText('07:30', 'fa'), '۰۷:۳۰');
  assert.equal(timeText('07:30', 'en'), '07:30');
});

test("a posting's address is its category, then its slug, each encoded", () => {
  assert.equal(
    postingPath({ slug: 'پرستار-icu-a1b2', jobCategory: 'nursing' }),
    `/applicants/recruitments/nursing/${encodeURIComponent('پرستار-icu-a1b2')}`,
  );
});

test('pagination shows the first, the last and two either side of the current page', () => {
  assert.deepEqual(pageWindow(1, 1), [1]);
  assert.deepEqual(pageWindow(1, 5), [1, 2, 3, null, 5]);
  assert.deepEqual(pageWindow(10, 20), [1, null, 8, 9, 10, 11, 12, null, 20]);
  assert.deepEqual(pageWindow(4, 6), [1, 2, 3, 4, 5, 6]);
});

test('pages: exact totals give their pages; past 1,000 the bound’s pages, and one more while a page is full', () => {
  const result = (page: number, total: number, items: number) => ({
    items: Array.from({ length: items }),
    page: { page, pageSize: 20, total },
  });
  assert.equal(pageCount(result(1, 0, 0)), 1);
  assert.equal(pageCount(result(1, 41, 20)), 3);
  assert.equal(pageCount(result(1, 1000, 20)), 50);
  assert.equal(pageCount(result(1, 1001, 20)), 50);
  assert.equal(pageCount(result(50, 1001, 20)), 51);
  assert.equal(pageCount(result(51, 1001, 20)), 52);
  assert.equal(pageCount(result(52, 1001, 7)), 52);
});
