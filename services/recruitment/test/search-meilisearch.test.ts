// The Meilisearch adapter: its pure parts (settings, document mapping, filter and sort
// building) always; the search contract against a real server when MEILI_HOST is set.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  createMeilisearchSearch,
  documentOfMeiliPosting,
  meiliFilter,
  meiliPostingOf,
  meiliSettings,
  meiliSort,
  quoted,
} from '../src/adapters/meilisearch-search.ts';
import { searchDocumentOf } from '../src/domain/search/documents.ts';
import { searchQueryOf } from '../src/domain/search/search-query.ts';
import { P, searchContract } from './search-contract.ts';

const NOW = new Date('2026-11-20T08:00:00Z');

describe('the index settings', () => {
  const settings = meiliSettings();
  test('only the normalised copies are searched, title first', () => {
    assert.deepEqual(settings.searchableAttributes, ['title_text', 'search_text']);
  });
  test('every filter of the listing is filterable, the two sorts sortable', () => {
    for (const attribute of ['job_category', 'province', 'city', 'employment_type', 'work_type', 'shift_patterns']) {
      assert.ok(settings.filterableAttributes?.includes(attribute), attribute);
    }
    for (const attribute of ['facility_type', 'medical_specialty', 'experience_years', 'salary_high', 'salary_low']) {
      assert.ok(settings.filterableAttributes?.includes(attribute), attribute);
    }
    assert.deepEqual(settings.sortableAttributes, ['published_at_ms', 'salary_sort']);
    assert.equal(settings.rankingRules?.[0], 'sort', 'a chosen order comes before relevance');
  });
  test('Persian synonyms go both ways, compounds included', () => {
    assert.ok(settings.synonyms?.['پرستار']?.includes('نرس'));
    assert.ok(settings.synonyms?.['نرس']?.includes('پرستار'));
    assert.ok(settings.synonyms?.['دندانپزشک']?.includes('دندان پزشک'));
  });
  test('stop words and typo tolerance as the Postgres adapter applies them', () => {
    assert.ok(settings.stopWords?.includes('و'));
    assert.deepEqual(settings.typoTolerance, { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } });
  });
});

describe('documents', () => {
  test('a document survives the round trip through the index shape', () => {
    const document = searchDocumentOf(P.dentist);
    assert.deepEqual(documentOfMeiliPosting(meiliPostingOf(document)), document);
  });
  test('a hidden salary has no salary, no sort key and no range key', () => {
    const indexed = meiliPostingOf(searchDocumentOf(P.childDentist));
    assert.equal(indexed.min_salary, null);
    assert.equal(indexed.max_salary, null);
    assert.ok(!('salary_sort' in indexed) && !('salary_high' in indexed) && !('salary_low' in indexed));
  });
  test('a visible salary sorts on its maximum, else its minimum', () => {
    assert.equal(meiliPostingOf(searchDocumentOf(P.dentist)).salary_sort, 800_000_000);
    assert.equal(meiliPostingOf(searchDocumentOf(P.doctor)).salary_sort, 400_000_000);
  });
});

describe('filters and sorts', () => {
  test('values are quoted, with quotes and backslashes escaped', () => {
    assert.equal(quoted('tehran'), '"tehran"');
    assert.equal(quoted('a" OR id EXISTS OR "b'), '"a\\" OR id EXISTS OR \\"b"');
    assert.equal(quoted('x\\" OR 1'), '"x\\\\\\" OR 1"');
  });
  test('each filter becomes its expression', () => {
    const filters = searchQueryOf({
      jobCategories: ['nursing', 'medicine'],
      cities: ['tehran'],
      salaryFrom: 100n,
      salaryTo: 900n,
      maxExperienceYears: 2,
      shiftPatterns: ['night'],
      employerId: '11111111-1111-4111-8111-111111111111',
      featuredOnly: true,
    }).filters;
    assert.deepEqual(meiliFilter(filters, NOW), [
      `(closes_at_ms IS NULL OR closes_at_ms > ${NOW.getTime()})`,
      'job_category IN ["nursing", "medicine"]',
      'city IN ["tehran"]',
      'shift_patterns IN ["night"]',
      'salary_high >= 100',
      'salary_low <= 900',
      '(experience_years IS NULL OR experience_years <= 2)',
      'employer_id = "11111111-1111-4111-8111-111111111111"',
      `featured_until_ms > ${NOW.getTime()}`,
    ]);
  });
  test('text never reaches the filter', () => {
    const query = searchQueryOf({ text: 'city = "tehran" OR 1=1' });
    assert.deepEqual(meiliFilter(query.filters, NOW), [`(closes_at_ms IS NULL OR closes_at_ms > ${NOW.getTime()})`]);
    assert.equal(query.text.normalized, 'city tehran or 1 1');
  });
  test('sorts: newest, salary then newest, relevance by ranking (newest without text)', () => {
    const withText = searchQueryOf({ text: 'پرستار' });
    assert.deepEqual(meiliSort('newest', withText), ['published_at_ms:desc']);
    assert.deepEqual(meiliSort('salary', withText), ['salary_sort:desc', 'published_at_ms:desc']);
    assert.equal(meiliSort('relevance', withText), undefined);
    assert.deepEqual(meiliSort('relevance', searchQueryOf({})), ['published_at_ms:desc']);
  });
});

const host = process.env.MEILI_HOST;
if (host) {
  describe('the search contract on Meilisearch', () => {
    searchContract(async () => {
      const indexUid = `dk_test_postings_${randomUUID().slice(0, 8)}`;
      const index = await createMeilisearchSearch({ host, apiKey: process.env.MEILI_API_KEY, indexUid });
      return {
        index,
        async stop() {
          await fetch(new URL(`/indexes/${indexUid}`, host), {
            method: 'DELETE',
            headers: process.env.MEILI_API_KEY ? { Authorization: `Bearer ${process.env.MEILI_API_KEY}` } : {},
          });
        },
      };
    });
  });
} else {
  const reason = 'MEILI_HOST is not set: the search contract on Meilisearch needs a Meilisearch server';
  console.log(`# skipped: ${reason}`);
  test('the search contract on Meilisearch', { skip: reason }, () => {});
}
